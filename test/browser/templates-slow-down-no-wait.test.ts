// Templates: the builder answers a save with a 429 that gives no Retry-After, every time the
// sandbox tries. The save said "… (another app may be using the same key). Try again in a minute."
// and those words stayed on screen and went untrue a minute later. It now says when the wait
// every screen says then ends (the one Settings and Browse count down), holds Save until then,
// and Save goes through once it is over.
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
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

/** The builder's "slow down", without the Retry-After its document says it carries. */
const slowDownNoWait = {
  status: 429,
  headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
  body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests this minute.' }),
};

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
      // Only the save is refused: the list reads as usual.
      const builderOrigin = new URL(h.emulator.builderUrl).origin;
      const stopRoute = await addRouteAsync(opened.page, (url) => url.origin === builderOrigin && url.pathname === '/api/templates', (route, request) =>
        request.method() === 'POST' ? route.fulfill(slowDownNoWait) : route.fallback(),
      );
      try {
        // The page’s clock at 12:05:40 (this machine’s time zone, as the window’s); the sandbox’s
        // own waits between its tries are moved past below, so the wait said ends in the minute after 12:06.
        await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
        await save.click();
        const alert = saveSection.getByRole('alert');
        // The sandbox's waits between its four tries (at most 1 + 2 + 4 s, jittered): moved past, not sat through.
        for (let step = 0; step < 4 && (await alert.count()) === 0; step++) await context.clock.runFor(8_000);
        await expect
          .poll(() => textOf(alert), { timeout: 20_000 })
          .toMatch(/^Envelope waited as the email builder asked, and it still asks Envelope to slow down \(another app may be using the same key\)\. You can try again after 12:06, in about (30|31) seconds\.$/);
        expect(await save.getAttribute('aria-disabled')).toBe('true');
        await checkAxeAsync(ui, `Templates, a save refused with no wait given, ${theme}`);
      } finally {
        await stopRoute();
      }
      // The builder would take it now, but the wait said is not over: pressed, Save sends nothing.
      await save.click({ force: true });
      expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain(`No wait given ${theme}`);
      await context.clock.fastForward(31_000);
      await expect.poll(() => save.getAttribute('aria-disabled'), { timeout: 10_000 }).not.toBe('true');
      await save.click();
      await expect.poll(async () => (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name), { timeout: 20_000 }).toContain(`No wait given ${theme}`);
    }, 90_000);
  }
});
