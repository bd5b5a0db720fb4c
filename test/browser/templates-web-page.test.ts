// Templates at a builder address that sends a web page instead of data (a sign-in page, another
// site). Its words said to check the address in Settings, with no way there; now Open Settings
// stands beside them and puts the keyboard in the builder's address field, selected, as Browse's
// does for the same words. Under the list, no Try again: asking again gets the same page (as Browse).
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { openSettingsOnBuilderAddressAsync } from './support/templates-steps';

const h = useHarness();

const webPage = { status: 200, headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*' }, body: '<!doctype html><title>Welcome</title><p>Sign in</p>' };
const words = 'The email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.';

describe('Templates: the builder’s address sends a web page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Open on a row offers Open Settings, which puts the keyboard in the builder’s address field (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ hasText: 'Welcome email' });
      await row.waitFor({ timeout: 20_000 });
      // From here the builder's address answers with a web page.
      const builder = new URL(h.emulator.builderUrl).origin;
      const stopAsync = await addRouteAsync(h.page, (url) => url.origin === builder && url.pathname.startsWith('/api/templates/'), (route: Route) => route.fulfill(webPage));
      try {
        await row.getByRole('button', { name: 'Open “Welcome email”' }).click();
        await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toBe(words);
        expect(await row.getByRole('button').allTextContents()).toEqual(['Open Settings', 'Open', 'Rename', 'Delete']);
        await checkAxeAsync(ui, `Templates, a row whose Open got a web page, ${theme}`);
        await openSettingsOnBuilderAddressAsync(h, ui, row);
      } finally {
        await stopAsync();
      }
    });
  }

  it('the list read as a web page: Open Settings under it, no Try again (asking again gets the same page)', async () => {
    const builder = new URL(h.emulator.builderUrl).origin;
    const stopAsync = await addRouteAsync(h.page, (url) => url.origin === builder && url.pathname === '/api/templates', (route: Route) => route.fulfill(webPage));
    try {
      await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
      const ui = await h.uiFrameAsync();
      const list = ui.getByRole('region', { name: 'Templates in the workspace' });
      await expect.poll(() => textOf(list.getByRole('alert')), { timeout: 20_000 }).toBe(words);
      expect(await list.getByRole('button').allTextContents()).toEqual(['Open Settings']);
      await checkAxeAsync(ui, 'Templates, the list read as a web page');
      await list.getByRole('button', { name: 'Open Settings' }).click();
      await expect.poll(() => ui.getByRole('region', { name: 'Email builder' }).getByLabel('API address').evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
    } finally {
      await stopAsync();
    }
  });
});
