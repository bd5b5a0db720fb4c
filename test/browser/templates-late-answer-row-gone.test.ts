// Templates: a change of a template answered after its row went, or while its row was drawn anew.
// A row the filter hid and showed again forgot that its deletion or rename was on its way: its
// Delete or Save could be pressed again, and the second answer ("already gone") was said over the
// first's; while "Unlink the frame" ran, the row's rename could be saved again. Now the list keeps
// each template's change on its way, and the row drawn again holds its actions until it is answered.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { allAnsweredAsync, builderAsync, linkedTemplateDeletedElsewhereAsync, requestsToSandboxAsync, sentThenHiddenAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

const confirmButton = (ui: Frame) => ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' });
/** What the list says of the last action (its first status line). */
const saidAsync = (region: Locator) => textOf(region.locator('p.muted [role="status"]').first());

/** Holds the plugin's requests on one template (its rename or deletion; reads of the list go on). */
const holdTemplateChangesAsync = () => holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));

describe('Templates: a change answered after its row went', () => {
  it('a row the filter hid and showed again while its deletion is on its way shows its confirmation busy: Delete sends nothing more, and the one answer says “Deleted …” (light)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'light');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const held = await holdTemplateChangesAsync();
    await sentThenHiddenAsync({ list, filter }, held, () => confirmButton(ui).click());
    // Shown again, the row holds its deletion on its way: its confirmation, Delete busy and Keep it disabled.
    await filter.press('Escape');
    await expect.poll(() => confirmButton(ui).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('true');
    expect(await ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Keep it' }).isDisabled()).toBe(true);
    expect(await list.getByRole('button', { name: 'Open “Welcome email”' }).count(), 'the row’s other actions, while its confirmation is shown').toBe(0);
    await checkAxeAsync(ui, 'Templates, a row shown again with its deletion on its way, light');
    // Pressed as a person would press a busy button (Playwright's click waits for it to be enabled).
    await confirmButton(ui).click({ force: true });
    await confirmButton(ui).press('Enter');
    // The designer goes back to the filter meanwhile: the answer does not take the keyboard from it.
    await filter.focus();
    const lists = await requestsToSandboxAsync(h, 'templates/list');
    const selections = await requestsToSandboxAsync(h, 'templates/selection');

    await held.releaseAsync();
    await expect.poll(() => saidAsync(region), { timeout: 20_000 }).toBe('Deleted “Welcome email”. ');
    await allAnsweredAsync(h, ui);
    expect(await requestsToSandboxAsync(h, 'templates/delete'), 'deletions sent').toBe(1);
    expect(await saidAsync(region)).toBe('Deleted “Welcome email”. ');
    expect(await ui.getByText('was already deleted elsewhere', { exact: false }).count()).toBe(0);
    expect(await requestsToSandboxAsync(h, 'templates/list')).toBe(lists + 1);
    expect(await requestsToSandboxAsync(h, 'templates/selection')).toBe(selections + 1);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
  });

  it('a row the filter hid and showed again while its rename is on its way shows its form with Save busy; the answer closes it, and one rename was sent (dark)', async () => {
    const { ui, list, filter } = await templatesListedAsync(h, 'dark');
    await list.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    const save = form.getByRole('button', { name: 'Save name and description' });
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome series');
    const held = await holdTemplateChangesAsync();
    await sentThenHiddenAsync({ list, filter }, held, () => save.click());
    await filter.press('Escape');
    await expect.poll(() => save.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('true');
    expect(await form.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Welcome series');
    await form.getByRole('textbox', { name: 'New name' }).press('Enter');
    await save.click({ force: true });
    // The designer moves on to the filter meanwhile: the answer closes the form without taking the keyboard.
    await filter.focus();

    await held.releaseAsync();
    await expect.poll(() => list.getByRole('button', { name: 'Open “Welcome series”' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => ui.getByRole('form', { name: /^Rename / }).count(), { timeout: 20_000 }).toBe(0);
    await allAnsweredAsync(h, ui);
    expect(await requestsToSandboxAsync(h, 'templates/rename'), 'renames sent').toBe(1);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await checkAxeAsync(ui, 'Templates, a rename answered after its row showed again, dark');
    expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).toContain('Welcome series');
  });

  it('while Unlink the frame runs, the row’s rename is held: Enter in its name sends nothing, and the unlink’s words stay (dark)', async () => {
    const { ui, region, row, name, save } = await linkedTemplateDeletedElsewhereAsync(h, 'dark');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toMatch(/is no longer in the builder: it has been deleted\./);
    const renames = await requestsToSandboxAsync(h, 'templates/rename');
    // The sandbox is busy (a fault): the unlink waits on its way, and the rename's answer is held too.
    const held = await holdTemplateChangesAsync();
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    let saveWhileUnlinking: string | null;
    try {
      await row.getByRole('button', { name: 'Unlink the frame' }).focus();
      await h.page.keyboard.press('Enter');
      await name.press('Enter');
      saveWhileUnlinking = await save.getAttribute('aria-busy');
      await checkAxeAsync(ui, 'Templates, a row while its frame is unlinked, dark');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    const said = `“${DEMO_EMAIL_NAME}” was already deleted elsewhere. The frame “${DEMO_EMAIL_NAME}” is no longer linked to it. `;
    await expect.poll(() => saidAsync(region), { timeout: 20_000 }).toBe(said);
    await held.releaseAsync();
    await allAnsweredAsync(h, ui);
    expect(await saidAsync(region), 'what the list said of the unlink, after everything was answered').toBe(said);
    expect(await requestsToSandboxAsync(h, 'templates/rename'), 'renames sent while the unlink ran').toBe(renames);
    expect(saveWhileUnlinking).toBe('true');
  });
});
