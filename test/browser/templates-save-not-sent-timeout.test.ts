// Templates: a save the builder kept asking to slow down (a minute each time) until the sandbox's
// 100 seconds ran out before it could send it again. The sandbox said "… was not created. Try
// again in a little while.", but the window said "Envelope stopped waiting for the save …, which
// may still go through", read the list again and offered templates to link the frame to. Now the
// window keeps the sandbox's words: nothing was sent, nothing was made.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { BUILDER_SLOW_DOWN_NO_WAIT } from './support/builder-slow-down';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, selectLayerAsync } from './support/templates-steps';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Every save (POST /api/templates) refused with a minute's wait; the list reads as usual. */
function refuseSavesAsync(page: Page): Promise<() => Promise<void>> {
  const builderOrigin = new URL(h.emulator.builderUrl).origin;
  const slowDown = { ...BUILDER_SLOW_DOWN_NO_WAIT, headers: { ...BUILDER_SLOW_DOWN_NO_WAIT.headers, 'access-control-expose-headers': 'Retry-After', 'retry-after': '60' } };
  return addRouteAsync(page, (url) => url.origin === builderOrigin && url.pathname === '/api/templates', (route, request) =>
    request.method() === 'POST' ? route.fulfill(slowDown) : route.fallback(),
  );
}

describe('a save the sandbox ran out of time for before sending it', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it was not created, and offers no template to link (${theme})`, async () => {
      const name = `Never sent ${theme}`;
      const opened = await openPlaygroundWithClockAsync(h, `?command=templates&theme=${theme}&demo-keys=1`);
      context = opened.context;
      const ui = await pluginWindowAsync(opened.page);
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await selectLayerAsync(opened.page, 'Emails', DEMO_EMAIL_NAME);
      const field = ui.getByLabel('Template name');
      await expect.poll(() => field.inputValue()).toBe(DEMO_EMAIL_NAME);
      await field.fill(name);
      const saveSection = ui.getByRole('region', { name: 'Save selection as template' });
      const stopRoute = await refuseSavesAsync(opened.page);
      try {
        await saveSection.getByRole('button', { name: 'Save as template' }).click();
        // A second at a time past the sandbox's 100 seconds, short of the window's 120.
        for (let second = 0; second < 105 && (await saveSection.getByRole('alert').count()) === 0; second += 1) await context.clock.runFor(1_000);
        await expect
          .poll(() => textOf(saveSection.getByRole('alert')), { timeout: 20_000 })
          .toBe(`The builder did not answer within 100 seconds, so “${name}” was not created. Try again in a little while.`);
        expect(await ui.getByTestId('templates-lost-save').count()).toBe(0);
        await checkAxeAsync(ui, `Templates, a save not sent in time, ${theme}`);
      } finally {
        await stopRoute();
      }
      expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain(name);
    }, 120_000);
  }
});
