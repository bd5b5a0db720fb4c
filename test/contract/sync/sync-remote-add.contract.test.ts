// Components only in the design system (remote additions: Envelope cannot build them in the
// file). A sync lists them and records them, so they no longer hold the base time back (every
// check asked the design system again for everything since the oldest of them); they stay
// listed, and a teammate's later change of one is never hidden. The real runner against the fake
// Figma and the builder emulator's demo design system (four components this file does not have).
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { SyncComparison, SyncDetail } from '../../../src/shared/bridge/messages';
import { readSyncState, SYNC_STATE_HEAD_KEY } from '../../../src/sync/sync-state';
import { SHARED_DATA_NAMESPACE } from '../../../src/platform/shared-data';
import { controlAsync } from '../clients/support/transports';
import { context, linkAsync, useSyncHarness, watchAnswers } from './support/sync-harness';

const h = useSyncHarness();

/** What the plugin asked the design system's changes feed, and which keys came back. */
interface ChangesCall {
  since: string | null;
  keys: string[];
}

/** The plugin, with every changes call it makes written down. */
function watchChanges(): ChangesCall[] {
  const calls: ChangesCall[] = [];
  watchAnswers(h, (request, response) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' || !url.pathname.endsWith('/changes')) return;
    const body = JSON.parse(response.text) as { data: { components: Array<{ key: string }> } };
    calls.push({ since: url.searchParams.get('since'), keys: body.data.components.map((component) => component.key) });
  });
  return calls;
}

const remoteAdds = (comparison: SyncComparison) => comparison.items.filter((item) => item.kind === 'remote-add');

/**
 * Rows as listed after the first sync: the file's own "Button", added here under the name of the
 * design system's, was pushed by that sync, so the design system's "Button" is no longer a name
 * both sides are adding (namesakes.ts) and says so no more. The rest is as first listed.
 */
const afterFirstSync = (items: SyncComparison['items']) => items.map(({ sameName: _said, ...item }) => item);

/** Linked to the demo design system and synced once: this file's components pushed, the four of the design system listed. */
async function syncedWithRemoteAddsAsync(): Promise<{ calls: ChangesCall[]; first: SyncComparison; buttonDetail: SyncDetail }> {
  const calls = watchChanges();
  await linkAsync(h, 'ds_demo');
  const first = await h.plugin.handlers['sync/compare']({}, context);
  expect(remoteAdds(first).map((item) => item.name).sort()).toEqual(['Button', 'Footer / Legal', 'Header / Logo left', 'Hero / Image top']);
  const buttonDetail = await h.plugin.handlers['sync/detail']({ key: remoteAdds(first).find((item) => item.name === 'Button')!.key }, context);
  const outcome = await h.plugin.handlers['sync/run']({}, context);
  // Nothing the designer left for later: these cannot be taken into the file, so "Sync done"
  // does not count them as skipped for now.
  expect(outcome.skipped).toBe(0);
  return { calls, first, buttonDetail };
}

describe('components only in the design system', () => {
  it('no longer hold the base time back once a sync listed them: the next check asks only for what changed since that sync, and still lists them as they were', async () => {
    const { calls, first, buttonDetail } = await syncedWithRemoteAddsAsync();
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(stored.status);
    expect(stored.state.lastSyncedAt).toBe(first.serverTime);

    calls.length = 0;
    const next = await h.plugin.handlers['sync/compare']({}, context);
    const addKeys = new Set(remoteAdds(first).map((item) => item.key));
    expect(calls.map((call) => call.since)).toEqual([first.serverTime]);
    expect(calls.flatMap((call) => call.keys).filter((key) => addKeys.has(key))).toEqual([]);
    // Listed as the first comparison listed them: who added them and when.
    expect(remoteAdds(next)).toEqual(afterFirstSync(remoteAdds(first)));
    // And their detail as before: what the component is, not only that it was added. Listed from
    // the record, it is read where the design system stored it (one page from just before then).
    expect(buttonDetail.item.sameName).toBeDefined();
    expect(buttonDetail.changes.map((change) => change.property)).toEqual(['component added', 'description', 'component property "Size"', 'component property "Style"', '2 variants']);
    calls.length = 0;
    expect(await h.plugin.handlers['sync/detail']({ key: buttonDetail.item.key }, context)).toEqual({ ...buttonDetail, item: afterFirstSync([buttonDetail.item])[0] });
    expect(calls.map((call) => call.since)).toEqual([new Date(Date.parse(buttonDetail.item.remoteUpdatedAt!) - 1).toISOString()]);
    // Opened again: read already.
    await h.plugin.handlers['sync/detail']({ key: buttonDetail.item.key }, context);
    expect(calls).toHaveLength(1);
  });

  it('unread (the builder refuses to answer), their detail says they were added, and nothing fails', async () => {
    const { buttonDetail } = await syncedWithRemoteAddsAsync();
    await h.plugin.handlers['sync/compare']({}, context);
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['malformed'] });
    try {
      const detail = await h.plugin.handlers['sync/detail']({ key: buttonDetail.item.key }, context);
      expect(detail.changes.map((change) => change.property)).toEqual(['component added']);
    } finally {
      await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
    }
  });

  it('are listed for a collaborator too, from the file’s sync state', async () => {
    const { first } = await syncedWithRemoteAddsAsync();
    const robin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    await robin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    expect(remoteAdds(await robin.handlers['sync/compare']({}, context))).toEqual(afterFirstSync(remoteAdds(first)));
  });

  it('show a teammate’s later change of one: the new version, not the recorded one; a deleted one goes', async () => {
    const { first } = await syncedWithRemoteAddsAsync();
    const button = remoteAdds(first).find((item) => item.name === 'Button')!;
    const footer = remoteAdds(first).find((item) => item.name === 'Footer / Legal')!;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_demo/remote-edit', { key: button.key, name: 'Button / Call to action', description: 'Renamed by a teammate.' });
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_demo/remote-edit', { key: footer.key, delete: true });
    const next = await h.plugin.handlers['sync/compare']({}, context);
    const renamed = remoteAdds(next).find((item) => item.key === button.key);
    expect(renamed?.name).toBe('Button / Call to action');
    expect(Date.parse(renamed!.remoteUpdatedAt!)).toBeGreaterThan(Date.parse(button.remoteUpdatedAt!));
    expect((await h.plugin.handlers['sync/detail']({ key: button.key }, context)).changes.slice(0, 2)).toEqual([
      expect.objectContaining({ property: 'component added', after: '"Button / Call to action"' }),
      expect.objectContaining({ property: 'description', after: '"Renamed by a teammate."' }),
    ]);
    expect(next.items.some((item) => item.key === footer.key)).toBe(false);
    // Synced again: the renamed one still listed, the deleted one not back.
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    const after = await h.plugin.handlers['sync/compare']({}, context);
    expect(remoteAdds(outcome.comparison).map((item) => item.name).sort()).toEqual(['Button / Call to action', 'Header / Logo left', 'Hero / Image top']);
    expect(remoteAdds(after)).toEqual(remoteAdds(outcome.comparison));
  });

  it('the state that records them says version 2, so an Envelope that does not know them is read-only there rather than losing them', async () => {
    await syncedWithRemoteAddsAsync();
    const head = JSON.parse(h.fake.figma.root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY)) as { v: number; adds: number };
    expect(head).toMatchObject({ v: 2, adds: 4 });
  });
});
