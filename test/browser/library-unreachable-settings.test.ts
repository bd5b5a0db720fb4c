// Browse when the library cannot be reached at the address typed in Settings. The notice said
// "Envelope could not reach the email library. Check your internet connection and the email
// library’s address in Settings (…)" with only Try again; now Open Settings stands beside it and
// puts the keyboard in the library's address field, selected, as Browse's other address notices'
// Open Settings does. Try again stays (the network may only be down). The real dist/ui.html in the playground.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { addressField, focusedAddressSelectionAsync } from './support/settings-steps';

const h = useHarness();

describe('Browse: the library not reached at the address typed in Settings', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`offers Open Settings beside Try again; pressed, it puts the keyboard in the library’s address (${theme})`, { timeout: 90_000 }, async () => {
      const ui = await openBrowseAsync(h, theme);
      const origin = new URL(h.emulator.libraryUrl).origin;
      // From here the library's address answers nothing (a wrong one typed, or the network down).
      const stopAsync = await addRouteAsync(h.page, (url) => url.origin === origin, (route) => route.abort('connectionrefused'));
      try {
        await ui.getByLabel('Category').selectOption({ label: 'Food' });
        const notice = ui.getByTestId('library-problem');
        const words = `Envelope could not reach the email library. Check your internet connection and the email library’s address in Settings (${origin}).`;
        await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 30_000 }).toBe(words);
        expect(await notice.getByRole('button').allTextContents()).toEqual(['Open Settings', 'Try again']);
        await checkAxeAsync(ui, `Browse, the library not reached at the address typed in Settings, ${theme}`);
        // Try again, from the keyboard: asked again, still not reached, the keyboard lands on Open Settings.
        await notice.getByRole('button', { name: 'Try again' }).focus();
        await h.page.keyboard.press('Enter');
        await expect.poll(() => notice.getByRole('button', { name: 'Open Settings' }).evaluate((element) => element === document.activeElement), { timeout: 30_000 }).toBe(true);
        expect(await textOf(notice.getByRole('alert'))).toBe(words);
        await h.page.keyboard.press('Enter');
        expect(await focusedAddressSelectionAsync(addressField(ui, 'Email library'))).toBe(h.emulator.libraryUrl);
      } finally {
        await stopAsync();
      }
    });
  }
});
