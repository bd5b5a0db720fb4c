// An email's screenshot lost with the connection: shown once the connection is back, as the grid's
// thumbnails are, instead of saying for good that it could not be shown.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

describe('Browse: an email’s screenshot lost with the connection', () => {
  it('loads once the connection is back', async () => {
    const screenshots = (url: URL) => url.pathname.endsWith('/preview.png');
    const stopAsync = await addRouteAsync(h.page, screenshots, (route: Route) => route.abort('internetdisconnected'));
    const ui = await openBrowseAsync(h);
    try {
      const card = ui.getByRole('list', { name: 'Emails' }).getByRole('button').first();
      await card.click();
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe('The library’s screenshot of this email could not be shown.');
    } finally {
      await stopAsync();
    }
    // The browser says it is online again. Offline first, as the window sees it: toggled at once, a
    // loaded machine could pass the window no change at all, so no "online" (failed once in CI).
    await h.context.setOffline(true);
    await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
    await h.context.setOffline(false);
    const screenshot = ui.locator('img.email-screenshot');
    await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0, undefined, { timeout: 250 }).catch(() => false), { timeout: 30_000 }).toBe(true);
    expect(await ui.getByTestId('screenshot-problem').count()).toBe(0);
  });
});
