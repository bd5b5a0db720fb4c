// More, pressed from the keyboard, whatever order the window's paints and the library's answers
// come in: when the page it brings is the last, More goes and the keyboard goes on at the first
// row that page added. The window's clock is stopped where a busy or hidden window's would be, and
// the first page's answer is held, so the order is played every time.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseWithClockAsync } from './support/browse-steps';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** The emulator has a dozen journeys: read seven at a time, so the second page is the last. */
const PAGE = 7;

describe('Journeys: More from the keyboard, bringing the last page', () => {
  it('goes on at the first journey it brought also when the window had not finished drawing the first page as More was pressed', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      // Journeys' pages are shortened; the first is held until the test lets it go.
      const held: Route[] = [];
      let arrived = () => undefined as void;
      await page.route(
        (url) => url.pathname === '/v1/journeys',
        async (route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('per_page', String(PAGE));
          if (url.searchParams.get('page') === '2') return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
          held.push(route);
          arrived();
        },
      );
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      while (held.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      // The window's clock stands still from here, as a busy or hidden window's can: the first
      // page it draws next, it has not yet finished with (its effects wait for the paint) when
      // the person presses More.
      await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await context.clock.pauseAt(await ui.evaluate(() => Date.now() + 1_000));
      const first = held.shift()!;
      const url = new URL(first.request().url());
      url.searchParams.set('per_page', String(PAGE));
      await first.fulfill({ response: await first.fetch({ url: url.toString() }) });
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      const more = journeys.getByRole('button', { name: 'More', exact: true });
      await more.waitFor({ timeout: 10_000 });
      expect(await journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('listitem').count()).toBe(PAGE);
      await more.focus();
      await page.keyboard.press('Enter');
      await context.clock.resume();
      // The last page came: More went with it.
      await more.waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe(`row ${PAGE} of Brands with a journey`);
    } finally {
      await context.close();
    }
  });
});
