// Browse when the plugin could not hand over the library's key and address: its notice, "The
// library settings could not be read: …", with Try again. That Try again goes while it asks, so
// one pressed that failed again left the keyboard on the page (Tab started again from the top),
// as did the notice shown on opening Browse. Now its Try again takes the keyboard there, as the
// other library notices' actions do, never the alert (its words would be read twice).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, keyboardOnAlert } from './support/a11y-checks';
import { browseWindowAsync, focusedPlaceAsync } from './support/browse-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { refuseRequestsAsync } from './support/refused-requests';

const h = useHarness();

/** The plugin refuses Browse's asking for the library's key and address (a malformed request, answered with an error). */
const refuseCredentialsAsync = (on: boolean) => refuseRequestsAsync(h.page, 'library/credentials', on);

describe('Browse: the library’s key and address could not be read', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`puts the keyboard on Try again as the notice shows, and again after a Try again that failed (${theme})`, { timeout: 90_000 }, async () => {
      await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
      await browseWindowAsync(h);
      await refuseCredentialsAsync(true);
      try {
        await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
        const ui = await h.uiFrameAsync();
        const alert = ui.getByRole('alert');
        await expect.poll(() => textOf(alert), { timeout: 20_000 }).toMatch(/^The library settings could not be read: /);
        const words = await textOf(alert);
        // Browse opened on the notice: nothing held the keyboard, its Try again takes it.
        await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
        expect(await keyboardOnAlert(ui)).toBe('no');
        await checkAxeAsync(ui, `Browse, the library’s settings not read, ${theme}`);
        // Try again, from the keyboard: it goes while it asks, is refused again, and takes the keyboard back.
        // The plugin holds the asking a moment: the notice and its button go meanwhile, the keyboard falls to the page.
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
        await h.page.keyboard.press('Enter');
        await ui.getByRole('status').filter({ hasText: 'Opening the library…' }).waitFor({ timeout: 10_000 });
        expect(await focusedPlaceAsync(ui)).toBe('the page');
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
        await expect.poll(() => textOf(alert), { timeout: 20_000 }).toBe(words);
        await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
        expect(await keyboardOnAlert(ui)).toBe('no');
        await checkAxeAsync(ui, `Browse, the library’s settings not read again, ${theme}`);
        // The plugin answers again: Try again brings the emails.
        await refuseCredentialsAsync(false);
        await h.page.keyboard.press('Enter');
        await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
        expect(await ui.getByRole('alert').count()).toBe(0);
      } finally {
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
        await refuseCredentialsAsync(false);
      }
    });
  }
});
