// Difference on a change nothing shows (a description edited): the picture's name says no pixel
// differs. It said "pixels that differ …, tinted over a faded …", describing tinted pixels that
// were not there, beside the caption's "No visible change".
import { describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { comparedAgainDetailAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';
import { axeViolationsAsync } from './support/axe';

const h = useHarness();

describe('Difference on a change that shows nothing', () => {
  it('says no pixel differs, in the caption and in the picture’s name', async () => {
    await h.openFreshAsync('?theme=dark');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    // A fixture step: the playground's controls change no description.
    await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => {
        const footer = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Footer') as ComponentNode;
        footer.description = 'Only the words changed.';
      }),
    );
    const modes = await comparedAgainDetailAsync(ui, 'Footer');
    await modes.getByRole('button', { name: 'Difference' }).click();
    const detail = ui.getByTestId('sync-detail');
    await expect.poll(() => textOf(detail.getByTestId('sync-pixel-diff-text')), { timeout: 15_000 }).toBe('No visible change');
    const picture = detail.getByTestId('sync-pixel-diff').getByRole('img');
    expect(await picture.getAttribute('aria-label')).toBe('Footer: a faded “This file”; no pixel differs from “Last sync”.');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});
