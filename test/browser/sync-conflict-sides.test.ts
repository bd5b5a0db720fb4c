// A conflict's detail as a three-way view: each property that differs between theirs and mine
// says which side changed it since the last sync, in words (not colour alone), so nobody's change
// is overwritten unseen. Driven through the playground: a sync, an edit here and a teammate's edit
// in the builder emulator, then the conflict opened.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { heroConflictAsync, linkToEmptyDesignSystemAsync, openRowDetailAsync, readyUiAsync, syncEverythingAsync } from './support/sync-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const MARKS = ['Changed in this file', 'Changed in the design system', 'Changed on both sides'];

/** The row of the "What changed" table for a property, by its name as the table says it. */
function rowOf(ui: Frame, property: string) {
  return ui.getByRole('region', { name: 'What changed' }).getByRole('row').filter({ has: ui.getByText(property, { exact: true }) });
}

describe('a conflict’s “What changed”', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`marks each property with the side that changed it since the last sync: the text here, the description in the design system, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      await heroConflictAsync(h, ui);
      await openRowDetailAsync(ui, 'Hero');
      const text = rowOf(ui, 'characters');
      const description = rowOf(ui, 'description');
      await expect.poll(() => textOf(text), { timeout: 15_000 }).toContain('Changed in this file');
      expect(await textOf(description)).toContain('Changed in the design system');
      expect(await textOf(text)).not.toContain('design system');
      // Said in the row's header, which a screen reader reads with each value.
      expect(await text.getByRole('rowheader').ariaSnapshot()).toContain('Changed in this file');
      expect(await description.getByRole('rowheader').ariaSnapshot()).toContain('Changed in the design system');
      await expect.poll(() => ui.getByTestId('sync-sides-unknown').count()).toBe(0);
      await checkAxeAsync(ui, `conflict detail with marks, ${theme}`);
    }, 180_000);
  }

  it('says once that the last synced version was not kept (another computer), and marks nothing', async () => {
    await h.openFreshAsync('?theme=light');
    let ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    // The fault: the versions kept at the last sync are gone (as on another computer).
    await h.page.getByRole('button', { name: 'Close plugin' }).click();
    await evaluateHooks(h.page, async (hooks) => {
      for (const key of await hooks.clientStorageKeysAsync()) if (key.startsWith('envelope.payloadCache.')) await hooks.fake().clientStorage.deleteAsync(key);
    });
    await h.page.getByRole('button', { name: 'Run again' }).click();
    ui = await readyUiAsync(h);
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    await heroConflictAsync(h, ui);
    await openRowDetailAsync(ui, 'Hero');
    const note = ui.getByTestId('sync-detail').getByText('The last synced version was not kept, so Envelope cannot tell which side changed each property.');
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBe(1);
    const table = await textOf(ui.getByTestId('sync-changes'));
    expect(table).toContain('"Theirs"');
    for (const mark of MARKS) expect(table).not.toContain(mark);
    await checkAxeAsync(ui, 'conflict detail, last synced version not kept');
  }, 180_000);
});
