// References: Remove asks first, in a confirmation that takes the place of its button; Escape
// (or Cancel) gives the button back, and a removal replaces the list with what it did. Each time
// the keyboard went to the new control after the window had drawn it: for that moment the focus
// was on the page's body (a screen reader heard the document, and a key typed then went
// nowhere). Driven by the keyboard; a watch in the window notes where the focus is each time its content changes.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';
import { focusSeenAsync, watchFocusAsync } from './support/focus-watch';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

/** Where the focus is: the page body, or the focused element's test id or words. */
const focusedAsync = (ui: Frame) =>
  ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    return active.getAttribute('data-testid') ?? active.textContent ?? '';
  });

describe('References: Remove, its confirmation and what it did take the focus with no moment on the page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Remove, Escape, Remove and confirm: button to confirmation, back, and to what was removed, never through the page (${theme})`, async () => {
      const ui = await checkedWithOneRemovedAsync(h, ids, theme);
      const remove = ui.getByRole('button', { name: 'Remove 2 references' });
      const question = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
      await remove.focus();
      await watchFocusAsync(ui);

      await h.page.keyboard.press('Enter');
      await question.waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedAsync(ui)).toBe('Remove 2 references');
      await h.page.keyboard.press('Escape');
      await expect.poll(() => question.count()).toBe(0);
      await expect.poll(() => focusedAsync(ui)).toBe('Remove 2 references');
      await h.page.keyboard.press('Enter');
      await question.waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedAsync(ui)).toBe('Remove 2 references');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 10_000 }).toBe('Removed 2 references (one undo step in Figma).');
      await expect.poll(() => focusedAsync(ui)).toBe('references-removal');
      await checkAxeAsync(ui, `references removed by keyboard, ${theme}`);

      const seen = await focusSeenAsync(ui);
      expect(seen.length).toBeGreaterThanOrEqual(4);
      expect(seen.filter((place) => place === 'the page')).toEqual([]);
    }, 120_000);
  }
});
