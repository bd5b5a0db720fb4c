// The references' removal once sent cannot be called back (Figma removes them in one undo step):
// Escape or Cancel while it ran hid the confirmation and its progress as if it were stopped, and
// the removal then went on and said it was done. Now neither hides it while it runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

describe('References: a removal on its way', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is not hidden by Escape, and Cancel cannot be pressed while it runs (${theme}, clean under axe)`, async () => {
      const ui = await checkedWithOneRemovedAsync(h, ids, theme, false);
      await ui.getByRole('button', { name: 'Remove 2 references' }).click();
      const confirm = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
      // Figma busy with a large file: the removal waits until the test lets it go.
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
      try {
        await confirm.getByRole('button', { name: 'Remove 2 references' }).click();
        const removing = ui.getByTestId('references-removing');
        await expect.poll(() => textOf(removing.getByRole('status'))).toBe('Removing 2 references…');
        await ui.page().keyboard.press('Escape');
        expect(await confirm.count(), 'the confirmation, still there after Escape').toBe(1);
        expect(await removing.count(), 'the progress, still there after Escape').toBe(1);
        expect(await confirm.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
        await checkAxeAsync(ui, `references removing, Cancel held, ${theme}`);
      } finally {
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
      }
      await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 20_000 }).toBe('Removed 2 references (one undo step in Figma).');
    }, 120_000);
  }
});
