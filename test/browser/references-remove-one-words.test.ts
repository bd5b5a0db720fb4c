// References: the question before removing one reference spoke of it as several ("Remove 1
// reference from this file? … Figma’s undo brings them back."). One reference is "it".
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
    it(`asks about it as one reference, and removes that one (${theme}, clean under axe)`, async () => {
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
    }, 120_000);
  }
});
