// Me: where the keyboard goes after a Try again, whatever order the window's paints and the
// library's answers come in. The window's clock is stopped where a busy or hidden window's would
// be, and the answers are held and let go one by one, so each order is played every time.
import type { BrowserContext, Frame, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateHooks, startHarnessAsync, VIEWPORT, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** Browse with the demo key in a browser whose clock the test can stop (`context.clock`). Close the context after. */
async function openBrowseWithClockAsync(): Promise<{ context: BrowserContext; page: Page; ui: Frame }> {
  const context = await h.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.clock.install();
  const page = await context.newPage();
  await page.goto(`${h.playground.url}?command=browse&theme=light&demo-keys=1`);
  await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
  // The demo document, empty storage, the emulator's seed.
  await evaluateHooks(page, (hooks) => hooks.reset());
  await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached' });
  const ui = (await (await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' })).contentFrame())!;
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return { context, page, ui };
}

/** Where the keyboard is: "row 0 of Followed brands" (the list's label), an element by its text, or "the page". */
function focusedPlaceAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    const row = active.closest('li');
    const list = row?.parentElement;
    if (row && list && active === row.querySelector('button, a[href]')) return `row ${Array.prototype.indexOf.call(list.children, row)} of ${list.getAttribute('aria-label') ?? ''}`;
    return `${active.tagName} ${active.textContent ?? ''}`;
  });
}

const unavailable = { status: 503, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'unavailable', message: 'Not now' } }) };

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
    const { context, page, ui } = await openBrowseWithClockAsync();
    try {
      const follows = await holdAsync(page, '/v1/me/follows');
      const emails = await holdAsync(page, '/v1/me/follows/emails');
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      const me = ui.getByRole('region', { name: 'Me' });
      // The newest emails fail first: their notice comes under them.
      await (await emails.nextAsync()).fulfill(unavailable);
      await me.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 10_000 });
      // The window's clock stands still from here, as a busy or hidden window's can: what it
      // draws next, it has not yet finished with (its effects wait for the paint) when the
      // person presses Try again.
      await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await context.clock.pauseAt(await ui.evaluate(() => Date.now() + 1_000));
      // The followed brands fail too: one notice for both, now under them.
      await (await follows.nextAsync()).fulfill(unavailable);
      const retry = me.getByRole('list', { name: 'Followed brands' }).locator('+ [data-testid="library-problem"]').getByRole('button', { name: 'Try again' });
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
