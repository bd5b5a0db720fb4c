// A chip pressed at 0 (the search now finds none of its rows) stays, pressed, so it can be let go;
// let go from the keyboard, it goes, and the keyboard went with it to the page (Tab started again
// from the window's top). It goes on from the chip pressed now: "All", the kind shown.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

const focusedAsync = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? '')));

describe('a chip let go from the keyboard that then goes (none of its rows found)', () => {
  it('leaves the keyboard on the chip pressed now, for a kind and for a kind of change', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 240 } });
    await page.addInitScript(installSyncStub, { count: 40 });
    await page.goto(UI_URL);
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const kinds = page.getByRole('group', { name: 'Show:' });
    const changes = page.getByRole('group', { name: 'Changed:' });
    // The window is short: the chips are folded behind their button beside the search.
    await page.getByRole('button', { name: /^Show: / }).press('Enter');
    await kinds.getByRole('button', { name: /^Conflicts / }).press('Enter');
    await changes.getByRole('button', { name: /^text / }).press('Enter');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('zzz');

    // "text 0", pressed, let go: the "Changed:" chips go (none left), the keyboard stays in the chips.
    await changes.getByRole('button', { name: 'text 0' }).press('Enter');
    await expect.poll(() => changes.count()).toBe(0);
    expect(await focusedAsync(page)).toBe('Conflicts 0');

    // "Conflicts 0" let go: it goes, "All 0" is pressed and has the keyboard.
    await page.keyboard.press('Enter');
    await expect.poll(() => kinds.getByRole('button', { name: /^Conflicts / }).count()).toBe(0);
    expect(await focusedAsync(page)).toBe('All 0');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search by name');
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});
