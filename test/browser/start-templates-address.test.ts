// The welcome screen with the builder key saved but the builder's address still the built-in
// stand-in: Templates says its address is missing, and its step goes where the address is entered,
// the keyboard in it, as Browse's and Sync's do. It was "Open Templates", a screen that could only
// say the address is missing. The real dist/ui.html in the playground, by roles and labels.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('the welcome screen’s Templates part, the builder key saved without its address', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`leads to the builder’s address, the keyboard in it (${theme})`, async () => {
      // The demo keys, then the builder's saved address removed: the built-in stand-in is used.
      await h.openFreshAsync(`?demo-keys=1&command=settings&theme=${theme}`);
      await evaluateHooks(h.page, async (hooks) => {
        await hooks.fake().clientStorage.deleteAsync('envelope.builder.baseUrl');
        await hooks.relaunchAsync();
      });
      const ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
      const templates = ui.getByRole('region', { name: 'Save frames as email templates' });
      await expect.poll(() => textOf(templates.locator('p.muted')), { timeout: 10_000 }).toBe('Your builder API key is saved. The email builder’s address is still missing: enter it in Settings.');
      await checkAxeAsync(ui, `the welcome screen, builder key without its address, ${theme}`);
      const step = templates.getByRole('button', { name: 'Enter the builder’s address' });
      await step.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
      const address = ui.getByTestId('settings-builder-base-url');
      await expect.poll(() => address.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
      expect(await address.inputValue()).toBe('https://app.templatebuilder.example');
    });
  }
});
