// A change the chips have no kind for (opacity here; visibility, corner radius…) was chipped
// "other": the row said "Changed: fill, other", the filter "other 1", the copied summary
// "[fill, other]", and a designer could not tell what else would be pushed. Those say
// "other properties" now, the filter still finding the row (and name it where there is room:
// sync-other-properties-named.test.ts).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { changeFillAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

describe('a change of a property no chip names', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is called “other properties” on the row, in the filter, in the detail and in the copied summary (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      await changeFillAsync(h, 'Header', '#ff2200');
      // A fixture step: the playground's controls change no opacity.
      await evaluateHooks(h.page, (hooks) =>
        hooks.inspect().run(() => {
          const header = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode;
          header.opacity = 0.5;
        }),
      );
      await changeFillAsync(h, 'Footer', '#ff2200');
      await ui.getByRole('button', { name: 'Check again' }).click();

      const header = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
      await expect.poll(() => textOf(header.getByTestId('sync-row-chips')), { timeout: 15_000 }).toBe('fillother properties');
      const other = ui.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: 'other properties 1', exact: true });
      await other.click();
      expect(await ui.getByTestId('sync-row').locator('.sync-name').allTextContents()).toEqual(['Header']);
      await checkAxeAsync(ui, `the list filtered by “other properties”, ${theme}`);

      await header.click();
      await expect.poll(() => textOf(ui.getByTestId('sync-detail').getByText(/^Changed: /))).toBe('Changed: fill, other properties (opacity)');
      await ui.getByRole('button', { name: '← Back to the list' }).click();

      await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await ui.getByRole('button', { name: 'Copy summary' }).click();
      await expect.poll(() => textOf(ui.getByTestId('sync-copy-message'))).toMatch(/copied/);
      const copied = await h.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('- Header [fill, other properties (opacity)] (will be pushed)');
      expect(copied).toContain('- Footer [fill] (will be pushed)');
    });
  }
});
