// A brand's page, a journey and a collection take the keyboard as they are drawn, and Back (from a
// journey or a collection) gives it to the row again as the list is drawn, the window's clock standing still
// from the press (a busy or hidden window): left to the effects after the paint, the focus sat on the page meanwhile (read
// out as the page by a screen reader), and a key pressed then was lost.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseWithClockAsync, refusedAnswer, sectionButton } from './support/browse-steps';
import { stopWindowClockAsync } from './support/clocked-window';
import { holdRequestsAsync } from './support/hold-requests';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

/** Presses Enter on `control`, as the keyboard does: it takes the focus, then the key. */
async function pressEnterAsync(ui: Frame, control: Locator): Promise<void> {
  await control.focus();
  await ui.page().keyboard.press('Enter');
}

/** Opens All journeys (the Journeys section) and gives its row `index` once the list shows it. */
async function journeyRowAsync(ui: Frame, index: number): Promise<Locator> {
  await sectionButton(ui, 'Journeys').click();
  const row = ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').nth(index);
  await row.waitFor({ timeout: 15_000 });
  return row;
}

/** Presses Enter on `row` by the keyboard, the library's answers to `held` kept until the window's clock stands still, then let go. */
async function openHeldAsync(ui: Frame, row: Locator, held: (url: URL) => boolean): Promise<void> {
  const page = ui.page();
  const hold = await holdRequestsAsync(page, h.emulator.libraryUrl, held);
  await pressEnterAsync(ui, row);
  await expect.poll(() => hold.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await stopWindowClockAsync(page.context(), ui);
  await hold.releaseAsync();
}

/** One journey's request (not the list of them). */
const journeyRoute = (url: URL) => url.pathname.startsWith('/v1/journeys/');

describe('Browse, the window’s clock standing still as the screen changes', () => {
  it('gives a brand’s page’s heading the keyboard as the brand first shows: it was on the page until the next paint', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      await sectionButton(ui, 'Brands').click();
      const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').nth(2);
      await row.waitFor({ timeout: 15_000 });
      // The insights come after the brand: their own drawing would run the brand's late effects first.
      const insights = await holdRequestsAsync(page, h.emulator.libraryUrl, (url) => url.pathname.endsWith('/insights'));
      await openHeldAsync(ui, row, (url) => url.pathname.startsWith('/v1/brands/') && !url.pathname.endsWith('/insights'));
      const heading = ui.getByRole('heading', { level: 2 });
      await heading.waitFor({ timeout: 10_000 });
      expect(await focusedPlaceAsync(ui)).toBe(`H2 ${(await heading.textContent()) ?? ''}`);
      await insights.releaseAsync();
    } finally {
      await context.close();
    }
  });

  it('gives a journey’s heading the keyboard as the journey first shows: it was on the page until the next paint', async () => {
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      await openHeldAsync(ui, await journeyRowAsync(ui, 1), journeyRoute);
      const heading = ui.getByRole('heading', { level: 2, name: /: journey$/ });
      await heading.waitFor({ timeout: 10_000 });
      expect(await focusedPlaceAsync(ui)).toBe(`H2 ${(await heading.textContent()) ?? ''}`);
    } finally {
      await context.close();
    }
  });

  it('leaves a journey’s heading alone as a Try again brings the journey: the Try again’s own focus goes on at the first stage’s email', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const row = await journeyRowAsync(ui, 0);
      const stopRefusing = await addRouteAsync(page, journeyRoute, (route) => route.fulfill(refusedAnswer));
      try {
        await pressEnterAsync(ui, row);
        await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('BUTTON Try again');
      } finally {
        await stopRefusing();
      }
      await openHeldAsync(ui, ui.getByRole('button', { name: 'Try again' }), journeyRoute);
      await ui.getByRole('heading', { level: 2, name: /: journey$/ }).waitFor({ timeout: 10_000 });
      // The Try again's own move waits for the paint: the heading did not take the keyboard meanwhile.
      expect(await focusedPlaceAsync(ui)).toBe('the page');
      await context.clock.resume();
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toMatch(/^row 0 of .+ emails$/);
    } finally {
      await context.close();
    }
  });

  it('gives a journey’s row the keyboard as All journeys shows again', async () => {
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      await pressEnterAsync(ui, await journeyRowAsync(ui, 1));
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toMatch(/^H2 .+: journey$/);
      await stopWindowClockAsync(context, ui);
      await pressEnterAsync(ui, ui.getByRole('navigation', { name: 'Journey' }).getByRole('button', { name: '← All journeys' }));
      expect(await focusedPlaceAsync(ui)).toBe('row 1 of Brands with a journey');
    } finally {
      await context.close();
    }
  });

  it('gives a collection’s heading the keyboard as it opens, and its row as All collections shows again', async () => {
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      await sectionButton(ui, 'Me').click();
      const me = ui.getByRole('region', { name: 'Me' });
      await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
      const row = me.getByRole('list', { name: 'Collections' }).getByRole('button').first();
      await row.waitFor({ timeout: 15_000 });
      const name = (await row.locator('.brand-row-name').textContent()) ?? '';
      await stopWindowClockAsync(context, ui);
      await pressEnterAsync(ui, row);
      expect(await focusedPlaceAsync(ui)).toBe(`H3 ${name}`);
      await pressEnterAsync(ui, me.getByRole('navigation', { name: 'Collection' }).getByRole('button', { name: '← All collections' }));
      expect(await focusedPlaceAsync(ui)).toBe('row 0 of Collections');
    } finally {
      await context.close();
    }
  });
});
