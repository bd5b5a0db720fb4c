// One browser test file's world: the emulator (relaxed limits), the playground server and one
// Chromium, with helpers to open the playground and reach the plugin's iframe.
import type { Browser, BrowserContext, ConsoleMessage, Frame, Locator, Page } from 'playwright-core';
import { startEmulator } from '../../emulator/index';
import type { PlaygroundHooks } from '../../playground/page/playground-hooks';
import { startPlayground, type Playground } from '../../playground/server';
import { launchChromiumAsync } from '../../support/chromium';
import { startedForFile } from './for-file';

export interface ConsoleEntry {
  type: string;
  text: string;
  /** The page itself or the plugin's iframe. */
  frame: 'page' | 'ui';
}

export interface Harness {
  emulator: { libraryUrl: string; builderUrl: string; close(): Promise<void> };
  playground: Playground;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Everything logged in the page and its frames since the harness started. */
  console: ConsoleEntry[];
  openAsync(query?: string): Promise<void>;
  /**
   * Opens the playground fresh: the demo document, empty storage, the emulator's seed. Storage and
   * emulator are reset before the page loads, so the plugin never starts with the previous test's
   * settings (it loaded them, and could ask the emulator with them, before the reset).
   */
  openFreshAsync(query?: string): Promise<void>;
  /**
   * Opens the playground as on a first visit: nothing kept from earlier runs. The storage is
   * cleared from a same-origin document that runs no playground script, so a write still pending
   * in the previous page cannot land after the clear.
   */
  openFirstVisitAsync(query?: string): Promise<void>;
  uiFrameAsync(): Promise<Frame>;
  closeAsync(): Promise<void>;
}

export const VIEWPORT = { width: 1440, height: 900 };

export async function startHarnessAsync(options: { chromiumArgs?: readonly string[] } = {}): Promise<Harness> {
  const emulator = await startEmulator({ limits: 'relaxed' });
  const playground = await startPlayground({ emulator: { libraryUrl: emulator.libraryUrl, builderUrl: emulator.builderUrl } });
  const browser = await launchChromiumAsync(options.chromiumArgs);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const consoleEntries: ConsoleEntry[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const frame = message.page() === page && message.location().url.startsWith('about:srcdoc') ? 'ui' : 'page';
    consoleEntries.push({ type: message.type(), text: message.text(), frame });
  });
  page.on('pageerror', (error) => consoleEntries.push({ type: 'pageerror', text: error.message, frame: 'page' }));

  async function openAsync(query = ''): Promise<void> {
    await page.goto(`${playground.url}${query}`);
    try {
      await page.waitForSelector('html[data-playground-ready]', { state: 'attached', timeout: 40_000 });
    } catch (error) {
      const status = await page.textContent('[data-role="plugin-status"]').catch(() => null);
      const logged = consoleEntries.map((entry) => `  ${entry.frame} ${entry.type}: ${entry.text}`).join('\n');
      throw new Error(`The playground did not get ready (status: ${status ?? 'unknown'}). Console:\n${logged}`, { cause: error });
    }
    const state = await page.getAttribute('html', 'data-playground-ready');
    if (state !== 'true') throw new Error(`The playground did not start: ${(await page.getAttribute('html', 'data-playground-error')) ?? 'unknown error'}`);
  }

  /**
   * Empties the playground's storage from a same-origin document that runs no playground script:
   * leaving the previous page first, a write still pending there cannot land after the clear.
   */
  async function clearStorageAsync(): Promise<void> {
    await page.goto(new URL('/code.js', playground.url).href);
    await page.evaluate(() => localStorage.clear());
  }

  async function openFreshAsync(query = ''): Promise<void> {
    await clearStorageAsync();
    // What the playground's own reset does to the emulator (its data, faults and limits), before anything asks it.
    const reset = await fetch(`${emulator.libraryUrl}/_emulator/reset`, { method: 'POST' });
    if (!reset.ok) throw new Error(`The emulator answered ${reset.status} to POST /_emulator/reset.`);
    await openAsync(query);
  }

  async function openFirstVisitAsync(query = ''): Promise<void> {
    await clearStorageAsync();
    await openAsync(query);
  }

  async function uiFrameAsync(): Promise<Frame> {
    const element = await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' });
    const frame = await element.contentFrame();
    if (!frame) throw new Error('The plugin iframe has no frame.');
    return frame;
  }

  async function closeAsync(): Promise<void> {
    await browser.close().catch(() => undefined);
    await playground.close().catch(() => undefined);
    await emulator.close().catch(() => undefined);
  }

  return { emulator, playground, browser, context, page, console: consoleEntries, openAsync, openFreshAsync, openFirstVisitAsync, uiFrameAsync, closeAsync };
}

/**
 * Call at the top of a test file: `const h = useHarness();`. The harness starts before the file's
 * first test and closes after its last; read `h.page`, `h.openFreshAsync(…)` and the rest inside
 * tests and hooks (before it starts they throw).
 */
export function useHarness(options: { chromiumArgs?: readonly string[] } = {}): Harness {
  const now = startedForFile('useHarness()’s harness', () => startHarnessAsync(options), (started) => started.closeAsync());
  return {
    get emulator() {
      return now().emulator;
    },
    get playground() {
      return now().playground;
    },
    get browser() {
      return now().browser;
    },
    get context() {
      return now().context;
    },
    get page() {
      return now().page;
    },
    get console() {
      return now().console;
    },
    openAsync: (query) => now().openAsync(query),
    openFreshAsync: (query) => now().openFreshAsync(query),
    openFirstVisitAsync: (query) => now().openFirstVisitAsync(query),
    uiFrameAsync: () => now().uiFrameAsync(),
    closeAsync: () => now().closeAsync(),
  };
}

/**
 * Runs `fn(window.__playground, arg)` in the page. Like page.evaluate, `fn` is sent as source:
 * it must not use anything from the test's scope except `arg` (JSON).
 */
export function evaluateHooks<Result, Arg = undefined>(page: Page, fn: (hooks: PlaygroundHooks, arg: Arg) => Result, arg?: Arg): Promise<Awaited<Result>> {
  return page.evaluate(`(${fn.toString()})(window.__playground, ${JSON.stringify(arg ?? null)})`) as Promise<Awaited<Result>>;
}

/** The element's text, or null while it is not there (for expect.poll: never waits long). */
export function textOf(locator: Locator): Promise<string | null> {
  return locator.textContent({ timeout: 250 }).catch(() => null);
}

/**
 * The element's text as it is now, waiting only for the element to be there (a loaded machine may
 * take seconds to render it): for checks that something is absent or empty at this moment, which a
 * poll would let pass once a wrong text went away.
 */
export function textNowAsync(locator: Locator): Promise<string | null> {
  return locator.textContent({ timeout: 10_000 });
}

/** The plugin's Settings screen, as a person reaches it: the Settings tab once the window shows. */
export async function openSettingsAsync(h: Pick<Harness, 'uiFrameAsync'>): Promise<Frame> {
  const ui = await h.uiFrameAsync();
  await ui.getByTestId('shell-file').waitFor();
  await ui.getByTestId('nav-settings').click();
  return ui;
}
