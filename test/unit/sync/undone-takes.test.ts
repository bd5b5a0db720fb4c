import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { classifyComponents } from '../../../src/sync/classify';
import { applyTaken, nextBaseTime } from '../../../src/sync/push-plan';
import { changesSince } from '../../../src/sync/remote-adds';
import { keysWithTakeRecords, takesWrittenOver, withoutOutgrownUndoRecords, withUndoneTakesForgotten } from '../../../src/sync/undone-takes';
import { emptySyncState, type SyncState, type SyncStateEntry } from '../../../src/sync/sync-state';

const SYNCED_AT = '2026-11-20T10:00:00.000Z';
const THEIRS_AT = '2026-11-21T10:00:00.000Z';
const TAKEN_AT = '2026-11-22T10:00:00.000Z';

const theirs: Component = { key: 'd', name: 'Divider', kind: 'component', description: 'Theirs.', hash: 'theirs', properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: THEIRS_AT, updated_by: 'Ana Lima', deleted: false };

/** Synced at 'synced', then taken over a file at `before` (the base it was classified against: `base`). */
function takenState(before: string, base: SyncStateEntry | null): SyncState {
  const start = emptySyncState('ds', 1);
  if (base !== null) start.components.set('d', base);
  return { ...applyTaken(start, [{ remote: theirs, localHash: 'taken', name: 'Divider', before: { hash: before, base } }]), lastSyncedAt: TAKEN_AT };
}

const kindOf = (state: SyncState, localHash: string, window: Component[]) =>
  classifyComponents({ base: state.components, baseFormat: 1, currentFormat: 1, local: [{ key: 'd', name: 'Divider', kind: 'component', hash: localHash }], remote: window }).components[0]?.kind ?? 'unchanged';

describe('a take undone with ⌘Z', () => {
  const synced: SyncStateEntry = { hash: 'synced', updatedAt: SYNCED_AT, name: 'Divider' };

  it('of a conflict is the conflict again, with their version asked for again (the changes call starts just before it)', () => {
    const state = takenState('mine', synced);
    expect(changesSince(state, () => 'mine')).toBe('2026-11-21T09:59:59.999Z');
    expect(kindOf(state, 'mine', [theirs])).toBe('conflict');
  });

  it('of a change there (nothing edited here) is that change again', () => {
    const state = takenState('synced', synced);
    expect(kindOf(state, 'synced', [theirs])).toBe('remote-change');
  });

  it('of two additions that differed is the conflict again', () => {
    expect(kindOf(takenState('added-here', null), 'added-here', [theirs])).toBe('conflict');
  });

  it('is not assumed while the file holds the version taken, or an edit of it', () => {
    const state = takenState('mine', synced);
    expect(changesSince(state, () => 'taken')).toBe(TAKEN_AT);
    expect(kindOf(state, 'taken', [])).toBe('unchanged');
    expect(changesSince(state, () => 'edited later')).toBe(TAKEN_AT);
    expect(kindOf(state, 'edited later', [])).toBe('local-change');
  });

  it('leaves no record when the take changed nothing in the file', () => {
    const start = emptySyncState('ds', 1);
    expect(applyTaken(start, [{ remote: theirs, localHash: 'theirs', name: 'Divider', before: { hash: 'theirs', base: null } }]).components.get('d')?.beforeTake).toBeUndefined();
  });

  it('of a teammate’s deletion is that deletion again (their tombstone asked for again), while the file has the component as it was', () => {
    const tombstone: Component = { ...theirs, deleted: true };
    const start = emptySyncState('ds', 1);
    start.components.set('d', synced);
    const state = { ...applyTaken(start, [{ remote: tombstone, localHash: null, name: 'Divider', before: { hash: 'synced', base: synced } }]), lastSyncedAt: TAKEN_AT };
    expect(state.components.has('d')).toBe(false);
    expect(changesSince(state, () => 'synced')).toBe('2026-11-21T09:59:59.999Z');
    const kind = classifyComponents({ base: state.components, baseFormat: 1, currentFormat: 1, local: [{ key: 'd', name: 'Divider', kind: 'component', hash: 'synced' }], remote: [tombstone], takenDeletions: state.takenDeletions }).components[0]?.kind;
    expect(kind).toBe('remote-delete');
    // Another component under that key (not the one taken out): an addition, as before.
    expect(changesSince(state, () => 'another')).toBe(TAKEN_AT);
  });
});

describe('the records of takes, once a later sync finds the take not undone', () => {
  const synced: SyncStateEntry = { hash: 'synced', updatedAt: SYNCED_AT, name: 'Divider' };

  it('go: the file past the take (the version taken, or an edit of it) no longer needs them', () => {
    const state = takenState('mine', synced);
    for (const now of ['taken', 'edited-after']) {
      const pruned = withoutOutgrownUndoRecords(state.components, state.components, () => now);
      expect(pruned.get('d')).toEqual({ hash: 'taken', updatedAt: THEIRS_AT, name: 'Divider' });
    }
  });

  it('stay while the file is back at its content from before the take: the undo is still recognised after that sync', () => {
    const state = takenState('mine', synced);
    const kept = { ...state, components: withoutOutgrownUndoRecords(state.components, state.components, () => 'mine') };
    expect(kept.components.get('d')?.beforeTake).toEqual({ hash: 'mine', base: { hash: 'synced', updatedAt: SYNCED_AT } });
    expect(changesSince(kept, () => 'mine')).toBe('2026-11-21T09:59:59.999Z');
    expect(kindOf(kept, 'mine', [theirs])).toBe('conflict');
  });

  it('stay while the component is not in the file (an undo of its deletion may bring it back), and for a take this sync made', () => {
    const state = takenState('mine', synced);
    expect(withoutOutgrownUndoRecords(state.components, state.components, () => undefined).get('d')?.beforeTake).toBeDefined();
    // Not in the state this sync read: written by its own take, which the designer may still undo.
    expect(withoutOutgrownUndoRecords(state.components, new Map([['d', synced]]), () => 'taken').get('d')?.beforeTake).toBeDefined();
  });

  it('leave the state as it is when there is nothing to drop', () => {
    const state = takenState('mine', synced);
    expect(withoutOutgrownUndoRecords(state.components, state.components, () => 'mine')).toBe(state.components);
  });
});

describe('a take the file is back from when a sync writes its state (⌘Z while it sent)', () => {
  const synced: SyncStateEntry = { hash: 'synced', updatedAt: SYNCED_AT, name: 'Divider' };
  const file = (hash: string) => () => ({ hash, name: 'Divider' });

  it('is no take: the base from before it again, their version unresolved, so an edit after the ⌘Z is the conflict with it', () => {
    const state = takenState('mine', synced);
    const undone = withUndoneTakesForgotten(state, file('mine'));
    expect(undone.components.get('d')).toEqual(synced);
    expect(undone.theirTimes).toEqual([THEIRS_AT]);
    expect([...undone.keys]).toEqual(['d']);
    const next = { ...state, components: undone.components, lastSyncedAt: nextBaseTime(TAKEN_AT, undone.theirTimes) };
    expect(kindOf(next, 'mine, edited after the undo', [theirs])).toBe('conflict');
    // Kept as a record, the edit read as a change here, pushed over theirs.
    expect(kindOf(state, 'mine, edited after the undo', [])).toBe('local-change');
  });

  it('of two additions: no base at all, so the file is the addition that differs from theirs', () => {
    const undone = withUndoneTakesForgotten(takenState('added-here', null), file('added-here'));
    expect(undone.components.has('d')).toBe(false);
    expect(undone.theirTimes).toEqual([THEIRS_AT]);
  });

  it('taken in part: their time is the record’s (the entry does not mark that version as seen)', () => {
    const start = emptySyncState('ds', 1);
    start.components.set('d', synced);
    const taken = applyTaken(start, [{ remote: theirs, localHash: 'taken in part', name: 'Divider', partly: true, before: { hash: 'mine', base: synced } }]);
    const state = { ...taken, partlyTaken: new Map([['d', { remote: theirs, steps: ['A step.'] }]]) };
    expect(withUndoneTakesForgotten(state, file('mine')).theirTimes).toEqual([THEIRS_AT]);
  });

  it('of a teammate’s deletion: the entry from before it back (named as the file names it), the deletion unresolved', () => {
    const start = emptySyncState('ds', 1);
    start.components.set('d', synced);
    const deletion = { ...theirs, deleted: true, updated_at: TAKEN_AT };
    const state = applyTaken(start, [{ remote: deletion, localHash: null, name: 'Divider', before: { hash: 'mine', base: synced } }]);
    const undone = withUndoneTakesForgotten(state, () => ({ hash: 'mine', name: 'Divider renamed' }));
    expect(undone.components.get('d')).toEqual({ ...synced, name: 'Divider renamed' });
    expect(undone.takenDeletions.size).toBe(0);
    expect(undone.theirTimes).toEqual([TAKEN_AT]);
    expect(keysWithTakeRecords(state)).toEqual(['d']);
  });

  it('stays taken while the file has their version, an edit of it, or no such component', () => {
    const state = takenState('mine', synced);
    for (const now of [file('taken'), file('taken, then edited'), () => undefined]) {
      const undone = withUndoneTakesForgotten(state, now);
      expect(undone.components).toEqual(state.components);
      expect(undone.keys.size).toBe(0);
      expect(undone.theirTimes).toEqual([]);
    }
  });
});

describe('the takes a run wrote that the stored state lost since (⌘Z of that write)', () => {
  const synced: SyncStateEntry = { hash: 'synced', updatedAt: SYNCED_AT, name: 'Divider' };

  it('are forgotten at the next write whatever the file has by then (an edit made after the ⌘Z)', () => {
    const start = emptySyncState('ds', 1);
    start.components.set('d', synced);
    const written = takenState('mine', synced);
    const over = takesWrittenOver(written, start);
    expect([...over]).toEqual([['d', 'Divider']]);
    const undone = withUndoneTakesForgotten(written, () => ({ hash: 'mine, edited after the undo', name: 'Divider' }), over);
    expect(undone.components.get('d')).toEqual(synced);
    expect(undone.theirTimes).toEqual([THEIRS_AT]);
  });

  it('are none while the stored state still has them', () => {
    const written = takenState('mine', synced);
    expect(takesWrittenOver(written, written).size).toBe(0);
  });

  it('count a deletion taken whose record the stored state lost, named as it was stored', () => {
    const start = emptySyncState('ds', 1);
    start.components.set('d', synced);
    const written = applyTaken(start, [{ remote: { ...theirs, deleted: true, updated_at: TAKEN_AT }, localHash: null, name: 'Divider', before: { hash: 'mine', base: synced } }]);
    const over = takesWrittenOver(written, start);
    expect([...over]).toEqual([['d', 'Divider']]);
    // Still out of the file (only the state's write was undone): back with its entry, the same on both sides next time.
    expect(withUndoneTakesForgotten(written, () => undefined, over).components.get('d')).toEqual(synced);
  });
});
