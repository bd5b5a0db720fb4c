// An email's screenshot lost with the connection: shown once the connection is back, as the grid's
// thumbnails are, instead of saying for good that it could not be shown.
import type { BrowserContext, Frame, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync, openBrowseWithClockAsync } from './support/browse-steps';
import { stopWindowClockAsync } from './support/clocked-window';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

const screenshots = (url: URL) => url.pathname.endsWith('/preview.png');
const SCREENSHOT_PROBLEM = 'The library’s screenshot of this email could not be shown.';

/** Holds every screenshot asked for until the test fails it (`held`, in order); `stopAsync` lets the later ones through. */
async function holdScreenshotsAsync(page: Page): Promise<{ held: Route[]; stopAsync: () => Promise<void> }> {
  const held: Route[] = [];
  return { held, stopAsync: await addRouteAsync(page, screenshots, (route: Route) => void held.push(route)) };
}

/** The newest email opened, its screenshot asked for and held. */
async function openFirstEmailAsync(ui: Frame, held: Route[]): Promise<void> {
  await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
  await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
}

/** The held screenshot fails as with no connection. */
async function failHeldAsync(held: Route[], index: number): Promise<void> {
  await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(index);
  await held[index]!.abort('internetdisconnected');
}

/**
 * The browser offline, then online again. Offline first, as the window sees it: toggled at once, a
 * loaded machine could pass the window no change at all, so no "online" (failed once in CI).
 */
async function connectionLostAndBackAsync(context: BrowserContext, ui: Frame): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
  await context.setOffline(false);
  await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(true);
}

/** True once the email's screenshot is drawn (not the words that it could not be shown). */
function screenshotShownAsync(ui: Frame): Promise<boolean> {
  return ui
    .locator('img.email-screenshot')
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0, undefined, { timeout: 250 })
    .catch(() => false);
}

async function expectScreenshotShownAsync(ui: Frame): Promise<void> {
  await expect.poll(() => screenshotShownAsync(ui), { timeout: 30_000 }).toBe(true);
  expect(await ui.getByTestId('screenshot-problem').count()).toBe(0);
}

describe('Browse: an email’s screenshot lost with the connection', () => {
  it('loads once the connection is back', async () => {
    const stopAsync = await addRouteAsync(h.page, screenshots, (route: Route) => route.abort('internetdisconnected'));
    const ui = await openBrowseAsync(h);
    try {
      const card = ui.getByRole('list', { name: 'Emails' }).getByRole('button').first();
      await card.click();
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
    } finally {
      await stopAsync();
    }
    await connectionLostAndBackAsync(h.context, ui);
    await expectScreenshotShownAsync(ui);
  });

  // The window listened for the connection only from the paint after it drew the failure: back
  // meanwhile (a busy window's paint comes late), the screenshot was never asked for again. The
  // cause of this file's first test failing about 1 run in 15.
  it('loads once the connection is back, back before the window painted the failure (its clock standing still)', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const { held, stopAsync } = await holdScreenshotsAsync(page);
      try {
        await openFirstEmailAsync(ui, held);
        await stopWindowClockAsync(context, ui);
        await failHeldAsync(held, 0);
        await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
      } finally {
        await stopAsync();
      }
      await connectionLostAndBackAsync(context, ui);
      await context.clock.resume();
      await expectScreenshotShownAsync(ui);
    } finally {
      await context.close();
    }
  });

  // A screenshot on its way as the connection dropped, failing only once the browser says it is back.
  it('loads once the connection is back, the screenshot failing only after it came back', async () => {
    const ui = await openBrowseAsync(h);
    const { held, stopAsync } = await holdScreenshotsAsync(h.page);
    try {
      await openFirstEmailAsync(ui, held);
      await connectionLostAndBackAsync(h.context, ui);
      await failHeldAsync(held, 0);
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
    } finally {
      await stopAsync();
    }
    await expectScreenshotShownAsync(ui);
  });

  // The browser says it is online a moment before requests get through (the network still settling):
  // the first ask once back fails too.
  it('loads once the connection is back, the first ask once back failing too', async () => {
    const ui = await openBrowseAsync(h);
    const { held, stopAsync } = await holdScreenshotsAsync(h.page);
    try {
      await openFirstEmailAsync(ui, held);
      await failHeldAsync(held, 0);
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe(SCREENSHOT_PROBLEM);
      await connectionLostAndBackAsync(h.context, ui);
      await failHeldAsync(held, 1);
    } finally {
      await stopAsync();
    }
    await expectScreenshotShownAsync(ui);
  });
});
