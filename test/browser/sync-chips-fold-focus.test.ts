// The Sync list's chips with the keyboard when the window is made short (320 × 240): they fold
// behind "Show: … ▾" beside the search, and the chip with the keyboard hid with them, so the focus
// fell to the page (Tab started again from the window's top). It goes to the button that now
// stands for the chips, which says what is shown; Enter unfolds them again.
import { describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

/** The Sync screen, 40 differing components, in a window 320 px wide and this high: its "Show:" chips and the button they fold behind. */
async function openSyncAsync(height: number): Promise<{ page: Page; ui: Frame; kinds: Locator; fold: Locator }> {
  const page = await browser.newPage({ viewport: { width: 320, height } });
  await page.addInitScript(installSyncStub, { count: 40 });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return { page, ui: page.mainFrame(), kinds: page.getByRole('group', { name: 'Show:' }), fold: page.getByRole('button', { name: /^Show: / }) };
}

describe('a chip with the keyboard when the window is made short', () => {
  it('hands the keyboard to the “Show: …” button that stands for the folded chips', async () => {
    const { page, ui, kinds, fold } = await openSyncAsync(600);
    // Tall: the chips show, their button does not.
    expect(await fold.isVisible()).toBe(false);
    await kinds.getByRole('button', { name: /^Conflicts / }).press('Enter');
    await expect.poll(() => kinds.getByRole('button', { name: /^Conflicts / }).getAttribute('aria-pressed')).toBe('true');
    expect(await focusedAsync(ui)).toMatch(/^button Conflicts \d+$/);

    // Made as small as it goes (the plugin window resized: its page's viewport).
    await page.setViewportSize({ width: 320, height: 240 });
    await expect.poll(() => kinds.isVisible()).toBe(false);
    await expect.poll(() => focusedAsync(ui)).toMatch(/^button Show: Conflicts \d+▾$/);
    expect(await fold.getAttribute('aria-expanded')).toBe('false');

    // The keyboard goes on from there: Enter unfolds the chips, Tab reaches them.
    await page.keyboard.press('Enter');
    await kinds.waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedAsync(ui)).toMatch(/^button All \d+$/);
    await page.close();
  });
});

describe('the chips’ button with the keyboard when the window is made tall', () => {
  it('hands the keyboard to the chip pressed in “Show:”, the chips showing again', async () => {
    const { page, ui, kinds, fold } = await openSyncAsync(240);
    // Short: the chips are folded; unfolded from their button, "Conflicts" pressed, Escape folds them again.
    await fold.press('Enter');
    await kinds.getByRole('button', { name: /^Conflicts / }).press('Enter');
    await expect.poll(() => kinds.getByRole('button', { name: /^Conflicts / }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => kinds.isVisible()).toBe(false);
    expect(await focusedAsync(ui)).toMatch(/^button Show: Conflicts \d+▾$/);

    // Made tall: the button hides and the chips show; the keyboard is on the chip pressed.
    await page.setViewportSize({ width: 320, height: 600 });
    await expect.poll(() => fold.isVisible()).toBe(false);
    await expect.poll(() => focusedAsync(ui)).toMatch(/^button Conflicts \d+$/);

    // The keyboard goes on from there: Shift+Tab reaches "All", before it.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedAsync(ui)).toMatch(/^button All \d+$/);
    await page.close();
  });
});
