// Templates: a deletion whose answer the connection dropped, and a filter that hid its row. The
// builder deleted the template, so Delete pressed again, as the words ask, finds it gone: that is
// this designer's own deletion, said "Deleted …". Only the row knew the first answer was lost, and
// a row the filter hides is no longer drawn: whether it failed while hidden or was hidden after,
// the retry read "was already deleted elsewhere", as if a teammate had deleted it.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, sentThenHiddenAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

const LOST_WORDS = /^The builder’s answer to deleting “Welcome email” was lost .*so it may have been deleted all the same\. Delete it again to be sure\.$/;

const confirmButton = (ui: Frame) => ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' });

async function welcomeNamesGoneAsync(): Promise<void> {
  expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain('Welcome email');
}

/** The filter emptied (Escape), the row shows again; Delete pressed again there, as the words asked. */
async function deleteAgainAsync(ui: Frame, list: Locator, filter: Locator): Promise<void> {
  await filter.press('Escape');
  await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
  await confirmButton(ui).click();
}

async function saidDeletedByThisDesignerAsync(ui: Frame, region: Locator, what: string): Promise<void> {
  await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'Welcome email' })), { timeout: 20_000 }).toBe('Deleted “Welcome email”. ');
  expect(await ui.getByText('was already deleted elsewhere', { exact: false }).count()).toBe(0);
  expect(await region.getByRole('list', { name: 'Templates in the workspace' }).getByRole('button', { name: 'Open “Welcome email”' }).count()).toBe(0);
  await checkAxeAsync(ui, what);
}

describe('Templates: a deletion whose answer was lost, its row hidden by the filter', () => {
  it('lost while the filter hid the row: Delete again says it is deleted, not deleted elsewhere (light)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'light');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const held = await holdTemplateChangesAsync();
    await sentThenHiddenAsync({ list, filter }, held, () => confirmButton(ui).click());
    // The builder deletes it, and the connection drops each answer (the client's repeats' too).
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['drop'] });
    await held.releaseAsync();
    await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 90_000 }).toMatch(/^Deleting “Welcome email”: /);
    expect((await textOf(region.getByRole('alert')))?.replace(/^Deleting “Welcome email”: /, '')).toMatch(LOST_WORDS);
    await faults.clearAsync();
    await welcomeNamesGoneAsync();

    await deleteAgainAsync(ui, list, filter);
    await saidDeletedByThisDesignerAsync(ui, region, 'Templates, deleted again after a lost answer under a filter, light');
  }, 150_000);

  it('lost in sight, then hidden by the filter and shown again: Delete again says it is deleted, not deleted elsewhere (dark)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'dark');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['drop'] });
    await confirmButton(ui).click();
    await expect.poll(() => textOf(list.getByRole('alert')), { timeout: 90_000 }).toMatch(LOST_WORDS);
    await faults.clearAsync();
    await welcomeNamesGoneAsync();
    // The designer filters the list to another template, hiding the row, before trying again.
    await filter.fill('Monthly');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    await deleteAgainAsync(ui, list, filter);
    await saidDeletedByThisDesignerAsync(ui, region, 'Templates, deleted again after a lost answer and a filter, dark');
  }, 150_000);
});

/** Holds the plugin's requests on one template (its deletion; reads of the list go on). */
function holdTemplateChangesAsync() {
  return holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));
}
