// A conflict's choice keeps the keyboard through a comparison that starts by itself: a
// collaborator's edit elsewhere in the file moves the count, the screen compares again, and the
// choices are held meanwhile. The radio that had the keyboard went disabled and the focus fell to
// the page body, so a keyboard user started again from the top of the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { heroConflictAsync, linkToEmptyDesignSystemAsync, openRowDetailAsync, syncEverythingAsync } from './support/sync-steps';
import { evaluateHooks, startHarnessAsync, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

describe('a conflict’s choice while the screen compares again by itself', () => {
  it('stays with the keyboard once the choices are back, on the option chosen', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    await heroConflictAsync(h, ui);
    await openRowDetailAsync(ui, 'Hero');
    const choices = ui.getByRole('group', { name: 'What to do with this conflict' });
    const take = choices.getByRole('radio', { name: 'Take theirs' });
    await take.focus();
    await ui.locator('body').press('Space');
    await expect.poll(() => take.isChecked()).toBe(true);
    // Whether the choices were held at some point: the comparison can be quicker than a poll.
    await ui.evaluate(() => {
      const fieldset = document.querySelector('fieldset.sync-choice')!;
      const seen = (window as unknown as { heldSeen: boolean[] });
      seen.heldSeen = [];
      new MutationObserver(() => seen.heldSeen.push((fieldset as HTMLFieldSetElement).disabled)).observe(fieldset, { attributes: true, attributeFilter: ['disabled'] });
    });

    // A collaborator renames another component (no click here: the keyboard stays in the window).
    await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => {
        const footer = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name !== 'Hero') as ComponentNode;
        footer.name = `${footer.name} (renamed)`;
      }),
    );
    await expect.poll(() => ui.evaluate(() => (window as unknown as { heldSeen: boolean[] }).heldSeen.join()), { timeout: 20_000 }).toBe('true,false');

    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.tagName)).toBe('Take theirs');
    expect(await take.isChecked()).toBe(true);
    // The keyboard goes on from there: the arrow moves the choice.
    await ui.locator('body').press('ArrowUp');
    await expect.poll(() => choices.getByRole('radio', { name: 'Keep mine' }).isChecked()).toBe(true);
    await checkAxeAsync(ui, 'conflict detail after a comparison started by itself');
  }, 180_000);
});
