// Steps shared by the Browse tests: a window whose clock a test can stop, and where the keyboard is.
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { evaluateHooks, type Harness, VIEWPORT } from './playground-harness';

/**
 * Browse with the demo key in a browser of its own whose clock the test can stop or move
 * (`context.clock`): the demo document, empty storage, the emulator's seed. Close the context after.
 */
export async function openBrowseWithClockAsync(h: Pick<Harness, 'browser' | 'playground'>): Promise<{ context: BrowserContext; page: Page; ui: Frame }> {
  const context = await h.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.clock.install();
  const page = await context.newPage();
  await page.goto(`${h.playground.url}?command=browse&theme=light&demo-keys=1`);
  await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
  await evaluateHooks(page, (hooks) => hooks.reset());
  await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached' });
  const ui = (await (await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' })).contentFrame())!;
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return { context, page, ui };
}

/** Where the keyboard is: "row 2 of Top brands" (the list's label), an element by its text, or "the page". */
export function focusedPlaceAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    const row = active.closest('li');
    const list = row?.parentElement;
    if (row && list && active === row.querySelector('button, a[href]')) return `row ${Array.prototype.indexOf.call(list.children, row)} of ${list.getAttribute('aria-label') ?? ''}`;
    return `${active.tagName} ${active.textContent ?? ''}`;
  });
}
