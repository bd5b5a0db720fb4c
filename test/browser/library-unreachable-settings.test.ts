// Browse when the library cannot be reached at the address typed in Settings. The notice said
// "Envelope could not reach the email library. Check your internet connection and the email
// library’s address in Settings (…)" with only Try again; now Open Settings stands beside it and
// puts the keyboard in the library's address field, selected, as Browse's other address notices'
// Open Settings does. Try again stays (the network may only be down).
// That is for an address that never answered. One that has (the newest emails came from it) is
// right: the words said to check it and offered Settings all the same, a wrong lead; now they name
// the connection alone, with Try again. The real dist/ui.html in the playground.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { browseWindowAsync, openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { addressField, focusedAddressSelectionAsync } from './support/settings-steps';

const h = useHarness();

/** From here the library's API answers nothing (a wrong address typed, or the network down); the emulator's control surface still works. */
const noAnswerAsync = (origin: string) => addRouteAsync(h.page, (url) => url.origin === origin && url.pathname.startsWith('/v1/'), (route) => route.abort('connectionrefused'));

describe('Browse: the library not reached at the address typed in Settings', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`never answered there: offers Open Settings beside Try again; pressed, it puts the keyboard in the library’s address (${theme})`, { timeout: 90_000 }, async () => {
      const origin = new URL(h.emulator.libraryUrl).origin;
      const stopAsync = await noAnswerAsync(origin);
      try {
        await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
        const ui = await h.uiFrameAsync();
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

  it('after it answered: the connection is said, not the address, and Try again alone is offered', { timeout: 90_000 }, async () => {
    const ui = await openBrowseAsync(h, 'dark');
    const stopAsync = await noAnswerAsync(new URL(h.emulator.libraryUrl).origin);
    try {
      await ui.getByLabel('Category').selectOption({ label: 'Food' });
      const notice = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 30_000 }).toBe('Envelope could not reach the email library. Check your internet connection, then try again.');
      expect(await notice.getByRole('button').allTextContents()).toEqual(['Try again']);
      await checkAxeAsync(ui, 'Browse, the library not reached after it answered, dark');
      // The network is back: Try again shows the emails.
      await stopAsync();
      await notice.getByRole('button', { name: 'Try again' }).click();
      await browseWindowAsync(h);
      await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);
    } finally {
      await stopAsync();
    }
  });
});
