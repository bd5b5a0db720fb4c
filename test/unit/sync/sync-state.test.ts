import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';
import { PLUGIN_DATA_ENTRY_LIMIT_BYTES } from '../../fake-figma/plugin-data';
import { SHARED_DATA_NAMESPACE } from '../../../src/platform/shared-data';
import { SNAPSHOT_FORMAT } from '../../../src/snapshot/format-version';
import {
  addHistoryEntry,
  emptySyncState,
  readSyncState,
  SYNC_STATE_HEAD_KEY,
  SYNC_STATE_VERSION,
  writeSyncState,
  type SharedDataHolder,
  type SyncState,
} from '../../../src/sync/sync-state';

const NS = SHARED_DATA_NAMESPACE;

function fakeRoot(): DocumentNode {
  return createFakeFigma().figma.root;
}

function hex(seed: number, length: number): string {
  let text = '';
  let value = seed * 2654435761;
  while (text.length < length) {
    value = (value * 48271 + 11) % 2147483647;
    text += value.toString(16);
  }
  return text.slice(0, length);
}

function stateOf(count: number, options: { names?: (index: number) => string; seed?: number } = {}): SyncState {
  const state = emptySyncState('ds_demo', SNAPSHOT_FORMAT);
  const seed = options.seed ?? 1;
  for (let index = 0; index < count; index += 1) {
    state.components.set(hex(index + 1, 40), {
      hash: hex(index * 7 + seed, 16),
      updatedAt: index % 9 === 0 ? null : `2026-11-2${index % 4}T10:0${index % 7}:00.000Z`,
      name: options.names ? options.names(index) : `Blocks/Component ${index}`,
    });
  }
  return { ...state, lastSyncedAt: '2026-11-24T10:00:00.000Z' };
}

function expectOk(holder: SharedDataHolder): SyncState {
  const read = readSyncState(holder);
  if (read.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(read)}`);
  return read.state;
}

/** A holder that fails (as a crash would stop the plugin) after `writes` successful writes. */
function crashingAfter(inner: SharedDataHolder, writes: number): SharedDataHolder {
  let left = writes;
  return {
    getSharedPluginData: (ns, key) => inner.getSharedPluginData(ns, key),
    getSharedPluginDataKeys: (ns) => inner.getSharedPluginDataKeys(ns),
    setSharedPluginData: (ns, key, value) => {
      if (left <= 0) throw new Error('crash');
      left -= 1;
      inner.setSharedPluginData(ns, key, value);
    },
  };
}

describe('sync state', () => {
  it('reads as empty in a file that never synced', () => {
    expect(readSyncState(fakeRoot())).toEqual({ status: 'empty' });
  });

  it('round-trips components, times, history and the format', () => {
    const root = fakeRoot();
    let state = stateOf(50, { names: (index) => (index === 3 ? 'Emoji 😀 “quoted” \t tab\nline \\ back' : `Card ${index}`) });
    state = addHistoryEntry(state, { at: '2026-11-24T10:00:00.000Z', user: 'Ada', pushed: 3, deleted: 1, taken: 0, conflicts: 0 });
    writeSyncState(root, state);
    const read = expectOk(root);
    expect(read.designSystemId).toBe('ds_demo');
    expect(read.format).toBe(SNAPSHOT_FORMAT);
    expect(read.lastSyncedAt).toBe('2026-11-24T10:00:00.000Z');
    expect([...read.components]).toEqual([...state.components]);
    expect(read.history).toEqual(state.history);
  });

  it('round-trips an empty component list', () => {
    const root = fakeRoot();
    writeSyncState(root, emptySyncState('ds_x', SNAPSHOT_FORMAT));
    expect(expectOk(root).components.size).toBe(0);
  });

  it('keeps the newest 20 history entries, newest first', () => {
    let state = emptySyncState('ds', SNAPSHOT_FORMAT);
    for (let index = 0; index < 25; index += 1) {
      state = addHistoryEntry(state, { at: `t${index}`, user: null, pushed: index, deleted: 0, taken: 0, conflicts: 0 });
    }
    expect(state.history).toHaveLength(20);
    expect(state.history[0]?.at).toBe('t24');
    expect(state.history[19]?.at).toBe('t5');
  });

  it('stores 10,000 components within the 100 kB entry limit (the fake enforces it) and reads them back', () => {
    const root = fakeRoot();
    // Non-ASCII names make chunks cut on bytes, not characters.
    const state = stateOf(10_000, { names: (index) => `Bloc ${index} — été ✉️ ${'é'.repeat(index % 30)}` });
    writeSyncState(root, state);
    const keys = root.getSharedPluginDataKeys(NS);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      const bytes = Buffer.byteLength(NS) + Buffer.byteLength(key) + Buffer.byteLength(root.getSharedPluginData(NS, key));
      expect(bytes).toBeLessThanOrEqual(PLUGIN_DATA_ENTRY_LIMIT_BYTES);
    }
    expect([...expectOk(root).components]).toEqual([...state.components]);
  });

  it('removes the previous generation after a write and never touches the design-system setting', () => {
    const root = fakeRoot();
    root.setSharedPluginData(NS, 'designSystemId', 'ds_demo');
    writeSyncState(root, stateOf(3000, { seed: 1 }));
    const first = root.getSharedPluginDataKeys(NS).sort();
    writeSyncState(root, stateOf(3000, { seed: 2 }));
    const second = root.getSharedPluginDataKeys(NS).sort();
    expect(second).toHaveLength(first.length);
    expect(second.filter((key) => first.includes(key))).toEqual(['designSystemId', SYNC_STATE_HEAD_KEY]);
    expect(root.getSharedPluginData(NS, 'designSystemId')).toBe('ds_demo');
    expect([...expectOk(root).components]).toEqual([...stateOf(3000, { seed: 2 }).components]);
  });

  it('reads the previous state after a crash at any point of a write, and the next write cleans up', () => {
    const previous = stateOf(3000, { seed: 1 });
    const next = stateOf(3000, { seed: 2 });
    const probe = fakeRoot();
    writeSyncState(probe, previous);
    const writesPerSave = probe.getSharedPluginDataKeys(NS).length; // chunks + head
    for (let writes = 0; writes <= writesPerSave * 2; writes += 1) {
      const root = fakeRoot();
      writeSyncState(root, previous);
      let crashed = false;
      try {
        writeSyncState(crashingAfter(root, writes), next);
      } catch {
        crashed = true;
      }
      const read = expectOk(root);
      // Before the head is written the old state stands; from then on the new one.
      const expected = crashed && writes < writesPerSave ? previous : next;
      expect([...read.components], `crash after ${writes} writes`).toEqual([...expected.components]);
      writeSyncState(root, next);
      expect(root.getSharedPluginDataKeys(NS)).toHaveLength(writesPerSave);
    }
  });

  it('reads a state mixed from two writers as damaged, not as valid', () => {
    const root = fakeRoot();
    writeSyncState(root, stateOf(3000, { seed: 1 }));
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as { generation: string };
    const chunk = `syncState.${head.generation}.1`;
    const other = fakeRoot();
    writeSyncState(other, stateOf(3000, { seed: 2 }));
    const otherHead = JSON.parse(other.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as { generation: string };
    root.setSharedPluginData(NS, chunk, other.getSharedPluginData(NS, `syncState.${otherHead.generation}.1`));
    const read = readSyncState(root);
    expect(read.status).toBe('damaged');
  });

  it('reads a missing part as damaged, in words', () => {
    const root = fakeRoot();
    writeSyncState(root, stateOf(3000));
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as { generation: string };
    root.setSharedPluginData(NS, `syncState.${head.generation}.0`, '');
    const read = readSyncState(root);
    expect(read).toEqual({ status: 'damaged', message: expect.stringMatching(/cannot be read \(part 1 of \d+ is missing\)/) as unknown });
  });

  it.each([
    ['not JSON', '{oops'],
    ['no version', '{"format":1}'],
    ['an incomplete header', `{"v":${SYNC_STATE_VERSION},"format":1}`],
  ])('reads a header that is %s as damaged, and a write replaces it', (_what, head) => {
    const root = fakeRoot();
    root.setSharedPluginData(NS, SYNC_STATE_HEAD_KEY, head);
    const read = readSyncState(root);
    expect(read.status).toBe('damaged');
    if (read.status === 'damaged') expect(read.message).toMatch(/sync state cannot be read/);
    writeSyncState(root, stateOf(5));
    expect(expectOk(root).components.size).toBe(5);
  });

  it('reads a last sync time that is not a server time as damaged (every changes call would be refused with it)', () => {
    const root = fakeRoot();
    writeSyncState(root, { ...stateOf(2), lastSyncedAt: '2026-11-21T10:00:00.000Z' });
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as Record<string, unknown>;
    root.setSharedPluginData(NS, SYNC_STATE_HEAD_KEY, JSON.stringify({ ...head, lastSyncedAt: 'yesterday' }));
    expect(readSyncState(root)).toEqual({ status: 'damaged', message: expect.stringMatching(/cannot be read \(its last sync time is not a time\)/) as unknown });
  });

  it('drops a history entry it cannot read and keeps the rest of the state (the history is only shown)', () => {
    const root = fakeRoot();
    let state = stateOf(3);
    state = addHistoryEntry(state, { at: '2026-11-23T10:00:00.000Z', user: 'Ada', pushed: 3, deleted: 0, taken: 0, conflicts: 0 });
    state = addHistoryEntry(state, { at: '2026-11-24T10:00:00.000Z', user: 'Ben', pushed: 1, deleted: 0, taken: 0, conflicts: 0 });
    writeSyncState(root, state);
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as { history: unknown[] };
    root.setSharedPluginData(NS, SYNC_STATE_HEAD_KEY, JSON.stringify({ ...head, history: [{ at: '2026-11-25T10:00:00.000Z', pushed: 'many' }, ...head.history, 'not an entry'] }));
    const read = expectOk(root);
    expect(read.history.map((entry) => entry.user)).toEqual(['Ben', 'Ada']);
    expect([...read.components]).toEqual([...state.components]);
  });

  it('reads a damaged component list as damaged', () => {
    const root = fakeRoot();
    writeSyncState(root, stateOf(2));
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as Record<string, unknown>;
    const body = '{"times":[],"c":["k","h",3,"n"]}';
    // A consistent header over a body whose time index points nowhere.
    root.setSharedPluginData(NS, `syncState.${String(head.generation)}.0`, body);
    let hash = 0x811c9dc5 ^ body.length;
    for (let index = 0; index < body.length; index += 1) hash = ((hash ^ body.charCodeAt(index)) * 0x1b873 + 0x9e37) >>> 0;
    root.setSharedPluginData(NS, SYNC_STATE_HEAD_KEY, JSON.stringify({ ...head, chunks: 1, length: body.length, count: 1, checksum: hash.toString(16) }));
    expect(readSyncState(root).status).toBe('damaged');
  });

  it('round-trips the remote additions a sync listed, under a version-2 head; a state without them keeps version 1', () => {
    const root = fakeRoot();
    const remoteAdds = new Map([
      ['r1', { hash: 'h1', updatedAt: '2026-11-20T10:00:00.000Z', name: 'Button', kind: 'component_set' as const, updatedBy: 'Ana Lima', thumbnailUrl: 'https://builder.example/t/r1.png' }],
      ['r2', { hash: 'h2', updatedAt: '2026-11-21T10:00:00.000Z', name: 'Hero', kind: 'component' as const, updatedBy: null, thumbnailUrl: null }],
    ]);
    writeSyncState(root, { ...stateOf(3), remoteAdds });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 2, adds: 2, count: 3 });
    const read = expectOk(root);
    expect(read.remoteAdds).toEqual(remoteAdds);
    expect(read.components).toEqual(stateOf(3).components);
    writeSyncState(root, { ...read, remoteAdds: new Map() });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 1 });
    expect(expectOk(root).remoteAdds).toBeUndefined();
  });

  it('round-trips the versions taken in part, under a version-3 head (an Envelope of version 2 is read-only there); without them the head goes back to 2 or 1', () => {
    const root = fakeRoot();
    const remote = { key: 'p1', name: 'Header', kind: 'component' as const, description: 'Theirs.', hash: 't1', properties: {}, variants: [], node: { type: 'COMPONENT', fills: ['#ff2200'] }, thumbnail_url: null, updated_at: '2026-11-20T10:00:00.000Z', updated_by: 'Ana Lima', deleted: false };
    const partlyTaken = new Map([['p1', { remote, steps: ['fill #ffffff → #ff2200', 'Variant "Dark" exists only in the design system: add it by hand.'] }]]);
    const remoteAdds = new Map([['r1', { hash: 'h1', updatedAt: '2026-11-20T10:00:00.000Z', name: 'Button', kind: 'component_set' as const, updatedBy: 'Ana Lima', thumbnailUrl: null }]]);
    writeSyncState(root, { ...stateOf(3), remoteAdds, partlyTaken });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 3, adds: 1, partly: 1, count: 3 });
    const read = expectOk(root);
    expect(read.partlyTaken).toEqual(partlyTaken);
    expect(read.remoteAdds).toEqual(remoteAdds);
    writeSyncState(root, { ...read, partlyTaken: new Map() });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 2 });
    expect(expectOk(root).partlyTaken).toBeUndefined();
    writeSyncState(root, { ...stateOf(3), partlyTaken });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 3, partly: 1 });
    writeSyncState(root, stateOf(3));
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 1 });
  });

  it('round-trips what a take replaced, under a version-4 head (an Envelope of version 3 is read-only there); without it the head goes back to 3, 2 or 1', () => {
    const root = fakeRoot();
    const state = stateOf(3);
    const [first, second] = [...state.components.keys()];
    state.components.set(first!, { ...state.components.get(first!)!, beforeTake: { hash: 'mine', base: { hash: 'synced', updatedAt: '2026-11-19T10:00:00.000Z' } } });
    state.components.set(second!, { ...state.components.get(second!)!, beforeTake: { hash: 'added-here', base: null } });
    writeSyncState(root, state);
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 4, undo: 2, count: 3 });
    expect(expectOk(root).components).toEqual(state.components);
    writeSyncState(root, stateOf(3));
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 1 });
    expect([...expectOk(root).components.values()].some((entry) => entry.beforeTake !== undefined)).toBe(false);
  });

  it('round-trips the deletions taken, under a version-4 head', () => {
    const root = fakeRoot();
    const takenDeletions = new Map([['gone', { hash: 'mine', base: { hash: 'synced', updatedAt: null }, deletedAt: '2026-11-21T10:00:00.000Z' }]]);
    writeSyncState(root, { ...stateOf(2), takenDeletions });
    expect(JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY))).toMatchObject({ v: 4, dels: 1, count: 2 });
    expect(expectOk(root).takenDeletions).toEqual(takenDeletions);
  });

  it('reads a deletion taken whose time is not a time as damaged (it becomes a changes call’s since)', () => {
    const root = fakeRoot();
    writeSyncState(root, { ...stateOf(1), takenDeletions: new Map([['gone', { hash: 'mine', base: { hash: 'synced', updatedAt: null }, deletedAt: 'yesterday' }]]) });
    expect(readSyncState(root).status).toBe('damaged');
  });

  it('reads a recorded version taken in part that is not as written (not a component) as damaged', () => {
    const root = fakeRoot();
    const remote = { key: 'p1', name: 'Header', kind: 'component' as const, description: '', hash: 't1', properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: 'yesterday', updated_by: null, deleted: false };
    writeSyncState(root, { ...stateOf(1), partlyTaken: new Map([['p1', { remote, steps: [] }]]) });
    expect(readSyncState(root).status).toBe('damaged');
  });

  it('reads a recorded remote addition that is not as written (its time not a time) as damaged', () => {
    const root = fakeRoot();
    writeSyncState(root, { ...stateOf(1), remoteAdds: new Map([['r1', { hash: 'h1', updatedAt: 'yesterday', name: 'Button', kind: 'component' as const, updatedBy: null, thumbnailUrl: null }]]) });
    expect(readSyncState(root).status).toBe('damaged');
  });

  it.each([
    ['codec version', { v: SYNC_STATE_VERSION + 1 }],
    ['snapshot format', { format: SNAPSHOT_FORMAT + 1 }],
  ])('reports a state written by a newer Envelope (%s) and refuses to overwrite it', (_what, change) => {
    const root = fakeRoot();
    writeSyncState(root, stateOf(5));
    const head = JSON.parse(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)) as Record<string, unknown>;
    const newer = JSON.stringify({ ...head, ...change });
    root.setSharedPluginData(NS, SYNC_STATE_HEAD_KEY, newer);
    const read = readSyncState(root);
    expect(read.status).toBe('newer');
    if (read.status === 'newer') expect(read.message).toMatch(/newer version of Envelope.*Update Envelope/);
    expect(() => writeSyncState(root, stateOf(6))).toThrow(/newer version of Envelope/);
    expect(root.getSharedPluginData(NS, SYNC_STATE_HEAD_KEY)).toBe(newer);
  });

  it('refuses to write a state of a format newer than this build', () => {
    expect(() => writeSyncState(fakeRoot(), emptySyncState('ds', SNAPSHOT_FORMAT + 1))).toThrow(/newer/);
  });
});
