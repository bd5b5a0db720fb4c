// A conflict's choice keeps the keyboard through a comparison that starts by itself: a
// collaborator's edit elsewhere in the file moves the count, the screen compares again, and the
// choices are held meanwhile. The radio that had the keyboard went disabled and the focus fell to
// the page body, so a keyboard user started again from the top of the window.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { heroConflictAsync, linkToEmptyDesignSystemAsync, openRowDetailAsync, syncEverythingAsync } from './support/sync-steps';
import { evaluateHooks, useHarness } from './support/playground-harness';

const h = useHarness();

/** Notes each time the choices are held or given back: a comparison can be quicker than a poll. */
async function watchHeldAsync(ui: Frame): Promise<void> {
  await ui.evaluate(() => {
    const fieldset = document.querySelector<HTMLFieldSetElement>('fieldset.sync-choice')!;
    const seen = window as unknown as { heldSeen: boolean[] };
    seen.heldSeen = [];
    new MutationObserver(() => seen.heldSeen.push(fieldset.disabled)).observe(fieldset, { attributes: true, attributeFilter: ['disabled'] });
  });
}

const heldSeenAsync = (ui: Frame) => ui.evaluate(() => (window as unknown as { heldSeen: boolean[] }).heldSeen.join());

/** A collaborator renames another component than Hero: the count moves, and the screen compares again. */
async function collaboratorRenamesAsync(): Promise<void> {
  await evaluateHooks(h.page, (hooks) =>
    hooks.inspect().run(() => {
      const other = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name !== 'Hero') as ComponentNode;
      other.name = `${other.name} (renamed)`;
    }),
  );
}

/** Hero in conflict (changed here and in the design system since a sync), its detail open; resolves to the window. */
async function heroConflictDetailAsync(): Promise<Frame> {
  await h.openFreshAsync('?theme=light');
  const ui = await linkToEmptyDesignSystemAsync(h);
  await syncEverythingAsync(ui);
  await heroConflictAsync(h, ui);
  await openRowDetailAsync(ui, 'Hero');
  return ui;
}

describe('a conflict’s choice while the screen compares again by itself', () => {
  it('stays with the keyboard once the choices are back, on the option chosen', async () => {
    const ui = await heroConflictDetailAsync();
    const choices = ui.getByRole('group', { name: 'What to do with this conflict' });
    const take = choices.getByRole('radio', { name: 'Take theirs' });
    await take.focus();
    await ui.locator('body').press('Space');
    await expect.poll(() => take.isChecked()).toBe(true);
    await watchHeldAsync(ui);
    // No click here: the keyboard stays in the window.
    await collaboratorRenamesAsync();
    await expect.poll(() => heldSeenAsync(ui), { timeout: 20_000 }).toBe('true,false');

    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.tagName)).toBe('Take theirs');
    expect(await take.isChecked()).toBe(true);
    // The keyboard goes on from there: the arrow moves the choice.
    await ui.locator('body').press('ArrowUp');
    await expect.poll(() => choices.getByRole('radio', { name: 'Keep mine' }).isChecked()).toBe(true);
    await checkAxeAsync(ui, 'conflict detail after a comparison started by itself');
  }, 180_000);

  it('does not take the keyboard back from the canvas: the designer went there before the comparison started', async () => {
    const ui = await heroConflictDetailAsync();
    await ui.getByRole('group', { name: 'What to do with this conflict' }).getByRole('radio', { name: 'Take theirs' }).focus();
    await watchHeldAsync(ui);
    // On the canvas: the drawing fitted to the window (a control of the playground's own).
    const fit = h.page.getByRole('button', { name: 'Fit' });
    await fit.click();
    await collaboratorRenamesAsync();
    await expect.poll(() => heldSeenAsync(ui), { timeout: 20_000 }).toBe('true,false');
    // The window's own paint is done (the keeper runs before it): the focus is still on the canvas's control.
    await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await fit.evaluate((button) => document.activeElement === button)).toBe(true);
    expect(await ui.evaluate(() => document.hasFocus())).toBe(false);
  }, 180_000);
});
