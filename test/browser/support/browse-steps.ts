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

/** A pattern matching text that starts with `text`, as written. */
export const startingWith = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** What has the keyboard, and whether it shows in the window and is what is drawn at its centre. */
export const focusSeen = (ui: Frame): Promise<string> =>
  ui.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return 'the page';
    const box = element.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
    const seen = box.top >= 0 && box.top < window.innerHeight && box.bottom > 0 && (element.contains(atCentre) || atCentre?.contains(element));
    return `${element.tagName} ${element.textContent?.trim().slice(0, 40) ?? ''}: ${seen ? 'in view' : `out of view (top ${Math.round(box.top)} of ${window.innerHeight})`}`;
  });

/** Which row of the list `label` has the keyboard (-1: none of them). */
export const focusedRow = (ui: Frame, label: string): Promise<number> =>
  ui.evaluate((name) => {
    const list = document.querySelector(`ul[aria-label="${name}"]`);
    const row = document.activeElement?.closest('li');
    return list && row && row.parentElement === list ? Array.from(list.children).indexOf(row) : -1;
  }, label);
