// Templates: the builder answers a save with a 429 that gives no Retry-After, every time the
// sandbox tries. The save said "… (another app may be using the same key). Try again in a minute."
// and those words stayed on screen and went untrue a minute later. It now says when the wait
// every screen says then ends (the one Settings and Browse count down), to the second as the wait
// is short (a time to the minute named one before the end), holds Save until then, and Save goes
// through once it is over.
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { openPlaygroundWithClockAsync, pauseClockAtAsync, pluginWindowAsync } from './support/clocked-window';
import { BUILDER_SLOW_DOWN_NO_WAIT } from './support/builder-slow-down';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, selectLayerAsync } from './support/templates-steps';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('the builder asks a save to slow down without saying for how long', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says when the wait ends, holds Save until then, and saves after it (${theme})`, async () => {
      const opened = await openPlaygroundWithClockAsync(h, `?command=templates&theme=${theme}&demo-keys=1`);
      context = opened.context;
      const ui = await pluginWindowAsync(opened.page);
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await selectLayerAsync(opened.page, 'Emails', DEMO_EMAIL_NAME);
      const name = ui.getByLabel('Template name');
      await expect.poll(() => name.inputValue()).toBe(DEMO_EMAIL_NAME);
      await name.fill(`No wait given ${theme}`);
      const saveSection = ui.getByRole('region', { name: 'Save selection as template' });
      const save = saveSection.getByRole('button', { name: 'Save as template' });
      const alert = saveSection.getByRole('alert');
      // Only the save is refused: the list reads as usual.
      const builderOrigin = new URL(h.emulator.builderUrl).origin;
      const stopRoute = await addRouteAsync(opened.page, (url) => url.origin === builderOrigin && url.pathname === '/api/templates', (route, request) =>
        request.method() === 'POST' ? route.fulfill(BUILDER_SLOW_DOWN_NO_WAIT) : route.fallback(),
      );
      try {
        // The page’s clock at 12:05:40 (this machine’s time zone, as the window’s): the wait said ends at 12:06 and some seconds.
        await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
        await save.click();
        // The sandbox’s own waits between its four tries (3.5 to 7 s in all) run on the page’s clock as it goes:
        // moving it on meanwhile would time a try out, not refuse it.
        await expect
          .poll(() => textOf(alert), { timeout: 30_000 })
          .toMatch(/^Envelope waited \d seconds as the email builder asked, and it still asks Envelope to slow down\. You can try again after 12:06:\d\d, in about (30|31) seconds\.$/);
        expect(await save.getAttribute('aria-disabled')).toBe('true');
        await checkAxeAsync(ui, `Templates, a save refused with no wait given, ${theme}`);
      } finally {
        await stopRoute();
      }
      // The builder would take it now, but the wait said is not over: pressed, Save sends nothing.
      await save.click({ force: true });
      expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain(`No wait given ${theme}`);
      // The time said is when Save comes back, not before it ("after 12:06" held Save until 12:06 and some seconds).
      // The clock stopped a moment before the second said, Save is held; at it, Save is back.
      const saidSecond = Number(/after 12:06:(\d\d),/.exec((await textOf(alert)) ?? '')?.[1]);
      const said = new Date(2026, 11, 1, 12, 6, saidSecond).getTime();
      await pauseClockAtAsync(context.clock, said - 1_500);
      expect(await save.getAttribute('aria-disabled')).toBe('true');
      await context.clock.runFor(1_500);
      await expect.poll(() => save.getAttribute('aria-disabled'), { timeout: 10_000 }).not.toBe('true');
      await context.clock.resume();
      await save.click();
      await expect.poll(async () => (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name), { timeout: 20_000 }).toContain(`No wait given ${theme}`);
    }, 90_000);
  }
});
