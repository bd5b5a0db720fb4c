// References: removing some of the references to a removed email. The question before removing
// one spoke of it as several ("Remove 1 reference from this file? … Figma’s undo brings them
// back."): one reference is "it". And those left unticked went from the list with the removed
// one, while the summary still counted their email as removed: nothing named them, or removed them,
// short of Check again. They stay listed, with Remove for them.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

const focusedName = (ui: Frame) => ui.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

describe('References: removing one of the references to a removed email', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`asks about it as one reference, removes that one, and keeps listing the other (${theme}, clean under axe)`, async () => {
      const ui = await checkedWithOneRemovedAsync(h, ids, theme);
      // By keyboard: the second row's box unticked, then Remove.
      const rows = ui.getByRole('list', { name: 'References to removed emails' }).getByRole('checkbox');
      await rows.nth(1).focus();
      await h.page.keyboard.press('Space');
      await expect.poll(() => rows.nth(1).isChecked()).toBe(false);
      const remove = ui.getByRole('button', { name: 'Remove 1 reference' });
      await remove.focus();
      await h.page.keyboard.press('Enter');
      const question = ui.getByRole('group', { name: /^Remove 1 reference from this file\?/ });
      await question.waitFor({ timeout: 10_000 });
      expect(await textOf(question.getByRole('paragraph'))).toBe('Remove 1 reference from this file? The library removed this email at the brand’s request, so its use must stop. Figma’s undo brings it back.');
      await checkAxeAsync(ui, `asked to remove one reference, ${theme}`);
      await expect.poll(() => focusedName(ui)).toBe('Remove 1 reference');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 10_000 }).toBe('Removed 1 reference (one undo step in Figma).');
      await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('references-removal');
      expect(await textOf(ui.getByTestId('references-summary'))).toBe('3 references to 3 emails; 1 removed from the library.');
      // The one left unticked is still listed, unticked, under what the removal did.
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().isChecked()).toBe(false);
      await checkAxeAsync(ui, `one of two references removed, the other listed, ${theme}`);
      // Removed in turn, from the keyboard: Tab past Remove (nothing ticked) to its box, then back to Remove.
      await h.page.keyboard.press('Tab');
      await expect.poll(() => rows.first().evaluate((box) => box === document.activeElement)).toBe(true);
      await h.page.keyboard.press('Space');
      await h.page.keyboard.press('Shift+Tab');
      await expect.poll(() => focusedName(ui)).toBe('Remove 1 reference');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focusedName(ui)).toBe('Remove 1 reference');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 10_000 }).toBe('2 references to 2 emails; the references to the email removed from the library were removed.');
      expect(await textOf(ui.getByTestId('references-removal'))).toBe('Removed 1 reference (one undo step in Figma).');
      expect(await ui.getByRole('list', { name: 'References to removed emails' }).count()).toBe(0);
    }, 120_000);
  }
});
