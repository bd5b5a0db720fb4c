// Templates: a deletion or a rename answered while the filter hides its row still reaches the list.
// The row, hidden by what the designer typed meanwhile, was no longer drawn, and its answer went
// unheard: the builder had deleted "Welcome email", yet clearing the filter showed it again (its
// Delete then said it was "already deleted elsewhere"); a rename came back under its old name, its
// form still open. Now the list shows what the builder did, says it, and the keyboard stays in the filter.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, sentThenHiddenAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

/** Holds the plugin's requests on one template (its deletion or rename; reads of the list go on). */
function holdTemplateChangesAsync() {
  return holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));
}

describe('Templates: an answer for a row the filter hides', () => {
  it('a deletion leaves the list, is said, and the keyboard stays in the filter (light)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'light');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const held = await holdTemplateChangesAsync();
    // While the deletion is on its way, the designer filters the list to another template.
    await sentThenHiddenAsync({ list, filter }, held, () => ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' }).click());
    await held.releaseAsync();

    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'Deleted' })), { timeout: 20_000 }).toBe('Deleted “Welcome email”. ');
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await filter.press('Escape');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    expect(await list.getByRole('button', { name: 'Open “Welcome email”' }).count()).toBe(0);
    await checkAxeAsync(ui, 'Templates after a deletion answered under a filter, light');
    // The builder deleted it.
    expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain('Welcome email');
  });

  it('a rename shows its new name, its form closed, and is said (dark)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'dark');
    await list.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome series');
    const held = await holdTemplateChangesAsync();
    await sentThenHiddenAsync({ list, filter }, held, () => form.getByRole('button', { name: 'Save name and description' }).click());
    await held.releaseAsync();

    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'Renamed' })), { timeout: 20_000 }).toBe('Renamed “Welcome email” to “Welcome series”. ');
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await filter.press('Escape');
    await expect.poll(() => list.getByRole('button', { name: 'Open “Welcome series”' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await list.getByRole('button', { name: 'Open “Welcome email”' }).count()).toBe(0);
    expect(await ui.getByRole('form', { name: /^Rename / }).count()).toBe(0);
    await checkAxeAsync(ui, 'Templates after a rename answered under a filter, dark');
    expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).toContain('Welcome series');
  });
});
