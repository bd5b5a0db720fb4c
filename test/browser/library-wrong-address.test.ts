// A library address that answers with a web page (another site, a sign-in page): the notice says
// to check the address in Settings, and its button opens Settings on that address, selected, not
// a Try again that would only get the same page. A status the library does not document: Open
// Settings and Try again, as its words say. The real dist/ui.html in the playground.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { searchRoute } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { focusedAddressSelectionAsync } from './support/settings-steps';

const h = useHarness();

describe('Browse at an address that sends a web page', () => {
  it('offers Open Settings, which puts the keyboard in the library’s address', async () => {
    await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
    await (await h.uiFrameAsync()).getByRole('button', { name: 'Settings' }).first().waitFor({ timeout: 20_000 });
    // From here the library's address answers with a web page (the emulator's "html" fault), and the person runs the plugin again.
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['html'] });
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    const ui = await h.uiFrameAsync();
    const notice = ui.getByTestId('library-problem');
    await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 20_000 }).toContain('sent a web page instead of data');
    expect(await notice.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Open Settings' }).click();
    const address = ui.getByTestId('settings-library-base-url');
    expect(await focusedAddressSelectionAsync(address)).toBe(await address.inputValue());
  });

  it('a status the library’s documents do not list: its words say to check the address, else try again; both are offered', async () => {
    // A bare 403 (no error body of the library's): turned away, it cannot say why.
    const refused = { status: 403, headers: { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }, body: 'Forbidden' };
    const stopAsync = await addRouteAsync(h.page, searchRoute, (route: Route) => route.fulfill(refused));
    try {
      await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
      const ui = await h.uiFrameAsync();
      const notice = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 20_000 }).toMatch(/Check the email library’s address in Settings; if it is right, try again later\.$/);
      expect(await notice.getByRole('button').allTextContents()).toEqual(['Open Settings', 'Try again']);
      await checkAxeAsync(ui, 'Browse, a status the library does not document');
      await notice.getByRole('button', { name: 'Open Settings' }).click();
      await expect.poll(() => ui.getByTestId('settings-library-base-url').evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
    } finally {
      await stopAsync();
    }
  });
});
