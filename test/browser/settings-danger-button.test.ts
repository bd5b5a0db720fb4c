// The red button that confirms a step that cannot be undone (Settings' Forget key; Templates'
// Delete and removing references share it) must stand out 3:1 from the window by its fill or its
// border (WCAG 1.4.11: what identifies a control), in both themes, while its words keep 4.5:1 on
// the fill. axe does not check the first. The colours are the computed ones, from the real CSS
// over the playground's Figma theme variables.
import { describe, expect, it } from 'vitest';
import { fillContrastAsync, weakMarksAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe.each(['light', 'dark'] as const)('the red button, %s theme', (theme) => {
  it('stands out 3:1 from the window, its words 4.5:1 on its fill (Forget key)', async () => {
    await h.openFreshAsync(`?theme=${theme}&demo-keys=1&command=settings`);
    const ui = await readyUiAsync(h);
    const library = ui.getByRole('region', { name: 'Email library' });
    await library.getByRole('button', { name: 'Forget key (library API key)' }).click();
    const confirm = library.getByRole('group', { name: /^Remove the saved library API key/ }).getByRole('button', { name: 'Forget key' });
    await confirm.waitFor();
    const { measured, weak } = await weakMarksAsync(ui, '.button-destructive');
    expect(measured).toBe(1);
    expect(weak).toEqual([]);
    expect((await fillContrastAsync(ui, confirm)).textOnFill).toBeGreaterThanOrEqual(4.5);
  });
});
