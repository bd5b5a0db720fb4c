// "Save for this file" with the design-system field empty, in a file linked to none: nothing is
// unlinked, so it must not say "no longer linked" (as if a link had just been removed).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateHooks, openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.openFreshAsync();
});

describe('an empty design-system id saved in a file linked to none', () => {
  it('says the file is not linked and how to link it (it said “no longer linked”), then “no longer” once a link is removed', async () => {
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Design system for this file' });
    const field = section.getByRole('textbox', { name: 'Design system id' });
    expect(await field.inputValue()).toBe('');
    await field.press('Enter');
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file is not linked to a design system: enter the id above, then save.');
    // Not shown as a success: nothing was linked or unlinked (it was green).
    expect(await section.getByRole('status').getAttribute('data-tone')).toBe('info');
    expect(await evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => hooks.inspect().root.getSharedPluginData('envelope', 'designSystemId')))).toBe('');

    await field.fill('ds_empty');
    await field.press('Enter');
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toMatch(/^This file now syncs to design system “ds_empty”\./);
    await field.fill('');
    await field.press('Enter');
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file is no longer linked to a design system.');
    expect(await section.getByRole('status').getAttribute('data-tone')).toBe('success');
  });
});
