import { describe, expect, it } from 'vitest';
import { mergeConcurrentState } from '../../../src/sync/state-merge';
import { addHistoryEntry, emptySyncState, type SyncState, type SyncStateEntry } from '../../../src/sync/sync-state';

const entry = (hash: string, updatedAt: string | null = null): SyncStateEntry => ({ hash, updatedAt, name: hash });
const history = (user: string, at: string) => ({ at, user, pushed: 1, deleted: 0, taken: 0, conflicts: 0 });

function startState(): SyncState {
  const state = emptySyncState('ds', 1);
  state.components.set('a', entry('a0'));
  state.components.set('b', entry('b0'));
  state.components.set('c', entry('c0'));
  return addHistoryEntry({ ...state, lastSyncedAt: '2026-11-20T10:00:00.000Z' }, history('First', '2026-11-20T10:00:00.000Z'));
}

describe('a state written by a collaborator while this sync ran', () => {
  it('drops what this run wrote before and has removed since (a take undone), though it was never in the state the run read', () => {
    const start = startState();
    const took = { ...start, components: new Map(start.components), partlyTaken: new Map([['d', { remote: { key: 'd' }, steps: ['A step.'] }]]) } as unknown as SyncState;
    took.components.set('d', entry('d-taken'));
    // The file's state as stored since: that earlier write merged with a collaborator's push of b.
    const theirs = { ...took, components: new Map(took.components), partlyTaken: new Map(took.partlyTaken) };
    theirs.components.set('b', entry('b-theirs'));
    const undone = { ...took, components: new Map(start.components), partlyTaken: new Map() };
    const merged = mergeConcurrentState(start, undone, theirs, took);
    expect(Object.fromEntries([...merged.components].map(([key, value]) => [key, value.hash]))).toEqual({ a: 'a0', b: 'b-theirs', c: 'c0' });
    expect([...(merged.partlyTaken ?? new Map()).keys()]).toEqual([]);
  });


  it('keeps what they changed, with this run’s changes by key over it (a key both changed is this run’s)', () => {
    const start = startState();
    const ours = { ...start, components: new Map(start.components) };
    ours.components.set('a', entry('a-mine'));
    ours.components.delete('c');
    ours.components.set('d', entry('d-mine'));
    // Theirs, read back from the file: other objects for the same entries.
    const theirs = { ...start, components: new Map([...start.components].map(([key, value]) => [key, { ...value }])) };
    theirs.components.set('a', entry('a-theirs'));
    theirs.components.set('b', entry('b-theirs'));
    const merged = mergeConcurrentState(start, ours, theirs);
    expect(Object.fromEntries([...merged.components].map(([key, value]) => [key, value.hash]))).toEqual({ a: 'a-mine', b: 'b-theirs', d: 'd-mine' });
  });

  it('puts this run’s history entry before theirs (once), and the earlier base time when both moved it', () => {
    const start = startState();
    const ours = addHistoryEntry({ ...start, lastSyncedAt: '2026-11-22T10:00:00.000Z' }, history('Dana', '2026-11-22T10:00:00.000Z'));
    const theirs = addHistoryEntry({ ...start, history: start.history.map((item) => ({ ...item })), lastSyncedAt: '2026-11-21T10:00:00.000Z' }, history('Robin', '2026-11-21T10:00:00.000Z'));
    const merged = mergeConcurrentState(start, ours, theirs);
    expect(merged.history.map((item) => item.user)).toEqual(['Dana', 'Robin', 'First']);
    expect(merged.lastSyncedAt).toBe('2026-11-21T10:00:00.000Z');
    // Written again over that merge (a later write of the same run): the entry is not doubled.
    expect(mergeConcurrentState(start, ours, merged).history.map((item) => item.user)).toEqual(['Dana', 'Robin', 'First']);
  });

  it('does not double this run’s entry when the file gives it back with its fields in another order', () => {
    const start = startState();
    const ours = addHistoryEntry({ ...start }, history('Dana', '2026-11-22T10:00:00.000Z'));
    // Read back from the file by another reader: the same entry, its keys written in another order.
    const reordered = ours.history.map(({ conflicts, taken, deleted, pushed, user, at }) => ({ conflicts, taken, deleted, pushed, user, at }));
    expect(mergeConcurrentState(start, ours, { ...start, history: reordered }).history.map((item) => item.user)).toEqual(['Dana', 'First']);
  });

  it('keeps their base time when this run did not move it', () => {
    const start = startState();
    const theirs = { ...start, lastSyncedAt: '2026-11-21T10:00:00.000Z' };
    expect(mergeConcurrentState(start, start, theirs).lastSyncedAt).toBe('2026-11-21T10:00:00.000Z');
  });
});
