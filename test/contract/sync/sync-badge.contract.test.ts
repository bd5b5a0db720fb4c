// The Sync tab's badge counts rows as the Sync screen lists them under "All": a component deleted
// and re-created (by name, or by description and content) is one "replaced" row, so one change,
// whether the badge comes from the start-up check, the live count after an edit, or a comparison;
// a component the same on both sides is a row; format updates are not (they have their own line).
// The real plugin's background work against the fake Figma and the builder emulator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listedRowCount } from '../../../src/shared/sync/listed-rows';
import { SNAPSHOT_FORMAT } from '../../../src/snapshot/format-version';
import { REMOTE_CHECK_INTERVAL_MS } from '../../../src/sync/sync-monitor';
import { readSyncState, SYNC_STATE_HEAD_KEY, writeSyncState } from '../../../src/sync/sync-state';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { LOCAL_COUNT_DELAY_MS } from '../../../src/shared/sync/badge-timing';
import { componentNamed, context, linkAsync, nextBadgeAsync, replaceTwo, startBackground, syncedOnceAsync, useSyncHarness, watchAnswers, type Badge } from './support/sync-harness';

const h = useSyncHarness();

describe('the Sync badge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a replaced component once: after an edit, at the next check, and with a comparison', async () => {
    (componentNamed(h, 'Header') as ComponentNode).description = 'The email header with the logo.';
    await syncedOnceAsync(h);
    const badges = startBackground(h);
    expect(await nextBadgeAsync(badges, 0)).toEqual({ rows: 0 });

    replaceTwo(h);
    // The live count after the edit settles (an incremental read, no request).
    expect(await nextBadgeAsync(badges, 1)).toEqual({ rows: 2 });

    // The periodic check (the design system asked again).
    const seen = badges.length;
    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS);
    expect(await nextBadgeAsync(badges, seen)).toEqual({ rows: 2 });

    // A comparison: the screen's "All 2" and the badge agree.
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toHaveLength(2);
    expect(badges[badges.length - 1]).toEqual({ rows: 2 });
  });

  it('counts nothing once a collaborator on a newer Envelope wrote the state: an edit here does not count every component', async () => {
    await syncedOnceAsync(h);
    const badges = startBackground(h);
    expect(await nextBadgeAsync(badges, 0)).toEqual({ rows: 0 });
    // The collaborator's newer Envelope syncs while this one is open.
    const head = JSON.parse(h.fake.figma.root.getSharedPluginData('envelope', SYNC_STATE_HEAD_KEY)) as { format: number };
    h.fake.figma.root.setSharedPluginData('envelope', SYNC_STATE_HEAD_KEY, JSON.stringify({ ...head, format: SNAPSHOT_FORMAT + 1 }));

    const seen = badges.length;
    (componentNamed(h, 'Divider') as ComponentNode).description = 'Mine.';
    expect(await nextBadgeAsync(badges, seen)).toEqual({ rows: 0 });
  });

  it('counts a collaborator’s edit made while a sync runs from the sync’s end (it said the sync’s own count first, then the edit’s a moment later)', async () => {
    // The collaborator deletes Divider while the push is on its way, and the sync still sends for
    // longer than the sandbox takes to count an edit: the count waits in the queue behind the sync.
    const transport = createFigmaFetchTransport(h.fake.fetch);
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: async (request) => {
        if (request.method === 'POST' && request.url.endsWith('/sync')) {
          h.fake.remoteEdit(() => componentNamed(h, 'Divider').remove());
          await new Promise((settle) => setTimeout(settle, LOCAL_COUNT_DELAY_MS + 300));
        }
        return transport(request);
      },
    });
    await linkAsync(h, 'ds_empty');
    const badges = startBackground(h);
    expect((await nextBadgeAsync(badges, 0)).rows).toBeGreaterThan(1);
    // (The background follows edits from its first check on: the comparison comes after it.)
    await h.plugin.handlers['sync/compare']({}, context);
    const seen = badges.length;
    await h.plugin.handlers['sync/run']({}, context);
    // Divider, deleted here after the sync read the file: one row, from the first badge on.
    expect(await nextBadgeAsync(badges, seen)).toEqual({ rows: 1 });
    // The edit's own count, queued behind the sync, says the same.
    expect(await nextBadgeAsync(badges, seen + 1)).toEqual({ rows: 1 });
    expect(badges.slice(seen)).toEqual([{ rows: 1 }, { rows: 1 }]);
  });

  it('agrees with the list’s "All" when a component is the same on both sides and the rest are format updates', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    // Deleted here and, by a teammate, there: the same on both sides, a row to record as synced.
    const key = footer.key;
    footer.remove();
    const deleted = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.builderKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ base: null, source: { file_id: 'teammate-file', file_name: 'Teammate', user: 'Ana Lima', plugin_version: '0.1.0' }, upserts: [], deletes: [key], force: [] }),
    });
    expect(deleted.status).toBe(200);
    // The rest last synced by an older component format: format updates.
    const synced = readSyncState(h.fake.figma.root);
    if (synced.status !== 'ok') throw new Error(`sync state ${synced.status}`);
    const older = new Map([...synced.state.components].map(([component, entry]) => [component, component === key ? entry : { ...entry, hash: `old-${entry.hash}` }]));
    writeSyncState(h.fake.figma.root, { ...synced.state, format: SNAPSHOT_FORMAT - 1, components: older });

    const badges = startBackground(h);
    expect(await nextBadgeAsync(badges, 0)).toEqual({ rows: 1 });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.counts).toMatchObject({ 'both-same': 1, 'format-update': older.size - 1 });
    // The screen's "All" (listed-rows.ts, as the UI counts it): the one row, not the format updates.
    expect(listedRowCount(compared.counts, compared.replacements?.length ?? 0)).toBe(1);
    expect(badges[badges.length - 1]).toEqual({ rows: 1 });
  });

  it('does not ask the builder every 3 minutes with a key it refused, nobody opening the Sync screen; another key is asked', async () => {
    let asked = 0;
    watchAnswers(h, (request) => {
      if (request.url.includes('/changes')) asked++;
    });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: 'ef_mistypedkey12345' }, context);
    const badges = startBackground(h);
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 10_000 });

    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS * 3);
    // Time for the three checks to ask, as they did before (each took a few milliseconds).
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(asked).toBe(1);
    expect(badges).toEqual([]);
    // The Sync screen, opened, still compares (and says the refusal in its own words).
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBeUndefined();

    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS);
    expect((await nextBadgeAsync(badges, 0)).rows).toBeGreaterThan(0);
    expect(asked).toBe(2);
  });

  it('does not read the file’s sync state every 3 minutes once the Sync screen’s comparison was refused, nor ask the builder', async () => {
    let asked = 0;
    watchAnswers(h, (request) => {
      if (request.url.includes('/changes')) asked++;
    });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: 'ef_mistypedkey12345' }, context);
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBe(true);
    const stateReads = vi.spyOn(h.fake.figma.root, 'getSharedPluginData');
    const badges = startBackground(h);

    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS * 3);
    // Time for the start-up check and three more to run (each takes a few milliseconds).
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(stateReads.mock.calls.filter(([, key]) => key === SYNC_STATE_HEAD_KEY)).toEqual([]);
    expect(asked).toBe(1);
    expect(badges).toEqual([]);
  });

  it('asks again with a key the badge’s check was refused once the Sync screen’s comparison with that key is answered', async () => {
    let refusing = false;
    let asked = 0;
    const transport = createFigmaFetchTransport(h.fake.fetch);
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: (request) => {
        if (!request.url.includes('/changes')) return transport(request);
        asked++;
        // The builder refused the key for a while (revoked and restored in the builder app, say).
        if (refusing) return Promise.resolve({ status: 401, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ error: 'invalid_api_key', message: 'Invalid API key.' }) });
        return transport(request);
      },
    });
    await linkAsync(h, 'ds_empty');
    refusing = true;
    const badges = startBackground(h);
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 10_000 });
    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS);
    await new Promise((settle) => setTimeout(settle, 500));
    expect(asked).toBe(1);

    refusing = false;
    await h.plugin.handlers['sync/compare']({}, context);
    expect(asked).toBe(2);
    const seen = badges.length;
    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS);
    expect((await nextBadgeAsync(badges, seen)).rows).toBeGreaterThan(0);
    expect(asked).toBe(3);
  });

  describe('after the file’s link changes in Settings', () => {
    /** Synced, then two components replaced: the badge says 2. */
    async function twoToReviewAsync(): Promise<Badge[]> {
      (componentNamed(h, 'Header') as ComponentNode).description = 'The email header with the logo.';
      await syncedOnceAsync(h);
      const badges = startBackground(h);
      await nextBadgeAsync(badges, 0);
      replaceTwo(h);
      await vi.waitFor(() => expect(badges[badges.length - 1]).toEqual({ rows: 2 }), { timeout: 10_000 });
      return badges;
    }

    it('says nothing to review once the design system is unlinked (the id’s change is a document change, counted after it settles)', async () => {
      const badges = await twoToReviewAsync();
      const seen = badges.length;
      await h.plugin.handlers['settings/set-design-system']({ id: null }, context);
      // The first badge after the change: before, the old comparison's 2 came back.
      expect(await nextBadgeAsync(badges, seen)).toEqual({ rows: 0 });
    });

    it('counts against the design system now linked, as the Sync screen’s "All" does', async () => {
      const badges = await twoToReviewAsync();
      const seen = badges.length;
      await h.plugin.handlers['settings/set-design-system']({ id: 'ds_demo' }, context);
      const badge = await nextBadgeAsync(badges, seen);
      const compared = await h.plugin.handlers['sync/compare']({}, context);
      const all = listedRowCount(compared.counts, compared.replacements?.length ?? 0);
      expect(all).not.toBe(2);
      expect(badge).toEqual({ rows: all });
    });

    it('counts once the design system id is corrected, after a start-up check that failed (edits were not followed until the next check, minutes later)', async () => {
      await linkAsync(h, 'ds_nope');
      const badges = startBackground(h);
      // The start-up check is refused (no such design system): the Sync screen says why when opened.
      await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'not_found' });
      expect(badges).toEqual([]);
      await h.plugin.handlers['settings/set-design-system']({ id: 'ds_empty' }, context);
      const badge = await nextBadgeAsync(badges, 0);
      const compared = await h.plugin.handlers['sync/compare']({}, context);
      expect(badge).toEqual({ rows: listedRowCount(compared.counts, compared.replacements?.length ?? 0) });
      expect(badge.rows).toBeGreaterThan(0);
    });

    it('says nothing to review after the builder key is forgotten and the file is edited', async () => {
      const badges = await twoToReviewAsync();
      await h.plugin.handlers['settings/forget-key']({ api: 'builder' }, context);
      const seen = badges.length;
      componentNamed(h, 'Footer').name = 'Footer / Dark';
      expect(await nextBadgeAsync(badges, seen)).toEqual({ rows: 0 });
    });
  });
});
