// After a failed check or sync, each action is offered by one button: the failure's retry, not a
// second button below with the same name (or the same deed) that a screen reader hears twice.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub, type SyncStubConfig } from './support/sync-stub';

const browser = useBrowser();

async function openAsync(config: SyncStubConfig): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
  await page.addInitScript(installSyncStub, config);
  await page.goto(UI_URL);
  return page;
}

const named = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' }).count();

describe('one button per action after a failure', () => {
  it('a failed check offers Check again once, in its notice', async () => {
    const page = await openAsync({ count: 20, compareErrorFrom: 2 });
    await page.getByTestId('sync-check').click();
    await page.getByTestId('sync-error').waitFor();
    await expect.poll(() => named(page, 'Check again')).toBe(1);
    expect(await page.getByTestId('sync-error').locator('..').getByRole('button', { name: 'Check again' }).count()).toBe(1);
    await page.close();
  });

  it('a sync refused as out of date offers Check again once', async () => {
    const page = await openAsync({ count: 20, runError: { code: 'no_comparison', message: 'The comparison is out of date: nothing was sent. Check again.' } });
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-error').waitFor();
    await expect.poll(() => named(page, 'Check again')).toBe(1);
    await page.close();
  });

  it('a failed sync offers to sync again once: its notice’s Sync button, counting what is left, and no other beside it', async () => {
    const page = await openAsync({ count: 20, kinds: ['local-change'], runError: { code: 'offline', message: 'Envelope could not reach the builder. Check your connection and try again.' }, runSentBeforeError: 5 });
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-error').waitFor();
    await expect.poll(() => page.getByTestId('sync-error').locator('..').getByRole('button', { name: 'Sync 15 changes' }).count()).toBe(1);
    expect(await named(page, /^(Sync \d|Try the sync again)/)).toBe(1);
    // The check is another action: it stays below.
    expect(await named(page, 'Check again')).toBe(1);
    await page.close();
  });
});
