// An email's screenshot that is really missing, failing soon after the connection came back: asked
// for again a few times (it may be the connection still settling). Each ask used to show the image
// again, a blank box until it failed, so the words came and went for some 7 seconds.
import type { BrowserContext, Frame, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

const screenshots = (url: URL) => url.pathname.endsWith('/preview.png');
const SCREENSHOT_PROBLEM = 'The library’s screenshot of this email could not be shown.';

/** The browser offline, then online again (offline first, as the window sees it, so it hears "online"). */
async function connectionLostAndBackAsync(context: BrowserContext, ui: Frame): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
  await context.setOffline(false);
  await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(true);
}

/** Counts, in the window, each time the words saying the screenshot could not be shown are taken away. */
async function watchWordsTakenAwayAsync(ui: Frame): Promise<() => Promise<number>> {
  await ui.evaluate(() => {
    const seen = { count: 0 };
    (window as unknown as { wordsTakenAway: typeof seen }).wordsTakenAway = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('[data-testid="screenshot-problem"]') || node.querySelector('[data-testid="screenshot-problem"]') !== null)) seen.count += 1;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => ui.evaluate(() => (window as unknown as { wordsTakenAway: { count: number } }).wordsTakenAway.count);
}

describe('Browse: an email’s screenshot really missing, soon after the connection came back', () => {
  it('keeps saying it could not be shown while it asks for it again', async () => {
    const ui = await openBrowseAsync(h);
    let asked = 0;
    const stopAsync = await addRouteAsync(h.page, screenshots, (route: Route) => {
      asked += 1;
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    try {
      await connectionLostAndBackAsync(h.context, ui);
      const takenAwayAsync = await watchWordsTakenAwayAsync(ui);
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
      // Asked for again, and failed again (the next ask waits longer).
      await expect.poll(() => asked, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
      expect(await ui.locator('img.email-screenshot').count()).toBe(0);
      expect(await takenAwayAsync()).toBe(0);
    } finally {
      await stopAsync();
    }
  });
});
