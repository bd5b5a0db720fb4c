// Steps shared by the Browse tests: opening Browse, the wheel over the grid, a brand's page, Journeys' first page in a window
// whose clock is stopped, and where the keyboard is.
import type { BrowserContext, Frame, Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { parseEmulatorState } from '../../playground/page/emulator-link';
import { openPlaygroundWithClockAsync, pluginWindowAsync, stopWindowClockAsync } from './clocked-window';
import { readLibraryAsync } from './library-read';
import { addRouteAsync } from './own-route';
import { evaluateHooks, type Harness } from './playground-harness';
import { smallestWindowAsync } from './window-steps';

/** The library's answer while it is down for a moment (503 unavailable), for a route to fulfil. */
export const unavailableAnswer = {
  status: 503,
  headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
  body: JSON.stringify({ error: { code: 'unavailable', message: 'Not now' } }),
};

/**
 * The library refusing a request outright (400, in its own words): the client does not ask again,
 * so the notice comes at once, not after seconds of retries in real time as a 503's does.
 */
export const refusedAnswer = {
  status: 400,
  headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
  body: JSON.stringify({ error: { code: 'bad_request', message: 'Not now' } }),
};

/** The library's search, for a route. */
export const searchRoute = (url: URL): boolean => url.pathname === '/v1/emails';

/**
 * The search read `perPage` at a time, its second page refused outright (the client does not ask again)
 * until `failing` is false. Take it off with `stopAsync` after: it removes this route only (see
 * own-route.ts; `unroute(searchRoute)` from a test ending late let the next one's first page go
 * unrouted: 50 results, 12 cards drawn, not 5).
 */
export async function refuseSecondSearchPageAsync(page: Page, perPage: number): Promise<{ failing: boolean; stopAsync: () => Promise<void> }> {
  const state = { failing: true };
  async function refuse(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    url.searchParams.set('per_page', String(perPage));
    // A request the page gave up on meanwhile (a reload, the route taken off) is handled already: nothing to do.
    if (state.failing && url.searchParams.get('page') === '2') return route.fulfill(refusedAnswer).catch(() => undefined);
    return route.fetch({ url: url.toString() }).then((response) => route.fulfill({ response }), () => route.abort()).catch(() => undefined);
  }
  // The same object `refuse` reads `failing` from.
  return Object.assign(state, { stopAsync: await addRouteAsync(page, searchRoute, refuse) });
}

/** Browse with the demo key in the harness's page, fresh: its window once the newest emails show. */
export async function openBrowseAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync'>, theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  return browseWindowAsync(h);
}


/** Browse with the library's address saved and no key, as a designer who has not added one yet. */
export async function openBrowseWithoutKeyAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync' | 'emulator' | 'page'>, theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?command=settings&theme=${theme}`);
  const ui = await h.uiFrameAsync();
  await ui.getByTestId('settings-library-base-url').fill(h.emulator.libraryUrl);
  await ui.getByTestId('settings-library-save').click();
  await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.baseUrl')), { timeout: 10_000 }).toBe(h.emulator.libraryUrl);
  await ui.getByTestId('nav-browse').click();
  return ui;
}

/**
 * Browse opened with the demo key, then a key the library refuses (the emulator's revoked one)
 * saved in its place in Settings, as a designer with a wrong key would: the window, on Settings.
 */
export async function saveRefusedLibraryKeyAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync' | 'emulator' | 'page'>, theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  const revoked = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json()).library.keys.revoked!;
  const ui = await openBrowseAsync(h, theme);
  await ui.getByTestId('nav-settings').click();
  await ui.getByTestId('settings-library-replace-key').click();
  await ui.getByTestId('settings-library-key').fill(revoked);
  await ui.getByTestId('settings-library-save').click();
  await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')), { timeout: 10_000 }).toBe(revoked);
  return ui;
}

/** Browse's window, once the newest emails show. */
export async function browseWindowAsync(h: Pick<Harness, 'uiFrameAsync'>): Promise<Frame> {
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return ui;
}

/**
 * Browse with the demo key in a browser of its own whose clock the test can stop or move
 * (`context.clock`): the demo document, empty storage, the emulator's seed. Close the context after.
 */
export async function openBrowseWithClockAsync(h: Pick<Harness, 'browser' | 'playground'>): Promise<{ context: BrowserContext; page: Page; ui: Frame }> {
  const { context, page } = await openPlaygroundWithClockAsync(h, '?command=browse&theme=light&demo-keys=1');
  try {
    const ui = await pluginWindowAsync(page);
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
    return { context, page, ui };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The wheel over the email grid, `by` pixels down (up when negative), once the grid has come to rest there. */
export async function wheelGridAsync(page: Page, ui: Frame, by: number): Promise<void> {
  const grid = ui.getByTestId('email-grid');
  const from = await grid.evaluate((element) => element.scrollTop);
  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, by);
  await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(from + by);
}

/** A Browse section's button (Emails, Brands, Journeys, Me, Requests), in the sections' row. */
export const sectionButton = (ui: Frame, name: string): Locator => ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name, exact: true });

/**
 * Replaces the library key in Settings with the emulator's other demo account's (no brand requests
 * yet, following 50 brands), then back to Browse.
 */
export async function switchToOtherAccountAsync(h: Pick<Harness, 'emulator'>, ui: Frame): Promise<void> {
  const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
  await ui.getByTestId('nav-settings').click();
  await ui.getByTestId('settings-library-replace-key').click();
  await ui.getByTestId('settings-library-key').fill(state.library.keys.other!);
  await ui.getByTestId('settings-library-save').click();
  await expect.poll(() => ui.getByTestId('settings-library-key').count(), { timeout: 10_000 }).toBe(0);
  await ui.getByTestId('nav-browse').click();
}

/** The library's first ten brands, read from it directly. */
export async function firstBrandsAsync(h: Pick<Harness, 'emulator'>): Promise<Array<{ name: string; slug: string; email_count: number }>> {
  return (await readLibraryAsync<{ data: Array<{ name: string; slug: string; email_count: number }> }>(h.emulator.libraryUrl, '/v1/brands?per_page=10')).data;
}

/** Brands, the brand searched for by its name and its row pressed: its page is on its way. */
export async function openBrandAsync(ui: Frame, name: string): Promise<void> {
  await ui.getByRole('button', { name: 'Brands', exact: true }).click();
  await ui.getByRole('searchbox', { name: 'Search brands' }).fill(name);
  await ui.getByRole('list', { name: `Brands matching “${name}”` }).getByRole('button', { name: startingWith(name) }).click();
}

/** The emulator has a dozen journeys: read seven at a time, the second page is the last. */
export const JOURNEYS_PAGE = 7;

/**
 * Browse with its clock (openBrowseWithClockAsync), Journeys read JOURNEYS_PAGE at a time: Journeys is
 * opened and its first page's answer held until the window's clock is stopped, then let go.
 * Resolves once More shows, the clock still stopped; later pages go to the library as asked, and
 * `asked` lists every page asked for, in order ('1' for the first). Close the context after.
 */
export async function journeysFirstPageInStoppedWindowAsync(h: Pick<Harness, 'browser' | 'playground'>): Promise<{ context: BrowserContext; page: Page; ui: Frame; rows: Locator; more: Locator; asked: string[] }> {
  const { context, page, ui } = await openBrowseWithClockAsync(h);
  try {
    const held: Route[] = [];
    let arrived = () => undefined as void;
    const asked: string[] = [];
    const shortened = (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('per_page', String(JOURNEYS_PAGE));
      return url.toString();
    };
    await page.route(
      (url) => url.pathname === '/v1/journeys',
      async (route) => {
        const which = new URL(route.request().url()).searchParams.get('page') ?? '1';
        asked.push(which);
        if (which !== '1') return route.fulfill({ response: await route.fetch({ url: shortened(route) }) });
        held.push(route);
        arrived();
      },
    );
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    while (held.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
    await stopWindowClockAsync(context, ui);
    const first = held.shift()!;
    await first.fulfill({ response: await first.fetch({ url: shortened(first) }) });
    const journeys = ui.getByRole('region', { name: 'Journeys' });
    const rows = journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('listitem');
    const more = journeys.getByRole('button', { name: 'More', exact: true });
    await more.waitFor({ timeout: 10_000 });
    return { context, page, ui, rows, more, asked };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Browse at 320 × 240 in this theme, on Brands, the keyboard on Top brands' first row (Tab from the search). */
export async function firstTopBrandAtSmallestAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync' | 'page'>, theme: 'light' | 'dark'): Promise<Frame> {
  const ui = await openBrowseAsync(h, theme);
  await smallestWindowAsync(h.page, ui);
  await sectionButton(ui, 'Brands').press('Enter');
  await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().waitFor({ timeout: 10_000 });
  await ui.getByRole('searchbox', { name: 'Search brands' }).press('Tab');
  expect(await focusedPlaceAsync(ui)).toBe('row 0 of Top brands');
  return ui;
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

/**
 * The window's animation frames from now on come 3 s late (a busy machine): a focus move left to the
 * next frame shows as the focus on the page meanwhile. Checked at once after a press, a focus given
 * as the screen is drawn is there already.
 */
export async function slowFramesAsync(ui: Frame): Promise<void> {
  await ui.evaluate(() => {
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => frame(() => setTimeout(() => callback(performance.now()), 3000));
  });
}
