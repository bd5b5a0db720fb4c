// Templates: Open on a template renamed elsewhere since the list was read names it as the builder
// answered just now: in what it says (it said the list's old name, for details read a moment
// ago), and in its row, which kept the old name until the list was read again.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { renameInBuilderAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: Open on a template renamed elsewhere', () => {
  it('says its details under the name the builder gives now, and its row takes that name', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await renameInBuilderAsync(h, 'Welcome email', 'Welcome email (teammate)');

    await ui.getByRole('button', { name: 'Open “Welcome email”' }).click();
    const row = ui.getByRole('listitem').filter({ hasText: 'Welcome email' });
    await expect.poll(() => row.getByRole('status').textContent(), { timeout: 20_000 }).toContain('“Welcome email (teammate)” has no frame in this file.');
    // Shown under the row as well as said.
    expect(await row.getByText('“Welcome email (teammate)” has no frame in this file.', { exact: false }).count()).toBe(2);
    // The row's name and its buttons' names are the builder's now; the keyboard stays on Open.
    expect(await textOf(row.locator('strong'))).toBe('Welcome email (teammate)');
    const open = ui.getByRole('button', { name: 'Open “Welcome email (teammate)”' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await ui.getByRole('button', { name: 'Rename “Welcome email (teammate)”' }).count()).toBe(1);
  });
});
