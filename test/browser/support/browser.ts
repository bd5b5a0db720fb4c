// One Chromium for a test file's tests: launched before the first, closed after the last.
import type { Browser } from 'playwright-core';
import { launchChromiumAsync } from '../../support/chromium';
import { startedForFile } from './for-file';

/** What a test asks of the file's browser: a page, or a context of its own. */
export type TestBrowser = Pick<Browser, 'newPage' | 'newContext'>;

/** The UI build (`dist/ui.html`) opened on its own, without the playground: `page.goto(UI_URL)` after installing a stand-in sandbox (`sync-stub.ts`). */
export const UI_URL = new URL('../../../dist/ui.html', import.meta.url).href;

/**
 * Call at the top of a test file: `const browser = useBrowser();`, then `browser.newPage(…)` in its
 * tests. `extraArgs` go to Chromium beside the usual flags (`launchChromiumAsync`).
 */
export function useBrowser(extraArgs: readonly string[] = []): TestBrowser {
  const launched = startedForFile('useBrowser()’s browser', () => launchChromiumAsync(extraArgs), (browser: Browser) => browser.close());
  return {
    newPage: (options) => launched().newPage(options),
    newContext: (options) => launched().newContext(options),
  };
}
