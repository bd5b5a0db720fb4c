// Templates at a builder address that sends a web page instead of data (a sign-in page, another
// site). Its words said to check the address in Settings, with no way there; now Open Settings
// stands beside them and puts the keyboard in the builder's address field, selected, as Browse's
// does for the same words. Under the list, no Try again: asking again gets the same page (as Browse).
// The web page is the emulator's "html" fault: every answer of the builder's address, from the
// moment it is set, is a sign-in page (with the CORS headers, as the plugin's window can read it).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { openSettingsOnBuilderAddressAsync } from './support/templates-steps';

const h = useHarness();

const words = 'The email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.';

describe('Templates: the builder’s address sends a web page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Open on a row offers Open Settings, which puts the keyboard in the builder’s address field (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ hasText: 'Welcome email' });
      await row.waitFor({ timeout: 20_000 });
      // From here the builder's address answers with a web page.
      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 1, kinds: ['html'] });
      await row.getByRole('button', { name: 'Open “Welcome email”' }).click();
      await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toBe(words);
      expect(await row.getByRole('button').allTextContents()).toEqual(['Open Settings', 'Open', 'Rename', 'Delete']);
      await checkAxeAsync(ui, `Templates, a row whose Open got a web page, ${theme}`);
      await openSettingsOnBuilderAddressAsync(h, ui, row);
    });
  }

  it('the list read as a web page: Open Settings under it, no Try again (asking again gets the same page)', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    await (await h.uiFrameAsync()).getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    // From here the builder's address answers with a web page, and the person runs the plugin again.
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['html'] });
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('region', { name: 'Templates in the workspace' });
    await expect.poll(() => textOf(list.getByRole('alert')), { timeout: 20_000 }).toBe(words);
    expect(await list.getByRole('button').allTextContents()).toEqual(['Open Settings']);
    await checkAxeAsync(ui, 'Templates, the list read as a web page');
    await list.getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => ui.getByRole('region', { name: 'Email builder' }).getByLabel('API address').evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
