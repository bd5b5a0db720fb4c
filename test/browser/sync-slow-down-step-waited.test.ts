// A sync pushes in batches: the builder asked Envelope to wait a second before the first batch
// (acknowledged after it), and a second before the next, which it then refused for two minutes.
// The designer watched both waits on the progress line, but the words said "Envelope waited a
// second": only the refused batch's own wait. They now say what the whole sync waited.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { builderSlowDownFor } from './support/builder-slow-down';
import { addRouteAsync } from './support/own-route';
import { textOf, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();
let demoKey: string;

beforeAll(async () => {
  demoKey = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()).builder.keys.demo;
});

/** The design system's components, as its changes feed has them (one page: fewer than 500 here). */
async function remoteCountAsync(): Promise<number> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/changes?limit=500`, { headers: { authorization: `Bearer ${demoKey}` } });
  const body = (await response.json()) as { data: { components: Component[]; next_cursor: string | null } };
  expect(body.data.next_cursor).toBeNull();
  return body.data.components.filter((component) => !component.deleted).length;
}

describe.each(['light', 'dark'] as const)('a sync refused for two minutes after two of its batches waited as asked (%s theme)', (theme) => {
  it('says what the whole sync waited, not only the refused batch’s wait', async () => {
    await h.openFreshAsync(`?components=150&theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    const run = ui.getByRole('button', { name: /^Sync [\d,]+ changes$/ });
    await run.waitFor({ timeout: 60_000 });
    const total = Number(/Sync ([\d,]+) changes/.exec((await run.textContent()) ?? '')![1]!.replace(/,/g, ''));
    const error = ui.getByTestId('sync-error');
    const builderOrigin = new URL(h.emulator.builderUrl).origin;
    // Batch 1: a second, then the builder's answer. Batch 2: a second, then two minutes.
    const answers = [1, null, 1, 90];
    let pushes = 0;
    const stopRoute = await addRouteAsync(
      h.page,
      (url) => url.origin === builderOrigin && url.pathname.endsWith('/sync'),
      (route, request) => {
        if (request.method() !== 'POST') return route.fallback();
        const wait = answers[pushes++] ?? null;
        if (wait === null) return route.fallback();
        return route.fulfill(builderSlowDownFor(wait));
      },
    );
    try {
      await run.click();
      // By when: two minutes after the refusal (the machine's time of day, whenever that came; named with its day when that is tomorrow, as near midnight).
      await expect
        .poll(() => textOf(error), { timeout: 60_000 })
        .toMatch(
          /^The sync did not finish: Envelope waited 2 seconds as the email builder asked, and it still asks Envelope to slow down\. You can try again after (?:[A-Z][a-z]+day )?\d\d:\d\d:\d\d, in about 2 minutes\. What was already sent is recorded, and your choices are kept\.$/,
        );
      expect(pushes).toBe(4);
    } finally {
      await stopRoute();
    }
    // The first batch reached the design system; the rest did not, and Sync counts only those.
    const pushed = await remoteCountAsync();
    expect(pushed).toBeGreaterThan(0);
    expect(pushed).toBeLessThan(total);
    await expect.poll(() => textOf(ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ })), { timeout: 10_000 }).toBe(`Sync ${(total - pushed).toLocaleString('en-US')} changes`);
    await checkAxeAsync(ui, `Sync refused after the whole sync waited, ${theme} theme`);
  }, 180_000);
});
