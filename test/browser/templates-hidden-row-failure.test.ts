// Templates: a rename or a deletion that fails while the filter hides its row is said. The row,
// hidden by what the designer typed meanwhile, was no longer drawn, and its failure went unheard:
// nothing said the builder had refused, and the template showed again as if nothing had been
// asked. Now the list says which template and why, and a rename's draft name comes back with its row.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, sentThenHiddenAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

const KEY_REFUSED_WORDS = 'The builder API key was not accepted. Check the key in Settings; it may have been revoked.';

/**
 * Holds the plugin's requests on one template (its deletion or rename; reads of the list go on),
 * then answers each as the builder does a revoked key: the fault, set up here, never the person's clicks.
 */
function refuseTemplateChangesLaterAsync() {
  return holdRequestsAsync(
    h.page,
    h.emulator.builderUrl,
    (url) => url.pathname.startsWith('/api/templates/'),
    (route) =>
      route.fulfill({
        status: 401,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error: 'invalid_api_key', message: 'The provided API key is not valid.' }),
      }),
  );
}

async function templateNamesAsync(): Promise<string[]> {
  return (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name);
}

describe('Templates: a failure for a row the filter hides', () => {
  it('a rename is said failed, naming the template, and its draft name comes back with its row (light)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'light');
    await list.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome series');
    const refused = await refuseTemplateChangesLaterAsync();
    // While the rename is on its way, the designer filters the list to another template.
    await sentThenHiddenAsync({ list, filter }, refused, () => form.getByRole('button', { name: 'Save name and description' }).click());
    await refused.releaseAsync();

    await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 20_000 }).toBe(`Renaming “Welcome email”: ${KEY_REFUSED_WORDS}`);
    expect(await region.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await checkAxeAsync(ui, 'Templates after a rename refused under a filter, light');

    // Nothing typed is lost: the row shows again with its form as it was left.
    await filter.press('Escape');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(4);
    const back = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    expect(await back.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Welcome series');
    expect(await templateNamesAsync()).toContain('Welcome email');
  });

  it('a deletion is said failed, naming the template, which stays listed (dark)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'dark');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const refused = await refuseTemplateChangesLaterAsync();
    await sentThenHiddenAsync({ list, filter }, refused, () => ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' }).click());
    await refused.releaseAsync();

    await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 20_000 }).toBe(`Deleting “Welcome email”: ${KEY_REFUSED_WORDS}`);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await checkAxeAsync(ui, 'Templates after a deletion refused under a filter, dark');

    await filter.press('Escape');
    await expect.poll(() => list.getByRole('button', { name: 'Open “Welcome email”' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await templateNamesAsync()).toContain('Welcome email');
  });
});
