// A push the builder asks to wait in the middle of (a 429 with Retry-After, from the emulator's
// faults, after some batches were acknowledged): the designer still sees where the sync stands
// (the count reached, said and on a filled bar) beside the wait, the screen stays clean under axe,
// and the sync then finishes with every component in the design system. Before, the line said
// the wait alone and the bar went to an empty "working" state.
// The builder's wait is long (45 s) and the test moves the page's clock past it once its checks are done.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { watchStatusRegionsAsync } from './support/status-regions';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();
let demoKey: string;
/** The keys the builder acknowledged, from the page's own network log. */
const acknowledged = new Set<string>();

beforeAll(async () => {
  // The page's clock runs as usual, but the test moves it past the builder's wait once its checks are
  // done: a wait timed in real seconds could end during a slow check (a loaded machine), so the
  // sandbox asked again and met a second wait, and the checks saw a state they did not set up.
  await h.context.clock.install();
  demoKey = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()).builder.keys.demo;
  h.page.on('response', (response) => {
    if (!response.url().endsWith('/sync') || response.status() !== 200) return;
    response.json().then(
      (body: { data?: { accepted?: Array<{ key: string }> } }) => {
        for (const entry of body.data?.accepted ?? []) acknowledged.add(entry.key);
      },
      () => undefined,
    );
  });
});

/** Longer than any check here takes, even on a loaded machine; within the client's one-minute limit. */
const WAIT_SECONDS = 45;

/** Moves the page's clock past the builder's wait (the sandbox's timer fires; nothing else is skipped that a test reads). */
async function endTheWaitAsync(): Promise<void> {
  await h.context.clock.fastForward(WAIT_SECONDS * 1_000);
}

async function remoteKeysAsync(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/changes?limit=500${query}`, { headers: { authorization: `Bearer ${demoKey}` } });
    const body = (await response.json()) as { data: { components: Component[]; next_cursor: string | null } };
    keys.push(...body.data.components.filter((component) => !component.deleted).map((component) => component.key));
    cursor = body.data.next_cursor;
  } while (cursor !== null);
  return keys;
}

/** The keys of the file's components that sync (standalone components and sets), read from the fake document. */
function localKeysAsync(): Promise<string[]> {
  return evaluateHooks(h.page, (hooks) => {
    const keys: string[] = [];
    hooks.inspect().run(() => {
      for (const node of hooks.inspect().allNodes()) {
        const isRoot = node.type === 'COMPONENT_SET' || (node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET');
        if (isRoot && !(node as ComponentNode).remote) keys.push((node as ComponentNode).key);
      }
    });
    return keys;
  });
}

describe.each(['light', 'dark'] as const)('a push the builder asks to wait part-way (%s theme)', (theme) => {
  it('keeps the count reached on the line and the bar through the wait, then finishes with every component in the design system', async () => {
    const faults = emulatorFaults(h.emulator);
    acknowledged.clear();
    await h.openFreshAsync(`?components=420&theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    const run = ui.getByRole('button', { name: /^Sync [\d,]+ changes$/ });
    await run.waitFor({ timeout: 60_000 });
    const total = Number(/Sync ([\d,]+) changes/.exec((await run.textContent()) ?? '')![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(200);

    // Slow answers, so the builder's wait can start after the first acknowledged batch.
    await faults.setAsync({ rate: 1, kinds: ['slow'], slow_ms: 1500, seed: 3 });
    const progress = ui.getByTestId('sync-progress');
    try {
      await run.click();
      await expect.poll(() => textOf(progress), { timeout: 60_000 }).toMatch(/^Pushing [1-9][\d,]* of/);
      await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: WAIT_SECONDS });
      const waitSaid = /^Pushed ([\d,]+) of ([\d,]+)\. The builder asked Envelope to wait 45 seconds; the sync goes on after that\.$/;
      await expect.poll(() => textOf(progress.locator('p')), { timeout: 30_000 }).toMatch(waitSaid);

      // What the designer sees during the wait: the count the builder acknowledged, in words and on the bar.
      const [, reached, of] = waitSaid.exec((await textOf(progress.locator('p'))) ?? '')!;
      const done = Number(reached!.replace(/,/g, ''));
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(total);
      expect(Number(of!.replace(/,/g, ''))).toBe(total);
      await expect.poll(() => acknowledged.size).toBe(done);
      const bar = ui.getByRole('progressbar', { name: /^Pushed / });
      const shown = await bar.evaluate((element: HTMLProgressElement) => ({ value: element.value, max: element.max, determinate: element.position >= 0 }));
      expect(shown).toEqual({ value: done, max: total, determinate: true });
      await checkAxeAsync(ui, `the builder's wait, ${theme} theme`);
      // Still the wait (the checks ran within it).
      await expect.poll(() => textOf(progress.locator('p')), { timeout: 10_000 }).toMatch(waitSaid);
      await faults.setAsync({ rate: 0 });
      await endTheWaitAsync();
    } finally {
      await faults.clearAsync();
    }

    // The wait over, the sync goes on to the end, every component of the file in the design system once.
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 90_000 }).toMatch(/^Sync done/);
    const remote = await remoteKeysAsync();
    expect(new Set(remote).size).toBe(remote.length);
    expect(remote.sort()).toEqual((await localKeysAsync()).sort());
    expect(remote).toHaveLength(total);
  }, 240_000);
});

describe('a push the builder asks to wait before its first batch', () => {
  it('says the wait alone (not "Pushed 0 of …"), keeps the bar at 0 of the total, and a screen reader hears the wait and the outcome once, never the counts', async () => {
    const faults = emulatorFaults(h.emulator);
    await h.openFreshAsync('?components=150');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const run = ui.getByRole('button', { name: /^Sync [\d,]+ changes$/ });
    await run.waitFor({ timeout: 60_000 });
    const total = Number(/Sync ([\d,]+) changes/.exec((await run.textContent()) ?? '')![1]!.replace(/,/g, ''));
    const regions = await watchStatusRegionsAsync(ui);
    const waitSaid = 'The builder asked Envelope to wait 45 seconds before pushing; the sync starts after that.';
    const progress = ui.getByTestId('sync-progress');
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 5, retry_after: WAIT_SECONDS });
    try {
      await run.click();
      await expect.poll(() => textOf(progress.locator('p')), { timeout: 30_000 }).toBe(waitSaid);
      const bar = ui.getByRole('progressbar', { name: waitSaid });
      expect(await bar.evaluate((element: HTMLProgressElement) => ({ value: element.value, max: element.max, determinate: element.position >= 0 }))).toEqual({ value: 0, max: total, determinate: true });
      // Heard without focusing the bar: a polite status says it.
      await expect.poll(() => textOf(ui.getByRole('status').filter({ hasText: 'asked Envelope to wait' }))).toBe(waitSaid);
      await checkAxeAsync(ui, 'the builder\'s wait before the first batch');
      // Slow answers once the wait is over, so the counts tick while the test looks.
      await faults.setAsync({ rate: 1, kinds: ['slow'], slow_ms: 1500, seed: 5 });
      await endTheWaitAsync();
      await expect.poll(() => textOf(progress.locator('p')), { timeout: 30_000 }).toMatch(/^Pushing [1-9][\d,]* of/);
    } finally {
      await faults.clearAsync();
    }
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 60_000 }).toMatch(/^Sync done/);
    const outcome = (await textOf(ui.getByTestId('sync-outcome').locator('p').first()))!;
    await expect.poll(() => regions.said()).toContain(outcome);
    const said = await regions.said();
    expect(said.filter((words) => words === waitSaid)).toHaveLength(1);
    expect(said.filter((words) => words === outcome)).toHaveLength(1);
    expect(said.filter((words) => /Pushing|Pushed/.test(words))).toEqual([]);
  }, 120_000);
});
