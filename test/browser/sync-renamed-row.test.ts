// A component renamed here says on its Sync row, and in the copied summary, what it was called:
// the row read only "Footer line" with a "name" chip, and the summary "- Footer line [name] (…)",
// so neither the list nor the team channel could tell which component it had been (only the
// opened detail's diff said). Light and dark, in the narrowest window (320 px).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { copySummaryAsync, linkToEmptyDesignSystemAsync, subLineShowsWholeAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

/** Synced, then the window narrowed to 320 px. */
async function syncedNarrowAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?theme=${theme}`);
  const ui = await linkToEmptyDesignSystemAsync(h);
  await syncEverythingAsync(ui);
  await ui.getByTestId('resize-handle').focus();
  for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
  return ui;
}

describe('a component renamed here', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says its old name on its row and in the copied summary (${theme})`, async () => {
      const ui = await syncedNarrowAsync(theme);

      // The designer renames Footer in the file, then checks again.
      await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: 'Footer' });
      await h.page.getByRole('textbox', { name: /^Name/ }).fill('Footer line');
      await h.page.getByRole('button', { name: 'Rename' }).click();
      await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]'))).toBe('Renamed.');
      await ui.getByRole('button', { name: 'Check again' }).click();
      const row = ui.getByRole('grid', { name: 'Components that differ' }).getByTestId('sync-row').filter({ hasText: 'Footer line' });
      await row.waitFor({ timeout: 30_000 });

      // On the row, in its quiet line, whole at 320 px; screen readers hear it with the name.
      expect(await row.locator('.sync-tag').allTextContents()).toEqual(['name']);
      expect(await textOf(row.locator('.sync-sub'))).toBe('Was “Footer” · Will be pushed');
      expect(await subLineShowsWholeAsync(row, 'Was “Footer”')).toBe(true);
      expect(await textOf(row.getByRole('gridcell').nth(1))).toContain('Was “Footer”');
      await checkAxeAsync(ui, `the Sync list at 320 px, a renamed row (${theme})`);

      // In the copied summary.
      const copied = await copySummaryAsync(ui);
      await expect.poll(() => textOf(ui.getByTestId('sync-copy-message'))).toMatch(/^Summary copied/);
      expect(copied.split('\n')).toContain('- Footer line, was “Footer” [name] (will be pushed)');
    }, 240_000);
  }
});

describe('a component renamed by a teammate', () => {
  it('says the design system’s name on its row, whole at 320 px, the rest of the line in full for the pointer', async () => {
    const ui = await syncedNarrowAsync('dark');
    const key = await evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode).key), null);
    const edited = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, name: 'Header / Main' }) });
    expect(edited.ok).toBe(true);
    await ui.getByRole('button', { name: 'Check again' }).click();
    const row = ui.getByRole('grid', { name: 'Components that differ' }).getByTestId('sync-row').and(ui.locator(`[data-key="${key}"]`));
    await row.waitFor({ timeout: 30_000 });
    // The row keeps this file's name; its quiet line says what the design system calls it now, and in full for the pointer.
    expect(await textOf(row.locator('.sync-name'))).toBe('Header');
    expect(await textOf(row.locator('.sync-sub'))).toMatch(/^Renamed “Header \/ Main” · Will be taken · /);
    expect(await subLineShowsWholeAsync(ui.getByTestId('sync-row').and(ui.locator(`[data-key="${key}"]`)), 'Renamed “Header / Main”')).toBe(true);
    expect(await row.locator('.sync-sub').getAttribute('title')).toMatch(/^Named “Header \/ Main” in the design system · Changed by /);
    await checkAxeAsync(ui, 'the Sync list at 320 px, a row renamed by a teammate (dark)');
  }, 240_000);
});
