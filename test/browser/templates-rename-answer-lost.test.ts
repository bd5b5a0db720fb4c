// Templates: a rename whose answer the connection dropped. The builder renamed the template, but
// the row said "Envelope could not reach the email builder": now it says the rename may have gone
// through and how to be sure, and renaming again (the form kept what was typed) says it is done. The list
// had just been read from the builder's address, so the words name the connection, not the address
// (they said to check it in Settings, and offered Settings: a wrong lead).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: a rename whose answer was lost', () => {
  it('says it may have gone through, and a second try renames it', async () => {
    await h.openFreshAsync('?command=templates&theme=dark&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await list.getByRole('button', { name: 'Rename “Welcome email”' }).click();
    const form = ui.getByRole('form', { name: 'Rename “Welcome email”' });
    await form.getByRole('textbox', { name: 'New name' }).fill('Welcome email v2');

    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['drop'] });
    await form.getByRole('textbox', { name: 'New name' }).press('Enter');
    const alert = list.getByRole('alert');
    // The client tries again by itself (a rename sent twice is the same rename) before it says so.
    await expect.poll(() => textOf(alert), { timeout: 90_000 }).toMatch(/^The builder’s answer to renaming/);
    // The playground's builder address is one typed in Settings, but it has just answered (the list):
    // only the connection is said, and Settings is not offered.
    expect(await textOf(alert)).toBe(
      'The builder’s answer to renaming the template was lost (check the connection), so it may have been renamed all the same. Rename it again to be sure: a rename sent twice is the same rename.',
    );
    expect(await list.getByRole('button', { name: 'Open Settings' }).count()).toBe(0);
    await checkAxeAsync(ui, 'a rename whose answer was lost');
    await faults.clearAsync();
    // It was: the builder answered every time, and the connection dropped each answer.
    expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).toContain('Welcome email v2');

    await form.getByRole('button', { name: 'Save name and description' }).click();
    await expect.poll(() => list.getByRole('button', { name: 'Rename “Welcome email v2”' }).count(), { timeout: 20_000 }).toBe(1);
  }, 150_000);
});
