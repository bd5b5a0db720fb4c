// Templates: a rename sent with an empty name says "Enter a template name." by the field. A valid
// name typed then and refused by the builder kept those words under it, beside the builder's
// failure, as if the new name were empty too. The form says what the latest attempt found.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
const NAME = 'Welcome email';
const EMPTY_NAME = 'Enter a template name.';

describe('Templates: a rename refused after an empty name', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the builder’s refusal alone, not the empty name before it (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText(NAME, { exact: true }) });
      await row.getByRole('button', { name: `Rename “${NAME}”` }).click({ timeout: 20_000 });
      const form = row.getByRole('form', { name: `Rename “${NAME}”` });
      const name = form.getByRole('textbox', { name: 'New name' });

      await name.fill('');
      await name.press('Enter');
      await expect.poll(() => form.getByText(EMPTY_NAME).count(), { timeout: 10_000 }).toBe(1);

      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 1, kinds: ['html'] });
      await name.fill('Welcome email v2');
      await name.press('Enter');
      await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toBeTruthy();
      await faults.clearAsync();

      expect(await form.getByText(EMPTY_NAME).count()).toBe(0);
      expect(await name.getAttribute('aria-invalid')).toBeNull();
      expect(await name.inputValue()).toBe('Welcome email v2');
      await checkAxeAsync(ui, `a rename refused after an empty name, ${theme}`);
    }, 60_000);
  }
});
