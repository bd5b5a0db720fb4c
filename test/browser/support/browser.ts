// One Chromium for a test file's tests: launched before the first, closed after the last.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromiumAsync } from '../../support/chromium';

/** What a test asks of the file's browser: a page, or a context of its own. */
export type TestBrowser = Pick<Browser, 'newPage' | 'newContext'>;

/**
 * Call at the top of a test file: `const browser = useBrowser();`, then `browser.newPage(…)` in its
 * tests. `extraArgs` go to Chromium beside the usual flags (`launchChromiumAsync`).
 */
export function useBrowser(extraArgs: readonly string[] = []): TestBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromiumAsync(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll; ask for a page inside a test or a hook');
    return browser;
  };
  return {
    newPage: (options) => launched().newPage(options),
    newContext: (options) => launched().newContext(options),
  };
}
