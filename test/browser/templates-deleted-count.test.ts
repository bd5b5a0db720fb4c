// Templates: after a deletion, the workspace's count says one fewer, also when the list's read that
// follows fails. It kept the count of the read before: "Deleted “Welcome email”. 4 templates in the
// workspace." stood over the 3 left.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: the count after a deletion', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says one fewer when the list cannot be read again afterwards (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const region = ui.getByRole('region', { name: 'Templates in the workspace' });
      const list = region.getByRole('list', { name: 'Templates in the workspace' });
      const count = region.getByRole('status').filter({ hasText: 'in the workspace' });
      await expect.poll(() => textOf(count), { timeout: 20_000 }).toBe('4 templates in the workspace.');

      // The builder fails every read of the list from now on (a deletion still goes through).
      const builder = new URL(h.emulator.builderUrl).origin;
      const stopAsync = await addRouteAsync(
        h.page,
        (url) => url.origin === builder && url.pathname === '/api/templates',
        (route, request) =>
          request.method() === 'GET'
            ? route.fulfill({ status: 503, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: 'unavailable', message: 'Down for a moment.' }) })
            : route.continue(),
      );
      try {
        // The designer deletes "Welcome email" by keyboard.
        await list.getByRole('button', { name: 'Delete “Welcome email”' }).focus();
        await h.page.keyboard.press('Enter');
        const confirm = ui.getByRole('group', { name: 'Delete “Welcome email”?' }).getByRole('button', { name: 'Delete “Welcome email”' });
        await expect.poll(() => confirm.evaluate((button) => button === document.activeElement).catch(() => false), { timeout: 10_000 }).toBe(true);
        await h.page.keyboard.press('Enter');
        await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'Deleted' })), { timeout: 20_000 }).toBe('Deleted “Welcome email”. ');
        await region.getByRole('alert').waitFor({ timeout: 30_000 });

        expect(await list.getByRole('listitem').count()).toBe(3);
        expect(await textOf(count)).toBe('3 templates in the workspace.');
        await checkAxeAsync(ui, `Templates after a deletion whose list read failed, ${theme}`);
      } finally {
        await stopAsync();
      }
      // The builder holds the three the list shows.
      expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain('Welcome email');
      expect((await builderAsync(h, '/templates')).meta.total).toBe(3);
    });
  }
});
