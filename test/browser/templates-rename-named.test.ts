// Templates: each rename form is named after its template. Two renames open at once were two
// unnamed forms of the same "New name" and "Description" fields: a screen reader moving between
// them could not tell which template each field would rename.
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { useHarness } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

async function templateNamesAsync(): Promise<string[]> {
  return (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name);
}

describe('Templates: two renames open at once', () => {
  it('are forms named after their templates, and each renames its own', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await ui.getByRole('button', { name: 'Rename “Order confirmation”' }).click();
    await ui.getByRole('button', { name: 'Rename “Welcome email”' }).click();

    const welcome = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    const order = ui.getByRole('form', { name: 'Rename “Order confirmation”' });
    expect(await welcome.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Welcome email');
    expect(await order.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Order confirmation');
    expect(await axeViolationsAsync(ui)).toEqual([]);

    await welcome.getByRole('textbox', { name: 'New name' }).fill('Welcome email (v2)');
    await welcome.getByRole('textbox', { name: 'New name' }).press('Enter');
    await expect.poll(templateNamesAsync, { timeout: 20_000 }).toContain('Welcome email (v2)');
    expect(await templateNamesAsync()).toContain('Order confirmation');
    // The other rename is still there, as it was left.
    expect(await order.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Order confirmation');
  });
});
