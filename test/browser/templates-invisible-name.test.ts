// Templates: a name of only a zero-width space is an empty name. It was saved as a template, then
// shown as “” in what the save said and the frame's link, and as a blank row in the list; a rename
// to it did the same. Now both say "Enter a template name." by the field, which keeps the keyboard.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();

const templateNamesAsync = async () => (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name);
const focusedIdAsync = (ui: Frame) => ui.evaluate(() => document.activeElement?.id ?? '');

describe('Templates: a name of only a zero-width space', () => {
  it('is not saved nor given in a rename: the field says to enter a name', async () => {
    await h.openFreshAsync('?command=templates&theme=dark&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    const before = await templateNamesAsync();
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: DEMO_EMAIL_NAME }).click();
    const name = ui.getByLabel('Template name');
    await expect.poll(() => name.inputValue(), { timeout: 20_000 }).toBe(DEMO_EMAIL_NAME);

    await name.fill('\u200b');
    await name.press('Enter');
    await expect.poll(() => textOf(ui.locator('#template-name-error')), { timeout: 10_000 }).toBe('Enter a template name.');
    expect(await focusedIdAsync(ui)).toBe('template-name');
    await checkAxeAsync(ui, 'save refused: a name of only a zero-width space');

    await ui.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    await form.getByRole('textbox', { name: 'New name' }).fill('\u200b\u200b');
    await form.getByRole('textbox', { name: 'New name' }).press('Enter');
    await expect.poll(() => textOf(form.locator('.field-error')), { timeout: 10_000 }).toBe('Enter a template name.');
    expect(await focusedIdAsync(ui)).toMatch(/^rename-/);
    await checkAxeAsync(ui, 'rename refused: a name of only zero-width spaces');

    // Nothing reached the builder: no template made, none renamed.
    expect(await templateNamesAsync()).toEqual(before);
    expect(await ui.getByText('“\u200b”').count()).toBe(0);
  });
});
