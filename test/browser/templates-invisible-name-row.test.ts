// Templates: a template a teammate named with only a zero-width space (the builder takes it) is
// said in words, never as “”: its row was blank, its buttons "Open “U+200B”", and Delete asked to
// "Delete the template “U+200B”" and then said "Deleted “U+200B”.".
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: a template named with only a zero-width space elsewhere', () => {
  it('is named in words in its row, its buttons, the deletion question and what the deletion said', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    expect((await builderAsync(h, '/templates', 'POST', { name: '\u200b', description: 'Made by a teammate’s script.' })).status).toBe(201);
    // Opened again (the emulator kept), so that the list reads it.
    await h.openAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(() => textOf(list.getByRole('listitem').first().locator('strong')), { timeout: 20_000 }).toBe('A template with no name');
    expect(await list.getByRole('button', { name: 'Open the template with no name' }).count()).toBe(1);
    await checkAxeAsync(ui, 'a template with no visible name');

    await list.getByRole('button', { name: 'Delete the template with no name' }).click();
    const question = ui.getByRole('group', { name: 'Delete the template with no name?' });
    expect(await textOf(question.locator('p'))).toBe('Delete a template with no name from the builder workspace? This cannot be undone.');
    await checkAxeAsync(ui, 'deleting a template with no visible name');
    await question.getByRole('button', { name: 'Delete the template with no name' }).click();
    await expect.poll(() => ui.getByText('Deleted the template with no name.').count(), { timeout: 20_000 }).toBe(1);
    expect(await ui.getByText('“\u200b”', { exact: false }).count()).toBe(0);
  });
});
