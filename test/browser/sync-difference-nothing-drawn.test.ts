// Difference on a component that now draws nothing (see-through, as a hidden one exports): its
// picture is all transparent, which on the white canvas differed from every pixel of the last
// sync's, and the caption said "Every pixel changed" under a solid tinted block.
import { describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { comparedAgainDetailAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';
import { axeViolationsAsync } from './support/axe';

const h = useHarness();

describe('Difference on a component that draws nothing', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says there is nothing to compare, and which picture shows nothing (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      // A fixture step: the playground's controls set no opacity.
      await evaluateHooks(h.page, (hooks) =>
        hooks.inspect().run(() => {
          const footer = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Footer') as ComponentNode;
          footer.opacity = 0;
        }),
      );
      const modes = await comparedAgainDetailAsync(ui, 'Footer');
      await modes.getByRole('button', { name: 'Difference' }).click();
      const detail = ui.getByTestId('sync-detail');
      await expect
        .poll(() => textOf(detail.getByTestId('sync-pixel-diff-text')), { timeout: 15_000 })
        .toBe('Nothing to compare: “This file” shows nothing (the component hidden, or fully transparent).');
      // No tinted block beside the words.
      expect(await detail.getByTestId('sync-pixel-diff').getByRole('img').count()).toBe(0);
      expect(await axeViolationsAsync(ui)).toEqual([]);
    });
  }
});
