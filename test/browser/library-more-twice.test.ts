// More pressed twice before the window had drawn its first press: the list asks for the next page
// once, not for the page after it, so no page is skipped. The window's clock is stopped where a
// busy or hidden window's would be, and the first page's answer is held, so the order is played
// every time.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';
import { openBrowseWithClockAsync } from './support/browse-steps';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** The emulator has a dozen journeys: read seven at a time, so the second page is the last. */
const PAGE = 7;

describe('Journeys: More pressed twice in a busy window', () => {
  it('brings every journey, skipping no page', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const held: Route[] = [];
      let arrived = () => undefined as void;
      const asked: string[] = [];
      await page.route(
        (url) => url.pathname === '/v1/journeys',
        async (route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('per_page', String(PAGE));
          asked.push(url.searchParams.get('page') ?? '1');
          if (url.searchParams.get('page') !== null && url.searchParams.get('page') !== '1') return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
          held.push(route);
          arrived();
        },
      );
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      while (held.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      // The window's clock stands still from here: nothing it draws runs its effects (they wait
      // for the paint) until the test lets it go on.
      await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await context.clock.pauseAt(await ui.evaluate(() => Date.now() + 1_000));
      const first = held.shift()!;
      const url = new URL(first.request().url());
      url.searchParams.set('per_page', String(PAGE));
      await first.fulfill({ response: await first.fetch({ url: url.toString() }) });
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      const rows = journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('listitem');
      const more = journeys.getByRole('button', { name: 'More', exact: true });
      await more.waitFor({ timeout: 10_000 });
      expect(await rows.count()).toBe(PAGE);
      await more.focus();
      // A second press before the window has drawn the first: the button is already busy.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await context.clock.resume();
      await more.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await rows.count()).toBe(12);
      expect(asked).toEqual(['1', '2']);
    } finally {
      await context.close();
    }
  });
});
