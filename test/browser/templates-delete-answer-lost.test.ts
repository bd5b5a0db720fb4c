// Templates: a deletion whose answer the connection dropped. The builder deleted the template, so
// Delete pressed again, as the words ask, finds it gone: that is this designer's own deletion going
// through, said as "Deleted …", not as a deletion made elsewhere.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

/**
 * The Templates screen in `theme`; "Welcome email" deleted while the connection drops every answer:
 * the builder deletes it, and the row says its answer was lost. Resolves with the faults cleared.
 */
async function deletionAnswerLostAsync(theme: 'light' | 'dark') {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  const list = ui.getByRole('list', { name: 'Templates in the workspace' });
  await list.waitFor({ timeout: 20_000 });
  await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
  const confirm = list.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' });
  const faults = emulatorFaults(h.emulator);
  await faults.setAsync({ rate: 1, kinds: ['drop'] });
  await confirm.click();
  const alert = list.getByRole('alert');
  await expect.poll(() => textOf(alert), { timeout: 90_000 }).toMatch(/^The builder’s answer to deleting “Welcome email” was lost/);
  await faults.clearAsync();
  return { ui, list, confirm, alert };
}

describe('Templates: a deletion whose answer was lost', () => {
  it('says it may have gone through, and Delete again says it is deleted, not deleted elsewhere', async () => {
    const { ui, confirm, alert } = await deletionAnswerLostAsync('light');
    expect(await textOf(alert)).toMatch(/so it may have been deleted all the same\. Delete it again to be sure\.$/);
    // It was: the builder deleted it, and the connection dropped the answer.
    expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain('Welcome email');

    await confirm.click();
    await expect.poll(() => ui.getByText('Deleted “Welcome email”.', { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    expect(await ui.getByText('was already deleted elsewhere', { exact: false }).count()).toBe(0);
    await checkAxeAsync(ui, 'deleted after a lost answer');
  }, 150_000);

  it('a rename saved instead of Delete again says the lost deletion went through, not “Deleted …” as if the rename did it (dark)', async () => {
    const { ui, list } = await deletionAnswerLostAsync('dark');
    await list.getByRole('button', { name: 'Keep it' }).click();
    await list.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome series');
    await form.getByRole('button', { name: 'Save name and description' }).click();
    const said = '“Welcome email” is gone: most likely your earlier deletion went through.';
    await expect.poll(() => ui.getByText(said, { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    expect(await ui.getByText('Deleted “Welcome email”', { exact: false }).count()).toBe(0);
    expect(await list.getByRole('button', { name: /Welcome/ }).count()).toBe(0);
    await checkAxeAsync(ui, 'a rename after a lost deletion, dark');
  }, 150_000);

  it('stays listed when the list is read again without it, so Delete again can say it is deleted (light)', async () => {
    const { ui, list, confirm, alert } = await deletionAnswerLostAsync('light');
    await list.getByRole('button', { name: 'Keep it' }).click();
    // A filter hides the row and shows it again: drawn anew, it says nothing of the deletion any more, but the list still knows.
    const filter = ui.getByRole('textbox', { name: 'Filter by name' });
    await filter.fill('no template is named so');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(0);
    await filter.fill('');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).waitFor({ timeout: 20_000 });
    expect(await alert.count()).toBe(0);
    // A look at Settings and back: page 1, every template on it, is read again without the template.
    await ui.getByRole('button', { name: 'Settings' }).first().click();
    await ui.getByRole('button', { name: 'Templates' }).first().click();
    const listed = (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.length;
    // Counted as the builder counts: the row held is not one of its templates. Before the read
    // answers the count still includes it, so this waits for the read (the "Reading" line may not
    // have shown yet when the click returns).
    const region = ui.getByRole('region', { name: 'Templates in the workspace' });
    await expect.poll(() => textOf(region), { timeout: 20_000 }).toContain(`${listed} templates in the workspace.`);
    await expect.poll(() => ui.getByText('Reading the templates…').count(), { timeout: 20_000 }).toBe(0);
    expect(await list.getByRole('listitem').count()).toBe(listed + 1);
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    await confirm.click();
    await expect.poll(() => ui.getByText('Deleted “Welcome email”.', { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    expect(await list.getByRole('listitem').count()).toBe(listed);
  }, 150_000);
});
