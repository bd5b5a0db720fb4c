// Templates on a first visit: no builder key, and the builder's address still the built-in
// `.example` stand-in. The list says the address is missing too, as Sync does, and its Open
// Settings puts the keyboard in the builder's address, above the key (it named the key alone and
// opened on it; after the key's Save, Templates said the address was missing).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('Templates without a builder key at the stand-in address', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the address is missing too, and Open Settings puts the keyboard in it (${theme})`, async () => {
      await h.openFirstVisitAsync(`?command=templates&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const list = ui.getByRole('region', { name: 'Templates in the workspace' });
      await expect
        .poll(() => textOf(list.locator('.notice')), { timeout: 20_000 })
        .toBe('This needs a builder API key. Add one in Settings. The email builder’s address is missing too: enter it there first.');
      await checkAxeAsync(ui, `Templates without a builder address or key, ${theme}`);
      await list.getByRole('button', { name: 'Open Settings' }).click();
      const address = ui.getByTestId('settings-builder-base-url');
      await expect.poll(() => address.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
      expect(await address.inputValue()).toBe('https://app.templatebuilder.example');
    });
  }
});
