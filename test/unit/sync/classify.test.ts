import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { SyncKind } from '../../../src/shared/bridge/messages';
import {
  allowedChoices,
  allowedChoicesFor,
  classifyComponents,
  defaultChoice,
  SYNC_KINDS,
  type ClassifyInput,
  type LocalComponentSummary,
} from '../../../src/sync/classify';
import type { SyncStateEntry } from '../../../src/sync/sync-state';

const BASE_TIME = '2026-11-20T10:00:00.000Z';

function remote(key: string, hash: string, updatedAt = '2026-11-21T10:00:00.000Z', deleted = false): Component {
  return {
    key,
    name: `Remote ${key}`,
    kind: 'component',
    description: '',
    hash,
    properties: {},
    variants: [],
    node: {},
    thumbnail_url: null,
    updated_at: updatedAt,
    updated_by: 'Grace',
    deleted,
  };
}

function local(key: string, hash: string, name = `Local ${key}`): LocalComponentSummary {
  return { key, name, kind: 'component', hash };
}

function base(entries: Record<string, string>, updatedAt: string | null = BASE_TIME): Map<string, SyncStateEntry> {
  return new Map(Object.entries(entries).map(([key, hash]) => [key, { hash, updatedAt, name: `Base ${key}` }]));
}

function classify(input: Partial<ClassifyInput>): Record<string, SyncKind> {
  const result = classifyComponents({ base: new Map(), baseFormat: 1, currentFormat: 1, local: [], remote: [], ...input });
  return Object.fromEntries(result.components.map((item) => [item.key, item.kind]));
}

describe('classifyComponents', () => {
  it('asks whether the content is the same only where both sides changed to different hashes, and then says both-same', () => {
    const asked: string[] = [];
    const kinds = classify({
      base: base({ c1: 'h1', c2: 'h1', edit: 'h1', rchg: 'h1', both: 'h1', gone: 'h1' }),
      local: [local('c1', 'h2'), local('c2', 'h2'), local('edit', 'h2'), local('rchg', 'h1'), local('both', 'h2'), local('gone', 'h2'), local('addapp', 'hx')],
      remote: [remote('c1', 'remote_a'), remote('c2', 'remote_b'), remote('rchg', 'remote_c'), remote('both', 'h2'), remote('gone', 'h1', undefined, true), remote('addapp', 'remote_d')],
      sameContent: (key) => {
        asked.push(key);
        return key !== 'c2';
      },
    });
    expect(kinds).toMatchObject({ c1: 'both-same', c2: 'conflict', edit: 'local-change', rchg: 'remote-change', both: 'both-same', gone: 'conflict', addapp: 'both-same' });
    expect(asked.sort()).toEqual(['addapp', 'c1', 'c2']);
  });

  it('gives every kind by the rules', () => {
    const kinds = classify({
      base: base({ same: 'h1', edit: 'h1', gone: 'h1', rchg: 'h1', rdel: 'h1', both: 'h1', bothdel: 'h1', c1: 'h1', c2: 'h1', c3: 'h1' }),
      local: [
        local('same', 'h1'),
        local('edit', 'h2'),
        local('new', 'h9'),
        local('rchg', 'h1'),
        local('rdel', 'h1'),
        local('both', 'h2'),
        local('c1', 'h2'),
        local('c2', 'h2'),
        local('addsame', 'hx'),
        local('adddiff', 'hy'),
      ],
      remote: [
        remote('rchg', 'h3'),
        remote('rdel', 'h1', undefined, true),
        remote('radd', 'h4'),
        remote('both', 'h2'),
        remote('bothdel', 'h1', undefined, true),
        remote('c1', 'h3'),
        remote('c2', 'h1', undefined, true),
        remote('c3', 'h3'),
        remote('addsame', 'hx'),
        remote('adddiff', 'hz'),
      ],
    });
    expect(kinds).toEqual({
      same: 'unchanged',
      edit: 'local-change',
      new: 'local-add',
      gone: 'local-delete',
      rchg: 'remote-change',
      rdel: 'remote-delete',
      radd: 'remote-add',
      both: 'both-same',
      bothdel: 'both-same',
      c1: 'conflict', // both changed differently
      c2: 'conflict', // changed here, deleted there
      c3: 'conflict', // deleted here, changed there
      addsame: 'both-same',
      adddiff: 'conflict',
    });
  });

  it('counts every kind (unchanged included) and sorts by name, then key', () => {
    const result = classifyComponents({
      base: base({ a: 'h1', b: 'h1' }),
      baseFormat: 1,
      currentFormat: 1,
      local: [local('b', 'h1', 'button'), local('a', 'h2', 'Alert'), local('c', 'h1', 'Button'), local('d', 'h1', 'Button')],
      remote: [],
    });
    expect(result.components.map((item) => item.key)).toEqual(['a', 'c', 'd', 'b']);
    expect(result.counts).toEqual({ ...Object.fromEntries(SYNC_KINDS.map((kind) => [kind, 0])), unchanged: 1, 'local-change': 1, 'local-add': 2 });
  });

  it('takes the last version of a key that changed several times', () => {
    expect(classify({ base: base({ k: 'h1' }), local: [local('k', 'h1')], remote: [remote('k', 'h2'), remote('k', 'h3', undefined, true)] })).toEqual({ k: 'remote-delete' });
    const result = classifyComponents({
      base: base({ k: 'h1' }),
      baseFormat: 1,
      currentFormat: 1,
      local: [local('k', 'h1')],
      remote: [remote('k', 'h2', undefined, true), remote('k', 'h3', '2026-11-22T00:00:00.000Z')],
    });
    expect(result.components[0]).toMatchObject({ kind: 'remote-change', remote: { hash: 'h3' } });
  });

  it('ignores echoes of our own pushes and versions already taken', () => {
    // Same hash as the base: our own push coming back.
    expect(classify({ base: base({ k: 'h1' }), local: [local('k', 'h1')], remote: [remote('k', 'h1')] })).toEqual({ k: 'unchanged' });
    // Not after the base entry's updated_at (compared as times, not text).
    const seen = base({ k: 'h1' }, '2026-11-21T10:00:00.000Z');
    expect(classify({ base: seen, local: [local('k', 'h1')], remote: [remote('k', 'h2', '2026-11-21T11:00:00+01:00')] })).toEqual({ k: 'unchanged' });
    expect(classify({ base: seen, local: [local('k', 'h2')], remote: [remote('k', 'h9', '2026-11-21T10:00:00.000Z')] })).toEqual({ k: 'local-change' });
    expect(classify({ base: seen, local: [local('k', 'h1')], remote: [remote('k', 'h2', '2026-11-21T10:00:00.001Z')] })).toEqual({ k: 'remote-change' });
    // A teammate's version a few microseconds after the base (a server that keeps six digits) is new, though Date.parse reads both as one millisecond.
    const micro = base({ k: 'h1' }, '2026-11-21T10:00:00.000100Z');
    expect(classify({ base: micro, local: [local('k', 'h1')], remote: [remote('k', 'h2', '2026-11-21T10:00:00.000400Z')] })).toEqual({ k: 'remote-change' });
    expect(classify({ base: micro, local: [local('k', 'h1')], remote: [remote('k', 'h2', '2026-11-21T10:00:00.0001Z')] })).toEqual({ k: 'unchanged' });
    // A base entry without a remote time: every other hash is new.
    expect(classify({ base: base({ k: 'h1' }, null), local: [local('k', 'h1')], remote: [remote('k', 'h2', '2000-01-01T00:00:00.000Z')] })).toEqual({ k: 'remote-change' });
  });

  it('counts a teammate’s delete even when the tombstone keeps the last hash', () => {
    expect(classify({ base: base({ k: 'h1' }), local: [local('k', 'h1')], remote: [remote('k', 'h1', undefined, true)] })).toEqual({ k: 'remote-delete' });
  });

  it('ignores tombstones of keys never synced from here', () => {
    expect(classify({ remote: [remote('k', 'h1', undefined, true)] })).toEqual({});
    expect(classify({ local: [local('k', 'h2')], remote: [remote('k', 'h1', undefined, true)] })).toEqual({ k: 'local-add' });
  });

  it('never infers a delete from a missing remote version', () => {
    expect(classify({ base: base({ k: 'h1' }), local: [local('k', 'h1')], remote: [] })).toEqual({ k: 'unchanged' });
  });

  it('calls every hash change after a format bump a format update, not an edit', () => {
    const kinds = classify({
      base: base({ a: 'h1', b: 'h1', c: 'h1', d: 'h1', e: 'h1' }),
      baseFormat: 1,
      currentFormat: 2,
      local: [local('a', 'n1'), local('b', 'n1'), local('c', 'h1'), local('e', 'n1'), local('f', 'n1')],
      remote: [remote('b', 'h3'), remote('e', 'n1')],
    });
    expect(kinds).toEqual({
      a: 'format-update',
      b: 'conflict', // the remote changed meanwhile: never overwritten silently
      c: 'unchanged',
      d: 'local-delete',
      e: 'both-same',
      f: 'local-add',
    });
  });

  it('names components from the file, else the remote, else the base; kind from either side', () => {
    const result = classifyComponents({
      base: base({ gone: 'h1' }),
      baseFormat: 1,
      currentFormat: 1,
      local: [{ key: 'set', name: 'Buttons', kind: 'component_set', hash: 'h' }],
      remote: [{ ...remote('radd', 'h4'), kind: 'component_set' }],
    });
    expect(result.components.map((item) => [item.key, item.name, item.componentKind])).toEqual([
      ['gone', 'Base gone', 'component'],
      ['set', 'Buttons', 'component_set'],
      ['radd', 'Remote radd', 'component_set'],
    ]);
  });

  it('gives each component exactly one kind (property)', () => {
    const hash = fc.constantFrom('h1', 'h2', 'h3');
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const time = fc.constantFrom('2026-11-19T00:00:00.000Z', BASE_TIME, '2026-11-21T00:00:00.000Z');
    fc.assert(
      fc.property(
        fc.dictionary(key, fc.record({ hash, updatedAt: fc.option(time) })),
        fc.uniqueArray(fc.record({ key, hash }), { selector: (item) => item.key }),
        fc.array(fc.record({ key, hash, time, deleted: fc.boolean() })),
        fc.constantFrom(1, 2),
        (baseEntries, locals, remotes, currentFormat) => {
          const baseMap = new Map(Object.entries(baseEntries).map(([k, v]) => [k, { ...v, name: k }]));
          const result = classifyComponents({
            base: baseMap,
            baseFormat: 1,
            currentFormat,
            local: locals.map((item) => local(item.key, item.hash)),
            remote: remotes.map((item) => remote(item.key, item.hash, item.time, item.deleted)),
          });
          const keys = result.components.map((item) => item.key);
          expect(new Set(keys).size).toBe(keys.length);
          // Every local and base key is listed; a remote key only when it is live or has a side here.
          const expected = new Set([...baseMap.keys(), ...locals.map((item) => item.key)]);
          const last = new Map(remotes.map((item) => [item.key, item]));
          for (const [k, item] of last) if (!item.deleted) expected.add(k);
          expect(new Set(keys)).toEqual(expected);
          expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(keys.length);
          for (const item of result.components) {
            expect(SYNC_KINDS).toContain(item.kind);
            if (currentFormat === 1) expect(item.kind).not.toBe('format-update');
            if (currentFormat === 2) expect(item.kind).not.toBe('local-change');
          }
        },
      ),
    );
  });
});

describe('choices', () => {
  it('defaults by kind and allows only choices the kind can carry out', () => {
    const table = Object.fromEntries(SYNC_KINDS.map((kind) => [kind, [defaultChoice(kind), allowedChoices(kind).join('/')]]));
    expect(table).toEqual({
      unchanged: ['skip', 'skip'],
      'local-change': ['push', 'push/skip'],
      'local-add': ['push', 'push/skip'],
      'local-delete': ['push', 'push/skip'],
      'remote-change': ['take', 'take/skip'],
      'remote-add': ['skip', 'skip'],
      'remote-delete': ['skip', 'push/take/skip'],
      'both-same': ['skip', 'skip'],
      conflict: ['skip', 'push/take/skip'],
      'format-update': ['push', 'push'],
    });
    for (const kind of SYNC_KINDS) expect(allowedChoices(kind)).toContain(defaultChoice(kind));
  });
});

describe('allowedChoicesFor', () => {
  it('leaves out take for a conflict deleted here, and is the kind’s choices otherwise', () => {
    expect(allowedChoicesFor({ kind: 'conflict', local: null })).toEqual(['push', 'skip']);
    expect(allowedChoicesFor({ kind: 'conflict', local: local('k', 'h') })).toEqual(['push', 'take', 'skip']);
    expect(allowedChoicesFor({ kind: 'remote-delete', local: local('k', 'h') })).toEqual(['push', 'take', 'skip']);
  });
});
