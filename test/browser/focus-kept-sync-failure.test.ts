// A failure's retry keeps the keyboard in the window through a comparison that starts by itself:
// a collaborator's edit moves the count, the screen compares again, and the failure's notice goes
// with its retry (a new comparison is no retry of the old one). The focused retry went with it and
// the focus fell to the page body, so a keyboard user started again from the top of the window.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { evaluateHooks, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

describe('a failure’s retry while the screen compares again by itself', () => {
  it('hands the keyboard to the buttons below, not to the page body', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    // The builder refuses the next comparison (a fault set up here, not a click).
    const builder = new URL(h.emulator.builderUrl).origin;
    const stopRouteAsync = await addRouteAsync(h.page, (url) => url.origin === builder && url.pathname.includes('/ds_empty/'), (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
    try {
      await ui.getByTestId('sync-check').click();
      await ui.getByTestId('sync-error').waitFor({ timeout: 30_000 });
    } finally {
      await stopRouteAsync();
    }
    const retry = ui.locator('.sync-error').getByRole('button');
    await retry.focus();
    expect(await ui.evaluate(() => document.activeElement?.closest('.sync-error') !== null)).toBe(true);

    // A collaborator renames a component (no click here: the keyboard stays in the window).
    await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => {
        const component = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT') as ComponentNode;
        component.name = `${component.name} (renamed)`;
      }),
    );
    await ui.getByRole('button', { name: /^Sync 1 change$/ }).waitFor({ timeout: 30_000 });
    expect(await ui.getByTestId('sync-error').count()).toBe(0);

    const where = () => ui.evaluate(() => (document.activeElement?.closest('.sync-actions') ? document.activeElement.textContent : document.activeElement?.tagName));
    await expect.poll(where).toMatch(/^(Sync 1 change|Check again)$/);
    await checkAxeAsync(ui, 'sync after a failure went with a comparison started by itself');
  }, 180_000);
});
