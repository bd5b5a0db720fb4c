// Templates: a second change of a template, answered after its row went. Its answer took the
// row's removal for its own and said it again over what the list said of the first: a second
// deletion's "already gone" as "was already deleted elsewhere", a rename that waited behind the
// frame's unlink as the same, each time reading the list and the selection again. Two ways there:
// a row the filter hid and showed again forgot that its deletion was on its way, so its Delete
// could be pressed again; and while "Unlink the frame" ran, the row's rename could be saved again.
// Now an answer for a row no longer listed changes nothing, and the row's actions are held while
// its frame's unlink runs.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { allAnsweredAsync, linkedTemplateDeletedElsewhereAsync, requestsToSandboxAsync, sentThenHiddenAsync, templatesListedAsync } from './support/templates-steps';

const h = useHarness();

const confirmButton = (ui: Frame) => ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' });
/** What the list says of the last action (its first status line). */
const saidAsync = (region: Locator) => textOf(region.locator('p.muted [role="status"]').first());

/** Holds the plugin's requests on one template (its rename or deletion; reads of the list go on). */
const holdTemplateChangesAsync = () => holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));

describe('Templates: a change answered after its row went', () => {
  it('a deletion pressed again in a row the filter hid and showed again: its “already gone” leaves “Deleted …” said, and reads nothing again (light)', async () => {
    const { ui, region, list, filter } = await templatesListedAsync(h, 'light');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    const held = await holdTemplateChangesAsync();
    await sentThenHiddenAsync({ list, filter }, held, () => confirmButton(ui).click());
    // Shown again, the row has Delete to press once more: the second deletion waits behind the first.
    await filter.press('Escape');
    await list.getByRole('button', { name: 'Delete “Welcome email”' }).click();
    await confirmButton(ui).click();
    await expect.poll(() => requestsToSandboxAsync(h, 'templates/delete'), { timeout: 20_000 }).toBe(2);
    const lists = await requestsToSandboxAsync(h, 'templates/list');
    const selections = await requestsToSandboxAsync(h, 'templates/selection');

    await held.releaseAsync();
    await expect.poll(() => saidAsync(region), { timeout: 20_000 }).toBe('Deleted “Welcome email”. ');
    await allAnsweredAsync(h, ui);
    expect(await saidAsync(region), 'what the list said of the deletion, after the second one’s answer').toBe('Deleted “Welcome email”. ');
    expect(await ui.getByText('was already deleted elsewhere', { exact: false }).count()).toBe(0);
    // Read again once, for the deletion: not for its repeat.
    expect(await requestsToSandboxAsync(h, 'templates/list')).toBe(lists + 1);
    expect(await requestsToSandboxAsync(h, 'templates/selection')).toBe(selections + 1);
    await checkAxeAsync(ui, 'Templates, a deletion pressed twice answered, light');
  });

  it('while Unlink the frame runs, the row’s rename is held: Enter in its name sends nothing, and the unlink’s words stay (dark)', async () => {
    const { ui, region, row, name, save } = await linkedTemplateDeletedElsewhereAsync(h, 'dark');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toMatch(/is no longer in the builder: it was deleted elsewhere\./);
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
