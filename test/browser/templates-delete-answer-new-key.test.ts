// Templates: a deletion answered after the list was read afresh with a new builder key. The
// designer deletes "Welcome email"; while the deletion is on its way, a teammate deletes it in the
// builder, and the designer saves another key in Settings and comes back: the list, read with the
// new key, no longer holds it. The deletion's answer then came for a row already gone, and was
// taken for a repeat: nothing was said of it. Now it is said, as for any deletion.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { allAnsweredAsync, builderAsync, builderKeysAsync, saveBuilderKeyAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: a deletion answered after a new key’s read', () => {
  it('is said, though its row already went with the read afresh (dark)', async () => {
    const keys = await builderKeysAsync(h);
    const { ui, region, list } = await templatesListedAsync(h, 'dark');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    // The plugin's deletion is held on its way; reads of the list go on.
    const held = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));
    await ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' }).click();
    await expect.poll(() => held.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // A teammate deletes it meanwhile; the designer saves the other key and comes back.
    const id = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates')).data.find((template) => template.name === 'Welcome email')!.id;
    expect((await builderAsync(h, `/templates/${id}`, 'DELETE')).status).toBe(204);
    await saveBuilderKeyAsync(ui, keys.other);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    expect(await list.getByText('Welcome email', { exact: true }).count()).toBe(0);

    await held.releaseAsync();
    await expect.poll(() => textOf(region.locator('p.muted [role="status"]').first()), { timeout: 20_000 }).toBe('“Welcome email” was already deleted elsewhere. ');
    await allAnsweredAsync(h, ui);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    expect(await textOf(region)).toContain('3 templates');
    await checkAxeAsync(ui, 'Templates, a deletion answered after a new key’s read, dark');
  });
});
