import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { classifyComponents, type ClassifiedComponent } from '../../../src/sync/classify';
import { partlyTakenToRecord, PARTLY_TAKEN_RECORD_LIMIT, PARTLY_TAKEN_TOTAL_LIMIT, recordRoom, withPartlyTaken } from '../../../src/sync/partly-taken';
import { effectiveChoice, planPush } from '../../../src/sync/push-plan';
import type { PartlyTakenEntry, SyncStateEntry } from '../../../src/sync/sync-state';

const TAKEN_AT = '2026-11-20T10:00:00.000Z';

function remote(key: string, hash: string, updatedAt: string, extra: Partial<Component> = {}): Component {
  return { key, name: key, kind: 'component', description: 'Theirs.', hash, properties: {}, variants: [], node: { type: 'COMPONENT', fills: ['#ff2200'] }, thumbnail_url: null, updated_at: updatedAt, updated_by: 'Ana Lima', deleted: false, ...extra };
}

// Header was taken in part from theirs (t1): the file's hash after the take is h-after, and the
// version is not marked as seen (updatedAt null).
const record: PartlyTakenEntry = { remote: remote('header', 't1', TAKEN_AT), steps: ['fill #ffffff → #ff2200'] };
const base = new Map<string, SyncStateEntry>([['header', { hash: 'h-after', updatedAt: null, name: 'header' }]]);
const state = { components: base, partlyTaken: new Map([['header', record]]) };

function classify(localHash: string | null, window: Component[] = []): ClassifiedComponent | undefined {
  const classification = classifyComponents({
    base,
    baseFormat: 1,
    currentFormat: 1,
    local: localHash === null ? [] : [{ key: 'header', name: 'header', kind: 'component', hash: localHash }],
    remote: withPartlyTaken(state, window),
    partlyTaken: state.partlyTaken,
  });
  return classification.components.find((component) => component.key === 'header');
}

describe('versions taken in part', () => {
  it('are listed from the record as taken in part, with their steps, and are not taken again unless chosen', () => {
    const row = classify('h-after')!;
    expect(row).toMatchObject({ kind: 'remote-change', remote: { hash: 't1', updated_at: TAKEN_AT }, takenInPart: record });
    expect(effectiveChoice(row, new Map())).toBe('skip');
    expect(effectiveChoice(row, new Map([['header', 'take']]))).toBe('take');
    const plan = planPush({ components: [row], choices: new Map(), payloadOf: () => undefined, base: '2026-11-24T10:00:00.000Z', source: { file_id: 'f', file_name: 'F', user: 'Dana', plugin_version: '0' } });
    expect(plan.take).toEqual([]);
    expect(plan.skipped).toEqual([row]);
  });

  it('are known in the changes window when the builder writes their time another way (the same instant), and stay left as they were', () => {
    const row = classify('h-after', [remote('header', 't1', '2026-11-20T10:00:00+00:00')])!;
    expect(row).toMatchObject({ kind: 'remote-change', takenInPart: record });
    expect(effectiveChoice(row, new Map())).toBe('skip');
    expect(partlyTakenToRecord(state.partlyTaken, [row], new Map())).toEqual(new Map([['header', record]]));
  });

  it('an edit here is a conflict against the recorded version (never a plain local change), and a deletion here too', () => {
    expect(classify('h-mine')).toMatchObject({ kind: 'conflict', remote: { hash: 't1' }, takenInPart: record });
    expect(classify(null)).toMatchObject({ kind: 'conflict', takenInPart: record });
  });

  it('are resolved when the file matches their version: both-same, settled as that version, and the record goes', () => {
    const row = classify('t1')!;
    expect(row.kind).toBe('both-same');
    expect(row.takenInPart).toBeUndefined();
    expect(partlyTakenToRecord(state.partlyTaken, [], new Map())).toEqual(new Map());
    const plan = planPush({ components: [row], choices: new Map(), payloadOf: () => undefined, base: null, source: { file_id: 'f', file_name: 'F', user: 'Dana', plugin_version: '0' } });
    expect(plan.settle).toEqual([{ key: 'header', entry: { hash: 't1', updatedAt: TAKEN_AT, name: 'header' } }]);
  });

  it('give way to a newer version in the changes window (a plain change, ticked to take) or a deletion there, and the record goes', () => {
    const newer = classify('h-after', [remote('header', 't2', '2026-11-25T10:00:00.000Z')])!;
    expect(newer).toMatchObject({ kind: 'remote-change', remote: { hash: 't2' } });
    expect(newer.takenInPart).toBeUndefined();
    expect(effectiveChoice(newer, new Map())).toBe('take');
    expect(partlyTakenToRecord(state.partlyTaken, [newer], new Map())).toEqual(new Map());
    const deleted = classify('h-after', [remote('header', 't1', '2026-11-25T10:00:00.000Z', { deleted: true })])!;
    expect(deleted).toMatchObject({ kind: 'remote-delete' });
    expect(deleted.takenInPart).toBeUndefined();
  });

  it('are kept while their row is left as it was, replaced by a new take in part, and dropped otherwise', () => {
    const left = classify('h-after')!;
    expect(partlyTakenToRecord(state.partlyTaken, [left], new Map())).toEqual(new Map([['header', record]]));
    expect(partlyTakenToRecord(state.partlyTaken, [classify('h-mine')!], new Map())).toEqual(new Map([['header', record]]));
    const again: PartlyTakenEntry = { remote: record.remote, steps: ['fill #eeeeee → #ff2200'] };
    expect(partlyTakenToRecord(state.partlyTaken, [], new Map([['header', again]]))).toEqual(new Map([['header', again]]));
    // Taken fully, pushed over or settled: not among the rows left, so not kept.
    expect(partlyTakenToRecord(state.partlyTaken, [], new Map())).toEqual(new Map());
  });

  it('are listed before the changes window, and only for keys the base has', () => {
    const later = remote('other', 'o1', '2026-11-25T10:00:00.000Z');
    expect(withPartlyTaken(state, [later])).toEqual([record.remote, later]);
    // A record of a key the base no longer has is not listed.
    expect(withPartlyTaken({ components: new Map(), partlyTaken: state.partlyTaken }, [])).toEqual([]);
  });

  it('are recorded only while small enough for the file’s shared state', () => {
    expect(recordRoom([]).fits(record.remote, record.steps)).toBe(true);
    expect(recordRoom([]).fits(remote('big', 'b', TAKEN_AT, { description: 'x'.repeat(PARTLY_TAKEN_RECORD_LIMIT) }), [])).toBe(false);
  });

  it('are recorded only while all of them together stay within the total, counting the records kept', () => {
    // Each a little under half the per-record limit: the total holds a handful.
    const sized = (key: string) => remote(key, key, TAKEN_AT, { description: 'x'.repeat(PARTLY_TAKEN_RECORD_LIMIT / 2) });
    const fitting = Math.floor(PARTLY_TAKEN_TOTAL_LIMIT / JSON.stringify(sized('k0')).length);
    expect(fitting).toBeGreaterThan(1);
    const room = recordRoom([]);
    for (let index = 0; index < fitting; index += 1) expect(room.fits(sized(`k${index}`), [])).toBe(true);
    expect(room.fits(sized('one-more'), [])).toBe(false);
    // A small one still fits in what is left.
    expect(room.fits(record.remote, record.steps)).toBe(true);
    // Records this sync keeps take their room first.
    const kept = Array.from({ length: fitting }, (_, index) => ({ remote: sized(`kept${index}`), steps: [] }));
    expect(recordRoom(kept).fits(sized('new'), [])).toBe(false);
    expect(recordRoom(kept.slice(1)).fits(sized('new'), [])).toBe(true);
  });
});

describe('a take in part undone with ⌘Z', () => {
  // Header was unchanged at h-before (synced from theirs t0), then t1 was taken in part: the base
  // entry keeps what the take replaced. ⌘Z puts the file back to h-before.
  const undoneBase = new Map<string, SyncStateEntry>([
    ['header', { hash: 'h-after', updatedAt: null, name: 'header', beforeTake: { hash: 'h-before', base: { hash: 'h-before', updatedAt: '2026-11-19T10:00:00.000Z' } } }],
  ]);
  const undoneState = { components: undoneBase, partlyTaken: new Map([['header', record]]) };
  const classifyUndone = (localHash: string): ClassifiedComponent =>
    classifyComponents({
      base: undoneBase,
      baseFormat: 1,
      currentFormat: 1,
      local: [{ key: 'header', name: 'header', kind: 'component', hash: localHash }],
      remote: withPartlyTaken(undoneState, []),
      partlyTaken: undoneState.partlyTaken,
    }).components.find((component) => component.key === 'header')!;

  it('reads as what the file now is: their version not taken (ticked to take, as before taking), never "taken in part"', () => {
    const row = classifyUndone('h-before');
    expect(row).toMatchObject({ kind: 'remote-change', remote: { hash: 't1' } });
    expect(row.takenInPart).toBeUndefined();
    expect(effectiveChoice(row, new Map())).toBe('take');
  });

  it('keeps the record while the row is left, so a redo (⌘⇧Z) reads as taken in part again', () => {
    expect(partlyTakenToRecord(undoneState.partlyTaken, [classifyUndone('h-before')], new Map())).toEqual(new Map([['header', record]]));
    expect(classifyUndone('h-after').takenInPart).toBe(record);
  });
});
