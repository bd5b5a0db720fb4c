// After an Envelope update that changes the component format, a sync does not read as edits:
// the Sync screen says so in one line, sends every component once, and the design system then
// holds each with the new hashes (issue 19). The document is set up as an older Envelope would
// have left it — its sync state re-encoded in this test with the real codec, base hashes of an
// older format — which is what a build with a bumped SNAPSHOT_FORMAT meets; the rest is driven
// as a person would.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { SNAPSHOT_FORMAT } from '../../src/snapshot/format-version';
import { readSyncState, writeSyncState, type SharedDataHolder } from '../../src/sync/sync-state';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();
let state: EmulatorDemoState;

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json());
});

/** The document's shared plugin data of Envelope, as raw strings. */
function sharedDataAsync(): Promise<Record<string, string>> {
  return evaluateHooks(h.page, (hooks) => hooks.inspect().sharedPluginData(hooks.inspect().root).envelope ?? {});
}

/** A holder over raw entries that records every write, to replay them in the page. */
function recordingHolder(entries: Record<string, string>): SharedDataHolder & { writes: Array<[string, string]> } {
  const data = new Map(Object.entries(entries));
  const writes: Array<[string, string]> = [];
  return {
    writes,
    getSharedPluginData: (_namespace, key) => data.get(key) ?? '',
    setSharedPluginData: (_namespace, key, value) => {
      writes.push([key, value]);
      if (value === '') data.delete(key);
      else data.set(key, value);
    },
    getSharedPluginDataKeys: () => [...data.keys()],
  };
}

async function remoteAsync(): Promise<Map<string, Component>> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/changes?limit=500`, { headers: { authorization: `Bearer ${state.builder.keys.demo}` } });
  const body = (await response.json()) as { data: { components: Component[] } };
  return new Map(body.data.components.map((component) => [component.key, component]));
}

describe('a sync after a component format change', () => {
  it('says so in one line, sends every component once, and the design system holds the new hashes', async () => {
    await h.openFreshAsync();
    let ui = await linkToEmptyDesignSystemAsync(h);
    const first = ui.getByRole('button', { name: /^Sync \d+ changes$/ });
    await first.waitFor({ timeout: 30_000 });
    await first.click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);

    // An older Envelope's state: same components and times, hashes of the previous format.
    const holder = recordingHolder(await sharedDataAsync());
    const synced = readSyncState(holder);
    if (synced.status !== 'ok') throw new Error(`sync state ${synced.status}`);
    const older = new Map([...synced.state.components].map(([key, entry]) => [key, { ...entry, hash: `old-${entry.hash}` }]));
    writeSyncState(holder, { ...synced.state, format: SNAPSHOT_FORMAT - 1, components: older });
    await evaluateHooks(
      h.page,
      (hooks, writes) => {
        for (const [key, value] of writes) hooks.fake().figma.root.setSharedPluginData('envelope', key, value);
      },
      holder.writes,
    );

    await h.page.getByRole('button', { name: 'Run again' }).click();
    ui = await h.uiFrameAsync();
    await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor();
    const notice = ui.getByTestId('sync-format-update');
    await expect.poll(() => textOf(notice), { timeout: 30_000 }).toContain(`Envelope’s component format changed: ${older.size} components will be sent again once.`);
    // Not as edits: no row of local changes.
    expect(await ui.getByRole('button', { name: /^Local changes/ }).count()).toBe(0);
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: `Send ${older.size} format updates` }).click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);

    const after = readSyncState(recordingHolder(await sharedDataAsync()));
    if (after.status !== 'ok') throw new Error(`sync state ${after.status}`);
    expect(after.state.format).toBe(SNAPSHOT_FORMAT);
    const remote = await remoteAsync();
    expect(remote.size).toBe(older.size);
    for (const [key, entry] of after.state.components) expect(remote.get(key)?.hash).toBe(entry.hash);
    for (const key of older.keys()) expect(after.state.components.get(key)?.hash).toBe(synced.state.components.get(key)?.hash);
  });
});
