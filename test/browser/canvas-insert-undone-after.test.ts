// The insert bar after the placing: ⌘Z (or a delete) of the references it speaks of changes its
// words, and ⌘⇧Z brings them back. It kept saying "Placed 3 references on the canvas." with none
// there. The real dist/ui.html and dist/code.js in the playground; undo and redo are the fake
// Figma's (the playground has no button of its own), a delete the person's.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import type { Frame } from 'playwright-core';

const h = useHarness();

/** Three emails placed as a grid by Insert 3; the bar's summary said so. */
async function placeThreeAsync(theme: 'light' | 'dark'): Promise<Frame> {
  const ui = await openBrowseOnCurrentPageAsync(h, theme);
  const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
  await cards.first().waitFor();
  for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox').check();
  await ui.getByRole('button', { name: 'Insert 3' }).click();
  await expect.poll(() => summaryOf(ui), { timeout: 90_000 }).toBe('Placed 3 references on the canvas.');
  expect(await placedReferencesAsync(h.page)).toHaveLength(3);
  return ui;
}

const summaryOf = (ui: Frame) => textOf(ui.getByTestId('insert-status').locator('.insert-text'));
const undoAsync = () => evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
const redoAsync = () => evaluateHooks(h.page, (hooks) => hooks.fake().redo());

describe('the insert bar after ⌘Z, a delete and ⌘⇧Z of what it placed', () => {
  it('says they were undone, then placed again after ⌘⇧Z, then how many are left after a delete (light, clean under axe)', async () => {
    const ui = await placeThreeAsync('light');
    await undoAsync();
    expect(await placedReferencesAsync(h.page)).toEqual([]);
    await expect.poll(() => summaryOf(ui), { timeout: 10_000 }).toBe('Placed 3 references, then undone, deleted or removed as references: none is a reference on the canvas now.');
    await checkAxeAsync(ui, 'Browse, three references placed then undone, light');

    await redoAsync();
    const back = await placedReferencesAsync(h.page);
    expect(back).toHaveLength(3);
    await expect.poll(() => summaryOf(ui), { timeout: 10_000 }).toBe('Placed 3 references on the canvas.');

    // The designer deletes one of them.
    await evaluateHooks(h.page, (hooks, id) => hooks.inspect().run(() => hooks.inspect().node(id)!.remove()), back[0]!.id);
    expect(await placedReferencesAsync(h.page)).toHaveLength(2);
    await expect.poll(() => summaryOf(ui), { timeout: 10_000 }).toBe('2 of the 3 references placed are still on the canvas; 1 was undone, deleted or removed as a reference.');
    await checkAxeAsync(ui, 'Browse, one of three references deleted, light');
  });

  it('says they were undone in the dark theme too (clean under axe)', async () => {
    const ui = await placeThreeAsync('dark');
    await undoAsync();
    await expect.poll(() => summaryOf(ui), { timeout: 10_000 }).toBe('Placed 3 references, then undone, deleted or removed as references: none is a reference on the canvas now.');
    await checkAxeAsync(ui, 'Browse, three references placed then undone, dark');
  });
});
