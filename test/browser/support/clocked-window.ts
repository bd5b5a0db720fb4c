// The playground in a browser context of its own whose clock a test can stop or move, so an order
// of the window's paints and the services' answers is played the same every time.
import type { BrowserContext, Clock, Frame, Page } from 'playwright-core';
import { evaluateHooks, type Harness, VIEWPORT } from './playground-harness';

/**
 * The playground at `query` (`?command=…`) in a context of its own with its clock installed
 * (`context.clock`), then reset: the demo document, empty storage, the emulator's seed. Close the
 * context after (it is closed here if opening fails).
 */
export async function openPlaygroundWithClockAsync(h: Pick<Harness, 'browser' | 'playground'>, query: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${h.playground.url}${query}`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
    await evaluateHooks(page, (hooks) => hooks.reset());
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached' });
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The plugin's window in `page` (a new one each time the plugin runs again). */
export async function pluginWindowAsync(page: Page): Promise<Frame> {
  return (await (await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' })).contentFrame())!;
}

/**
 * Stops the window's clock once it has painted, as a busy or hidden window's can stand: what it
 * draws from here does not finish (its effects wait for the paint) until `context.clock.resume()`.
 */
export async function stopWindowClockAsync(context: BrowserContext, ui: Frame): Promise<void> {
  await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await pauseClockAtAsync(context.clock, secondAheadAsync(ui));
}

/**
 * Stops `clock` at `time`. Playwright pauses the clock before it moves it there, so a call that
 * fails ("Cannot fast-forward to the past") would leave it paused for the tests after: it is let
 * run again first.
 */
export async function pauseClockAtAsync(clock: Clock, time: number | Promise<number>): Promise<void> {
  try {
    await clock.pauseAt(await time);
  } catch (error) {
    await clock.resume().catch(() => undefined);
    throw error;
  }
}

/**
 * A second past the time in `frame`'s window: a moment to stop its clock at that a loaded machine
 * has not passed by the time it is asked (with 50 ms one had).
 */
export function secondAheadAsync(frame: Frame | Page): Promise<number> {
  return frame.evaluate(() => Date.now() + 1_000);
}
