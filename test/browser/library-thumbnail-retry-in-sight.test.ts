// Browse: a thumbnail lost with the connection is asked for again once it is back, but only for a
// card on screen. The first row scrolled out of sight (still drawn, just above the grid's box) was
// asked for in the background all the same: a request for a picture nobody was shown, which the
// library counts. It is asked for when the row comes back into sight.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowseAsync, wheelGridAsync } from './support/browse-steps';
import { emailIdOf, markImageRequestsAsync } from './support/emulator-image-requests';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';

const h = useHarness();

const card = (ui: Frame, index: number): Locator => ui.getByRole('list', { name: 'Emails' }).locator(`button[data-index="${index}"]`);
const loaded = (thumb: Locator): Promise<boolean> =>
  thumb
    .locator('img')
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0, undefined, { timeout: 250 })
    .catch(() => false);

/** Browse opened while thumbnails are lost with the connection: the first card says so. */
async function openBrowseThumbnailsLostAsync(): Promise<Frame> {
  const stopThumbnailsAsync = await addRouteAsync(h.page, (url) => url.pathname.endsWith('/thumbnail.png'), (route) => route.abort('internetdisconnected'));
  try {
    const ui = await openBrowseAsync(h);
    await expect.poll(() => textOf(card(ui, 0).locator('.email-thumb')), { timeout: 10_000 }).toBe('Thumbnail did not load');
    return ui;
  } finally {
    await stopThumbnailsAsync();
  }
}

/** The connection lost, heard by the window, and back. */
async function connectionLostAndBackAsync(ui: Frame): Promise<void> {
  await h.context.setOffline(true);
  await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
  await h.context.setOffline(false);
}

describe('Browse: thumbnails lost with the connection, the first row scrolled away', () => {
  it('asks again only for the cards on screen, and for the first row once it is back in sight', async () => {
    const ui = await openBrowseThumbnailsLostAsync();
    const columns = await ui.evaluate(() => getComputedStyle(document.querySelector('.email-grid')!).gridTemplateColumns.split(' ').length);
    const firstThumb = card(ui, 0).locator('.email-thumb');
    const nextRowThumb = card(ui, columns).locator('.email-thumb');
    await expect.poll(() => textOf(nextRowThumb), { timeout: 10_000 }).toBe('Thumbnail did not load');
    const firstId = Number(await card(ui, 0).getAttribute('data-result-id'));

    // The first row's picture scrolled just out of the grid's box; the row is still drawn.
    const thumbHeight = Math.ceil((await firstThumb.boundingBox())!.height);
    await wheelGridAsync(h.page, ui, thumbHeight + 8);
    const [thumbBottom, gridTop] = await ui.evaluate(() => [
      document.querySelector('button[data-index="0"] .email-thumb')!.getBoundingClientRect().bottom,
      document.querySelector('[data-testid="email-grid"]')!.getBoundingClientRect().top,
    ]);
    expect(thumbBottom).toBeLessThanOrEqual(gridTop);

    // Back online: the second row, on screen, loads its thumbnails.
    const mark = await markImageRequestsAsync(h.emulator);
    await connectionLostAndBackAsync(ui);
    await expect.poll(() => loaded(nextRowThumb), { timeout: 10_000 }).toBe(true);
    const thumbnailsOf = async (id: number) => (await mark.sinceAsync()).filter((request) => request.kind === 'thumbnail' && emailIdOf(request) === id).length;
    expect(await thumbnailsOf(firstId), 'the first card’s thumbnail, out of sight').toBe(0);
    expect(await textOf(firstThumb)).toBe('Thumbnail did not load');

    // Scrolled back: the first card's thumbnail is asked for, and shows.
    await wheelGridAsync(h.page, ui, -(thumbHeight + 8));
    await expect.poll(() => loaded(firstThumb), { timeout: 10_000 }).toBe(true);
    expect(await thumbnailsOf(firstId)).toBeGreaterThan(0);
  });

  it('asks nothing for the grid while Me covers it, and asks once Emails shows again', async () => {
    const ui = await openBrowseThumbnailsLostAsync();
    const firstThumb = card(ui, 0).locator('.email-thumb');
    const firstId = Number(await card(ui, 0).getAttribute('data-result-id'));
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('region', { name: 'Me' }).waitFor();

    // Back online behind Me: the grid's thumbnails wait (given time they would take to be asked for).
    const mark = await markImageRequestsAsync(h.emulator);
    await connectionLostAndBackAsync(ui);
    await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(true);
    await ui.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    const thumbnails = async () => (await mark.sinceAsync()).filter((request) => request.kind === 'thumbnail').length;
    expect(await thumbnails(), 'thumbnails behind Me').toBe(0);

    // Emails again: the first card's thumbnail is asked for, and shows.
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await expect.poll(() => loaded(firstThumb), { timeout: 10_000 }).toBe(true);
    expect((await mark.sinceAsync()).filter((request) => request.kind === 'thumbnail' && emailIdOf(request) === firstId).length).toBeGreaterThan(0);
  });
});
