// Settings: the builder answers Test connection and the design-system check with a 429 that gives
// no Retry-After. Test connection said "… slow down for this key. Try again in a minute." and the
// check "… slow down for a minute": both stayed on screen and went untrue a minute later. They
// now say the wait every screen says then (Browse counts the same one down): Test connection
// counts it down and says when it is over, the check says the clock time it ends.
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { BUILDER_SLOW_DOWN_NO_WAIT } from './support/builder-slow-down';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('the builder asks Settings to slow down without saying for how long', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Test connection counts the wait down and says when it is over, and the design-system check names when it ends (${theme})`, async () => {
      const opened = await openPlaygroundWithClockAsync(h, `?command=settings&theme=${theme}&demo-keys=1`);
      context = opened.context;
      const ui = await pluginWindowAsync(opened.page);
      const builder = ui.getByRole('region', { name: 'Email builder' });
      await builder.getByRole('button', { name: 'Test connection' }).waitFor({ timeout: 20_000 });
      // The page's clock at 12:05:40 (this machine's time zone, as the window's). The window and the
      // sandbox may read it a moment apart: the check's 30 seconds can read as 31.
      await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
      const stopRoute = await addRouteAsync(opened.page, (url) => url.origin === new URL(h.emulator.builderUrl).origin, (route) => route.fulfill(BUILDER_SLOW_DOWN_NO_WAIT));
      try {
        await builder.getByRole('button', { name: 'Test connection' }).click();
        await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 20_000 }).toBe('The email builder asked Envelope to slow down for this key.');
        const countdown = builder.getByTestId('settings-builder-countdown');
        await expect.poll(() => textOf(countdown), { timeout: 10_000 }).toMatch(/^Test again in (30|29) seconds\.$/);
        await checkAxeAsync(ui, `Settings, the builder’s test refused with no wait given, counting down, ${theme}`);
        await context.clock.fastForward(31_000);
        await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 10_000 }).toBe('The email builder asked Envelope to slow down for this key. You can test again now.');
        expect(await countdown.count()).toBe(0);

        const designSystem = ui.getByRole('region', { name: 'Design system for this file' });
        await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
        await designSystem.getByRole('textbox', { name: 'Design system id' }).fill('ds_other');
        await designSystem.getByRole('button', { name: 'Save for this file' }).click();
        await expect
          .poll(() => textOf(designSystem.getByRole('status')), { timeout: 20_000 })
          .toMatch(/ Envelope could not check the id with the builder just now: the builder asked Envelope to slow down\. Sync checks it when it compares\. You can try again after 12:06:1\d, in about (30|31) seconds\.$/);
        await checkAxeAsync(ui, `Settings, the design-system check refused with no wait given, ${theme}`);
      } finally {
        await stopRoute();
      }
    }, 90_000);
  }
});
