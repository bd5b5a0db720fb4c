// Templates: a rename saved with nothing changed sends nothing. Sent, the builder took it for a
// change: the template went to the top of the list as "Updated just now".
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

async function updatedAtAsync(name: string): Promise<string | undefined> {
  return (await builderAsync<Array<{ name: string; updated_at: string }>>(h, '/templates')).data.find((template) => template.name === name)?.updated_at;
}

describe('Templates: a rename with nothing changed', () => {
  it('closes the form, leaves the template as it was, and puts the keyboard back on Rename', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    const before = await updatedAtAsync('Welcome email');
    expect(before).toBeDefined();

    await ui.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    // A space typed after it is not a new name either (the name is sent trimmed).
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome email ');
    await form.getByRole('button', { name: 'Save name and description' }).click();

    await form.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename “Welcome email”');
    expect(await updatedAtAsync('Welcome email')).toBe(before);
    expect(await ui.getByRole('listitem').filter({ hasText: 'Welcome email' }).getByText('Updated just now').count()).toBe(0);
  });
});
