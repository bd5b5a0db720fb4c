// A ticked email card in forced colours (Windows High Contrast): its picture was marked only by the
// border's colour and a shadow, and forced colours paint every border alike and drop shadows, so a
// ticked card looked like any other (only its small box said so). Its picture is now framed in the
// system's selection colour there; in normal colours nothing is drawn differently.
import type { Frame, Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { largestDifferenceAsync, REDRAWN_ALIKE } from './support/picture-difference';

const h = useHarness();

afterEach(async () => {
  await h.page.emulateMedia({ forcedColors: 'none' });
});

/** The first card's picture, its thumbnail loaded. */
async function firstPictureAsync(ui: Frame): Promise<Locator> {
  const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first();
  const picture = card.locator('.email-thumb');
  await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return picture;
}

/** The picture's right-hand part, below its tick box (which shows the tick itself). */
async function pictureEdgeAsync(picture: Locator): Promise<Buffer> {
  const box = (await picture.boundingBox())!;
  return h.page.screenshot({ clip: { x: box.x + box.width / 2, y: box.y + 40, width: box.width / 2, height: box.height - 40 }, animations: 'disabled' });
}

/**
 * The picture's edge once two looks in a row agree: after the tick, the selection's bar and the
 * focus still settle for a moment, and a look taken meanwhile differed from the next by more than a redraw.
 */
async function settledEdgeAsync(ui: Frame, picture: Locator): Promise<Buffer> {
  let last = await pictureEdgeAsync(picture);
  for (let look = 0; look < 20; look += 1) {
    await h.page.waitForTimeout(100);
    const next = await pictureEdgeAsync(picture);
    if ((await largestDifferenceAsync(ui, [next, last])) <= REDRAWN_ALIKE) return next;
    last = next;
  }
  return last;
}

/** Ticks the first card by the keyboard (the pointer would hover the card). */
async function tickFirstAsync(ui: Frame): Promise<void> {
  const tick = ui.getByRole('checkbox', { name: /^Select / }).first();
  await tick.focus();
  await h.page.keyboard.press('Space');
  await expect.poll(() => tick.isChecked()).toBe(true);
}

describe.each(['light', 'dark'] as const)('a ticked card, %s', (theme) => {
  it('is marked in forced colours: its picture is drawn otherwise than before the tick', async () => {
    const ui = await openBrowseAsync(h, theme);
    await h.page.emulateMedia({ forcedColors: 'active', colorScheme: theme });
    const picture = await firstPictureAsync(ui);
    const before = await pictureEdgeAsync(picture);
    await tickFirstAsync(ui);
    expect(await largestDifferenceAsync(ui, [await pictureEdgeAsync(picture), before])).toBeGreaterThan(REDRAWN_ALIKE);
  });

  it('looks in normal colours as it did: the forced colours’ frame draws nothing there', async () => {
    const ui = await openBrowseAsync(h, theme);
    const picture = await firstPictureAsync(ui);
    await tickFirstAsync(ui);
    const drawn = await settledEdgeAsync(ui, picture);
    await ui.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '.email-thumb { outline: none !important; }';
      document.head.append(style);
    });
    expect(await largestDifferenceAsync(ui, [await pictureEdgeAsync(picture), drawn])).toBeLessThanOrEqual(REDRAWN_ALIKE);
  });
});
