// Templates when the builder cannot be reached at the address typed in Settings. The words said
// "Envelope could not reach the email builder. Check … the email builder’s address in Settings (…)"
// with no way there; now Open Settings stands beside them and, pressed from the keyboard, puts it
// in the builder's address field, as the other address notices' Open Settings does.
// That is for an address that never answered (the list could not be read). Once it has answered
// (the list came from it), the address is right: a row's Open that gets no answer said to check it
// and offered Settings all the same, a wrong lead; now it names the connection alone, and the row's
// Open stays to try again.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { openSettingsOnBuilderAddressAsync } from './support/templates-steps';

const h = useHarness();

/** From here the builder's API answers nothing (a wrong address typed, or the network down); the emulator's control surface still works. */
const noAnswerAsync = () => {
  const origin = new URL(h.emulator.builderUrl).origin;
  return addRouteAsync(h.page, (url) => url.origin === origin && url.pathname.startsWith('/api/'), (route) => route.abort('connectionrefused'));
};

describe('Templates: the builder not reached', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`never answered there: the address is said, and Open Settings puts the keyboard in the builder’s address field (${theme})`, async () => {
      const stopAsync = await noAnswerAsync();
      try {
        await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
        const ui = await h.uiFrameAsync();
        const section = ui.getByRole('region', { name: 'Templates in the workspace' });
        await expect
          .poll(() => textOf(section.getByRole('alert')), { timeout: 30_000 })
          .toBe(`Envelope could not reach the email builder. Check your internet connection and the email builder’s address in Settings (${new URL(h.emulator.builderUrl).origin}).`);
        expect(await section.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
        await checkAxeAsync(ui, `Templates, the builder never reached at the address typed in Settings, ${theme}`);
        await openSettingsOnBuilderAddressAsync(h, ui, section);
      } finally {
        await stopAsync();
      }
    }, 60_000);
  }

  it('after the list came from it: a row’s Open says the connection, not the address, with no Settings offered', async () => {
    await h.openFreshAsync('?command=templates&theme=dark&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ hasText: 'Welcome email' });
    await row.waitFor({ timeout: 20_000 });
    const stopAsync = await noAnswerAsync();
    try {
      await row.getByRole('button', { name: 'Open “Welcome email”' }).click();
      await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toBe('Envelope could not reach the email builder. Check your internet connection, then try again.');
      expect(await row.getByRole('button').allTextContents()).toEqual(['Open', 'Rename', 'Delete']);
      await checkAxeAsync(ui, 'Templates, a row that could not reach the builder after it answered, dark');
    } finally {
      await stopAsync();
    }
  }, 60_000);
});
