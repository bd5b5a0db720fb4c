// Templates: Open on a row when the builder cannot be reached at the address typed in Settings.
// The row said "Envelope could not reach the email builder. Check … the email builder’s address in
// Settings (…)" with no way there; now Open Settings stands beside the words and, pressed from the
// keyboard, puts it in the builder's address field, as the other address notices' Open Settings
// does. The row's Open stays to try again.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { openSettingsOnBuilderAddressAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: a row that could not reach the builder', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`offers Open Settings, which puts the keyboard in the builder’s address field (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ hasText: 'Welcome email' });
      await row.waitFor({ timeout: 20_000 });
      // From here the builder's address answers nothing (a wrong one typed, or the network down).
      const stopAsync = await addRouteAsync(h.page, (url) => url.origin === new URL(h.emulator.builderUrl).origin, (route) => route.abort('connectionrefused'));
      try {
        await row.getByRole('button', { name: 'Open “Welcome email”' }).click();
        await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toBe(`Envelope could not reach the email builder. Check your internet connection and the email builder’s address in Settings (${new URL(h.emulator.builderUrl).origin}).`);
        expect(await row.getByRole('button').allTextContents()).toEqual(['Open Settings', 'Open', 'Rename', 'Delete']);
        await checkAxeAsync(ui, `Templates, a row that could not reach the builder, ${theme}`);
        await openSettingsOnBuilderAddressAsync(h, ui, row);
      } finally {
        await stopAsync();
      }
    });
  }
});
