// A push interrupted by closing the plugin resumes in the next run and re-sends nothing that was
// acknowledged (issues 11 and 21): a file of 420 generated components (about 270 to sync) plus the demo ones, the
// emulator slowed by faults, "Close plugin" pressed after the first acknowledged batch. What
// crossed the wire is read from the page's own network log; the outcome from the emulator.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { bigFileToPushAsync, readyUiAsync } from './support/sync-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let state: EmulatorDemoState;

/** Every sync request the page sent, with the run that sent it, and the keys each answer acknowledged. */
const pushes: Array<{ run: number; keys: string[] }> = [];
const acknowledged: Array<{ run: number; keys: string[] }> = [];
let currentRun = 0;

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json());
  h.page.on('request', (request) => {
    if (!request.url().endsWith('/sync') || request.method() !== 'POST') return;
    const body = JSON.parse(request.postData() ?? '{}') as { upserts?: Array<{ key: string }> };
    pushes.push({ run: currentRun, keys: (body.upserts ?? []).map((upsert) => upsert.key) });
  });
  h.page.on('response', (response) => {
    if (!response.url().endsWith('/sync') || response.status() !== 200) return;
    const run = currentRun;
    response.json().then(
      (body: { data?: { accepted?: Array<{ key: string }> } }) => acknowledged.push({ run, keys: (body.data?.accepted ?? []).map((entry) => entry.key) }),
      () => undefined, // a garbled or cut answer acknowledges nothing
    );
  });
});

async function allRemoteAsync(): Promise<Component[]> {
  const all: Component[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/changes?limit=500${query}`, {
      headers: { authorization: `Bearer ${state.builder.keys.demo}` },
    });
    const body = (await response.json()) as { data: { components: Component[]; next_cursor: string | null } };
    all.push(...body.data.components);
    cursor = body.data.next_cursor;
  } while (cursor !== null);
  return all;
}

describe('a sync interrupted by closing the plugin', () => {
  it('resumes in the next run: nothing acknowledged is sent again, and every component arrives once', async () => {
    const first = await bigFileToPushAsync(h);
    let ui = first.ui;
    const { run, total } = first;
    // Every answer of the builder now takes 1.5 s: the push is slow enough to stop midway.
    await fetch(`${h.emulator.builderUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 1, kinds: ['slow'], slow_ms: 1500, seed: 3 }) });
    currentRun = await evaluateHooks(h.page, (hooks) => hooks.runId());
    const firstRun = currentRun;
    await run.click();
    await expect.poll(() => textOf(ui.getByTestId('sync-progress')), { timeout: 60_000 }).toMatch(/Pushing [1-9]\d\d of/);

    // A person closes the plugin in the middle of the push.
    await h.page.getByRole('button', { name: 'Close plugin' }).click();
    expect(await evaluateHooks(h.page, (hooks) => hooks.runClosed())).toBe(true);
    const sentAtClose = await evaluateHooks(h.page, (hooks) => hooks.requests().length);
    // The request in flight at the close is answered within 1.5 s; the closed run must not send
    // another after it (nor anything else), however long we wait.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await evaluateHooks(h.page, (hooks) => hooks.requests().length)).toBe(sentAtClose);
    const acknowledgedBeforeClose = new Set(acknowledged.filter((entry) => entry.run === firstRun).flatMap((entry) => entry.keys));
    expect(acknowledgedBeforeClose.size).toBeGreaterThanOrEqual(100);

    await fetch(`${h.emulator.builderUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 0 }) });
    await h.page.getByRole('button', { name: 'Run again' }).click();
    currentRun = await evaluateHooks(h.page, (hooks) => hooks.runId());
    expect(currentRun).not.toBe(firstRun);
    ui = await readyUiAsync(h);
    const resume = ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ });
    await resume.waitFor({ timeout: 60_000 });
    await resume.click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 60_000 }).toMatch(/^Sync done/);

    const resent = pushes.filter((push) => push.run === currentRun).flatMap((push) => push.keys).filter((key) => acknowledgedBeforeClose.has(key));
    expect(resent).toEqual([]);
    const remote = await allRemoteAsync();
    expect(remote).toHaveLength(total);
    expect(new Set(remote.map((component) => component.key)).size).toBe(total);
  }, 180_000);
});
