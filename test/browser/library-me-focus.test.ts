// Me: where the keyboard goes after a Try again, whatever order the window's paints and the
// library's answers come in. The window's clock is stopped where a busy or hidden window's would
// be, and the answers are held and let go one by one, so each order is played every time.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseWithClockAsync, unavailableAnswer } from './support/browse-steps';
import { stopWindowClockAsync } from './support/clocked-window';

const h = useHarness();

/** Holds the page's requests to `pathname` until the test answers them, one at a time. */
async function holdAsync(page: Page, pathname: string): Promise<{ nextAsync: () => Promise<Route>; releaseAsync: () => Promise<void> }> {
  const waiting: Route[] = [];
  let released = false;
  let arrived = () => undefined as void;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (released) return route.continue();
      waiting.push(route);
      arrived();
    },
  );
  return {
    async nextAsync() {
      while (waiting.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      return waiting.shift()!;
    },
    // What is still held, and what comes after, goes to the library.
    async releaseAsync() {
      released = true;
      for (const route of waiting.splice(0)) await route.continue();
    },
  };
}

describe('Me: a Try again that works', () => {
  it('goes on at the first followed brand also when the window had not drawn the last failure yet as it was pressed', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const follows = await holdAsync(page, '/v1/me/follows');
      const emails = await holdAsync(page, '/v1/me/follows/emails');
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      const me = ui.getByRole('region', { name: 'Me' });
      // The newest emails fail first: their notice comes under them.
      await (await emails.nextAsync()).fulfill(unavailableAnswer);
      await me.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 10_000 });
      // The window's clock stands still from here, as a busy or hidden window's can: what it
      // draws next, it has not yet finished with (its effects wait for the paint) when the
      // person presses Try again.
      await stopWindowClockAsync(context, ui);
      // The followed brands fail too: one notice for both, now under them.
      await (await follows.nextAsync()).fulfill(unavailableAnswer);
      // Under the followed brands (before the newest emails' heading): they drew no list, none being there.
      const retry = me.locator('[data-testid="library-problem"]:has(~ h3)').getByRole('button', { name: 'Try again' });
      await retry.waitFor({ timeout: 10_000 });
      await retry.focus();
      await page.keyboard.press('Enter');
      await follows.releaseAsync();
      await emails.releaseAsync();
      await context.clock.resume();
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('row 0 of Followed brands');
    } finally {
      await context.close();
    }
  });
});
