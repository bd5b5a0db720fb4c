import { describe, expect, it } from 'vitest';
import type { Component, SyncBody, SyncResult } from '../../../src/shared/api/builder/schemas';
import type { SyncChoice } from '../../../src/shared/bridge/messages';
import type { ComponentPayload } from '../../../src/snapshot/normalized-types';
import { classifyComponents, type LocalComponentSummary } from '../../../src/sync/classify';
import { applyBatchResult, applySettled, applyTaken, keepMineRequests, nextBaseTime, planPush, sentOnly, skippedRowCount, stillSeen, type PushPlanInput } from '../../../src/sync/push-plan';
import { emptySyncState, type SyncState, type SyncStateEntry } from '../../../src/sync/sync-state';

const SOURCE: SyncBody['source'] = { file_id: 'file1', file_name: 'Emails', user: 'Ada', plugin_version: '1.0.0' };
const BASE_TIME = '2026-11-20T10:00:00.000Z';

function payload(key: string, hash: string, extra: Partial<ComponentPayload> = {}): ComponentPayload {
  return {
    key,
    name: `Component ${key}`,
    kind: 'component',
    description: '',
    hash,
    properties: { Label: { type: 'TEXT', defaultValue: 'Go' } },
    variants: [],
    node: { type: 'COMPONENT', name: `Component ${key}`, width: 100, height: 40 },
    ...extra,
  };
}

function remote(key: string, hash: string, deleted = false, updatedAt = '2026-11-21T10:00:00.000Z'): Component {
  return { key, name: `Remote ${key}`, kind: 'component', description: '', hash, properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: updatedAt, updated_by: 'Grace', deleted };
}

function summary(p: ComponentPayload): LocalComponentSummary {
  return { key: p.key, name: p.name, kind: p.kind, hash: p.hash };
}

function setup(options: { base: Record<string, string>; local: ComponentPayload[]; remote?: Component[]; choices?: Record<string, SyncChoice>; baseTime?: string | null }) {
  const base = new Map<string, SyncStateEntry>(Object.entries(options.base).map(([key, hash]) => [key, { hash, updatedAt: BASE_TIME, name: `Component ${key}` }]));
  const classification = classifyComponents({ base, baseFormat: 1, currentFormat: 1, local: options.local.map(summary), remote: options.remote ?? [] });
  const payloads = new Map(options.local.map((p) => [p.key, p]));
  const input: PushPlanInput = {
    components: classification.components,
    choices: new Map(Object.entries(options.choices ?? {})),
    payloadOf: (key) => payloads.get(key),
    base: options.baseTime === undefined ? BASE_TIME : options.baseTime,
    source: SOURCE,
  };
  return { base, classification, plan: planPush(input) };
}

describe('planPush', () => {
  it('sends nothing when nothing changed', () => {
    const { plan } = setup({ base: { a: 'h1', b: 'h1' }, local: [payload('a', 'h1'), payload('b', 'h1')] });
    expect(plan.batches).toEqual([]);
    expect(plan.body.upserts).toEqual([]);
    expect(plan.take).toEqual([]);
    expect(plan.settle).toEqual([]);
    expect(plan.skipped).toEqual([]);
  });

  it('sends only the 10 components edited out of 10,000, in one request', () => {
    const local: ComponentPayload[] = [];
    const base: Record<string, string> = {};
    for (let index = 0; index < 10_000; index += 1) {
      const key = `k${index}`;
      base[key] = 'h1';
      local.push(payload(key, index % 1000 === 7 ? 'h2' : 'h1'));
    }
    const { plan } = setup({ base, local });
    expect(plan.batches).toHaveLength(1);
    expect(plan.batches[0]?.upserts.map((u) => u.key).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `k${i * 1000 + 7}`).sort());
    expect(plan.batches[0]).toMatchObject({ base: BASE_TIME, source: SOURCE, deletes: [], force: [] });
  });

  it('upserts local changes and adds with their thumbnails, deletes local deletes', () => {
    const thumbnail = { format: 'png' as const, base64: 'iVBORw0KGgo=' };
    const { plan } = setup({ base: { a: 'h1', gone: 'h1' }, local: [payload('a', 'h2', { thumbnail }), payload('new', 'h3')] });
    expect(plan.body.upserts).toEqual([
      { key: 'a', name: 'Component a', kind: 'component', description: '', hash: 'h2', properties: { Label: { type: 'TEXT', defaultValue: 'Go' } }, variants: [], node: { type: 'COMPONENT', name: 'Component a', width: 100, height: 40 }, thumbnail },
      expect.not.objectContaining({ thumbnail: expect.anything() as unknown }) as unknown,
    ]);
    expect(plan.body.deletes).toEqual(['gone']);
    expect(plan.body.force).toEqual([]);
  });

  it('sends a conflict chosen "push" with force, and a local delete against a remote edit as a forced delete', () => {
    const { plan } = setup({
      base: { c: 'h1', d: 'h1' },
      local: [payload('c', 'h2')],
      remote: [remote('c', 'h3'), remote('d', 'h3')],
      choices: { c: 'push', d: 'push' },
    });
    expect(plan.body.upserts.map((u) => u.key)).toEqual(['c']);
    expect(plan.body.deletes).toEqual(['d']);
    expect(plan.body.force.sort()).toEqual(['c', 'd']);
    expect(plan.batches).toHaveLength(1);
  });

  it('leaves conflicts and remote adds for a decision by default, and takes remote changes', () => {
    const { plan } = setup({
      base: { c: 'h1', r: 'h1', rd: 'h1' },
      local: [payload('c', 'h2'), payload('r', 'h1'), payload('rd', 'h1')],
      remote: [remote('c', 'h3'), remote('r', 'h4'), remote('rd', 'h1', true), remote('add', 'h5')],
    });
    expect(plan.batches).toEqual([]);
    expect(plan.take.map((item) => item.key)).toEqual(['r']);
    expect(plan.skipped.map((item) => [item.key, item.kind])).toEqual([
      ['c', 'conflict'],
      ['rd', 'remote-delete'],
      ['add', 'remote-add'],
    ]);
  });

  it('takes what is chosen "take" and treats a choice the kind does not allow as skip', () => {
    const { plan } = setup({
      base: { c: 'h1', a: 'h1', rd: 'h1' },
      local: [payload('c', 'h2'), payload('a', 'h2'), payload('rd', 'h1')],
      remote: [remote('c', 'h3'), remote('rd', 'h1', true), remote('add', 'h5')],
      choices: { c: 'take', a: 'take', rd: 'take', add: 'take' },
    });
    expect(plan.take.map((item) => item.key)).toEqual(['c', 'rd']);
    expect(plan.skipped.map((item) => item.key).sort()).toEqual(['a', 'add']);
    expect(plan.batches).toEqual([]);
  });

  it('settles both-same components without a request', () => {
    const { plan } = setup({
      base: { same: 'h1', dead: 'h1' },
      local: [payload('same', 'h2')],
      remote: [remote('same', 'h2'), remote('dead', 'h1', true)],
    });
    expect(plan.batches).toEqual([]);
    expect(plan.settle).toEqual([
      { key: 'dead', entry: null },
      { key: 'same', entry: { hash: 'h2', updatedAt: '2026-11-21T10:00:00.000Z', name: 'Component same' } },
    ]);
  });

  it('pushes everything on a first sync with a null base', () => {
    const { plan } = setup({ base: {}, local: [payload('a', 'h1'), payload('b', 'h2')], baseTime: null });
    expect(plan.batches).toHaveLength(1);
    expect(plan.batches[0]?.base).toBeNull();
    expect(plan.batches[0]?.upserts.map((u) => u.key)).toEqual(['a', 'b']);
  });

  it('splits large pushes into batches of at most 100 upserts', () => {
    const local = Array.from({ length: 250 }, (_, i) => payload(`k${String(i).padStart(3, '0')}`, 'h'));
    const { plan } = setup({ base: {}, local, baseTime: null });
    expect(plan.batches.map((b) => b.upserts.length)).toEqual([100, 100, 50]);
  });

  it('says in words when a component to push has no payload', () => {
    const base = new Map([['a', { hash: 'h1', updatedAt: BASE_TIME, name: 'Card' }]]);
    const { components } = classifyComponents({ base, baseFormat: 1, currentFormat: 1, local: [{ key: 'a', name: 'Card', kind: 'component', hash: 'h2' }], remote: [] });
    expect(() => planPush({ components, choices: new Map(), payloadOf: () => undefined, base: BASE_TIME, source: SOURCE })).toThrow(/"Card" is no longer in this file's snapshot/);
  });
});

describe('state after a sync', () => {
  function state(entries: Record<string, string>): SyncState {
    const s = emptySyncState('ds', 1);
    for (const [key, hash] of Object.entries(entries)) s.components.set(key, { hash, updatedAt: BASE_TIME, name: `Old ${key}` });
    return { ...s, lastSyncedAt: BASE_TIME };
  }

  it('records accepted keys, drops deleted ones and leaves conflicts as they were', () => {
    const before = state({ a: 'h1', c: 'h1', gone: 'h1' });
    const batch: SyncBody = {
      base: BASE_TIME,
      source: SOURCE,
      upserts: [payload('a', 'h2'), payload('n', 'h3'), payload('c', 'h4')].map((p) => ({ ...p, properties: {}, node: {} })),
      deletes: ['gone'],
      force: [],
    };
    const result: SyncResult = {
      accepted: [
        { key: 'a', hash: 'h2', updated_at: '2026-11-24T10:00:00.000Z' },
        { key: 'n', hash: 'h3', updated_at: '2026-11-24T10:00:00.000Z' },
      ],
      deleted: ['gone'],
      conflicts: [remote('c', 'h9')],
      synced_at: '2026-11-24T10:00:01.000Z',
    };
    const after = applyBatchResult(before, batch, result);
    expect(Object.fromEntries(after.components)).toEqual({
      a: { hash: 'h2', updatedAt: '2026-11-24T10:00:00.000Z', name: 'Component a' },
      n: { hash: 'h3', updatedAt: '2026-11-24T10:00:00.000Z', name: 'Component n' },
      c: { hash: 'h1', updatedAt: BASE_TIME, name: 'Old c' },
    });
    expect(after.lastSyncedAt).toBe(BASE_TIME);
    // Pure: the state passed in is untouched.
    expect(before.components.size).toBe(3);
    expect(before.components.get('a')?.hash).toBe('h1');
  });

  it('records only what the batch sent: a key the builder answers for that was not in it changes nothing', () => {
    const before = state({ a: 'h1', kept: 'k1' });
    const batch: SyncBody = { base: BASE_TIME, source: SOURCE, upserts: [{ ...payload('a', 'h2'), properties: {}, node: {} }], deletes: [], force: [] };
    const answer = {
      accepted: [
        { key: 'a', hash: 'h2', updated_at: '2026-11-24T10:00:00.000Z' },
        { key: 'stranger', hash: 's1', updated_at: '2026-11-24T10:00:00.000Z' },
      ],
      deleted: ['kept'],
      conflicts: [remote('elsewhere', 'e1', false, '2026-11-24T10:00:00.000Z')],
      synced_at: '2026-11-24T10:00:01.000Z',
    };
    expect(sentOnly(batch, answer)).toMatchObject({ accepted: [{ key: 'a' }], deleted: [], conflicts: [] });
    const after = applyBatchResult(before, batch, answer);
    expect([...after.components.keys()].sort()).toEqual(['a', 'kept']);
    expect(after.components.get('kept')?.hash).toBe('k1');
  });

  it('reads the pushed versions as echoes afterwards, so an interrupted push resumes', () => {
    const before = state({ a: 'h1' });
    const batch: SyncBody = { base: BASE_TIME, source: SOURCE, upserts: [{ ...payload('a', 'h2'), properties: {}, node: {} }], deletes: [], force: [] };
    const after = applyBatchResult(before, batch, { accepted: [{ key: 'a', hash: 'h2', updated_at: '2026-11-24T10:00:00.000Z' }], deleted: [], conflicts: [], synced_at: '2026-11-24T10:00:00.000Z' });
    const again = classifyComponents({
      base: after.components,
      baseFormat: 1,
      currentFormat: 1,
      local: [summary(payload('a', 'h2'))],
      remote: [remote('a', 'h2', false, '2026-11-24T10:00:00.000Z')],
    });
    expect(again.components.map((item) => item.kind)).toEqual(['unchanged']);
  });

  it('records settled and taken versions', () => {
    const settled = applySettled(state({ a: 'h1', b: 'h1' }), [
      { key: 'a', entry: { hash: 'h2', updatedAt: 't', name: 'A' } },
      { key: 'b', entry: null },
    ]);
    expect(Object.fromEntries(settled.components)).toEqual({ a: { hash: 'h2', updatedAt: 't', name: 'A' } });
    const taken = applyTaken(state({ a: 'h1', b: 'h1', c: 'h1' }), [
      { remote: remote('a', 'h5'), localHash: 'h6', name: 'A as taken' },
      { remote: remote('b', 'h1', true), localHash: 'h1', name: 'B' },
      { remote: remote('c', 'h7'), localHash: null, name: 'C' },
    ]);
    // The base is the file as it is after taking, seen up to the remote version's time.
    expect(Object.fromEntries(taken.components)).toEqual({ a: { hash: 'h6', updatedAt: '2026-11-21T10:00:00.000Z', name: 'A as taken' } });
    // Taken in part: the file's hash, but the remote version not marked as seen (still a change there).
    const partly = applyTaken(state({ a: 'h1' }), [{ remote: remote('a', 'h5'), localHash: 'h6', name: 'A', partly: true }]);
    expect(partly.components.get('a')).toEqual({ hash: 'h6', updatedAt: null, name: 'A' });
  });
});

describe('stillSeen', () => {
  const version = (updated_at: string, hash = 'h1') => ({ updated_at, hash });
  it('keeps forcing a version the builder writes another way this time (the same instant: "+00:00" for "Z", more digits), and no longer one edited since', () => {
    const seen = new Map([
      ['a', version('2026-11-20T10:00:00Z')],
      ['b', version('2026-11-20T10:00:00.500Z')],
      ['c', version('2026-11-20T10:00:00Z')],
      ['d', version('2026-11-20T10:00:00Z')],
    ]);
    const now = new Map([
      ['a', version('2026-11-20T10:00:00.000+00:00')],
      ['b', version('2026-11-20T10:00:00.5000Z')],
      // Edited since: a later time, or other content at the same time.
      ['c', version('2026-11-20T10:00:01Z')],
      ['d', version('2026-11-20T10:00:00Z', 'h2')],
    ]);
    expect(stillSeen(['a', 'b', 'c', 'd'], seen, now)).toEqual(['a', 'b']);
  });
  it('forces one that has no version now, never one with a version the designer was not shown', () => {
    expect(stillSeen(['gone', 'unseen'], new Map(), new Map([['unseen', version(BASE_TIME)]]))).toEqual(['gone']);
  });
});

describe('keepMineRequests', () => {
  const READ_AT = '2026-11-20T10:05:00.000Z';
  const upsert = (key: string) => ({ key, name: key, kind: 'component' as const, description: '', hash: `h-${key}`, properties: {}, variants: [], node: {} });
  const batch: SyncBody = { base: BASE_TIME, source: SOURCE, upserts: [upsert('a'), upsert('mine'), upsert('changed')], deletes: ['gone', 'mine-deleted'], force: ['mine', 'changed', 'mine-deleted'] };

  it('sends the keys still as seen on the base of that read, not forced, and the rest (one changed since included) on the comparison’s', () => {
    const [rest, kept] = keepMineRequests(batch, ['mine', 'mine-deleted'], READ_AT, new Set(['changed', 'mine']));
    expect(rest).toEqual({ ...batch, upserts: [upsert('a'), upsert('changed')], deletes: ['gone'], force: [] });
    expect(kept).toEqual({ ...batch, base: READ_AT, upserts: [upsert('mine')], deletes: ['mine-deleted'], force: [] });
  });

  it('sends one request on the read’s base when none of the rest changed since the comparison (that base says the same of them)', () => {
    expect(keepMineRequests(batch, ['mine', 'changed', 'mine-deleted'], READ_AT, new Set(['mine']))).toEqual([{ ...batch, base: READ_AT, force: [] }]);
  });

  it('leaves out a request with nothing in it, and never forces', () => {
    const onlyMine: SyncBody = { ...batch, upserts: [upsert('mine')], deletes: [], force: ['mine'] };
    expect(keepMineRequests(onlyMine, ['mine'], READ_AT, new Set())).toEqual([{ ...onlyMine, base: READ_AT, force: [] }]);
    expect(keepMineRequests(onlyMine, [], READ_AT, new Set(['mine']))).toEqual([{ ...onlyMine, force: [] }]);
  });
});

describe('nextBaseTime', () => {
  it('is the server time when nothing is left unresolved', () => {
    expect(nextBaseTime('2026-11-24T10:00:00.000Z', [])).toBe('2026-11-24T10:00:00.000Z');
  });

  it('stays strictly before the earliest unresolved remote version', () => {
    expect(nextBaseTime('2026-11-24T10:00:00.000Z', ['2026-11-23T08:00:00.000Z', '2026-11-22T09:30:00.500Z'])).toBe('2026-11-22T09:30:00.499Z');
    // Offsets are times, not text.
    expect(nextBaseTime('2026-11-24T10:00:00.000Z', ['2026-11-22T10:30:00+01:00'])).toBe('2026-11-22T09:29:59.999Z');
  });

  it('keeps the server time when the unresolved versions are later (conflicts returned by the push)', () => {
    expect(nextBaseTime('2026-11-24T10:00:00.000Z', ['2026-11-24T10:00:05.000Z'])).toBe('2026-11-24T10:00:00.000Z');
  });

  it('refuses in words a time it cannot read', () => {
    expect(() => nextBaseTime('2026-11-24T10:00:00.000Z', ['yesterday'])).toThrow(/cannot read \("yesterday"\)/);
  });
});

describe('choices that cannot be carried out', () => {
  it('does not take a conflict whose local side was deleted (it cannot be rebuilt from the remote)', () => {
    const { plan } = setup({ base: { d: 'h1' }, local: [], remote: [remote('d', 'h3')], choices: { d: 'take' } });
    expect(plan.take).toEqual([]);
    expect(plan.skipped.map((item) => [item.key, item.kind])).toEqual([['d', 'conflict']]);
  });
});

describe('skippedRowCount', () => {
  it('counts the rows left for later by choice: a replaced row once, none the run left out itself, no format update or component only in the design system', () => {
    const { classification, plan } = setup({
      base: { kept: 'h1', old: 'h1', large: 'h1', moved: 'h1' },
      local: [payload('kept', 'h2'), payload('new', 'h1'), payload('large', 'h2'), payload('moved', 'h2')],
      remote: [remote('theirs', 'h9')],
      choices: { kept: 'skip', old: 'skip', new: 'skip', large: 'skip', moved: 'skip' },
    });
    expect(plan.skipped.map((item) => item.key).sort()).toEqual(['kept', 'large', 'moved', 'new', 'old', 'theirs']);
    expect(classification.components.find((item) => item.key === 'theirs')?.kind).toBe('remote-add');
    const pairs = [{ oldKey: 'old', newKey: 'new' }];
    expect(skippedRowCount(plan.skipped, new Set(['large', 'moved']), pairs)).toBe(2);
    // Without the pair, the deletion and the addition are two rows.
    expect(skippedRowCount(plan.skipped, new Set(['large', 'moved']), [])).toBe(3);
    // A format update is sent again, never listed: never a row skipped.
    const formatUpdate = { ...plan.skipped.find((item) => item.key === 'kept')!, kind: 'format-update' as const };
    expect(skippedRowCount([formatUpdate], new Set(), [])).toBe(0);
  });
});
