import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { choiceMadeFor, choiceStillApplies, choicesStorageKey, createChoicesStore } from '../../../src/sync/choices-store';
import { FakeClientStorage } from '../../fake-figma/client-storage';

function remote(hash: string, updatedAt: string): Component {
  return { key: 'k', name: 'Hero', kind: 'component', description: '', hash, properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: updatedAt, updated_by: 'Robin', deleted: false };
}

const base = { hash: 'h1', updatedAt: '2026-11-24T10:00:00.000Z', name: 'Hero' };

describe('choices store', () => {
  it('a choice applies to the row it was made for, not to a newer teammate version or another kind', () => {
    const conflict = { kind: 'conflict' as const, base, remote: remote('t1', '2026-11-24T11:00:00.000Z') };
    const stored = { choice: 'push' as const, madeFor: choiceMadeFor(conflict) };
    expect(choiceStillApplies(stored, conflict)).toBe(true);
    expect(choiceStillApplies(stored, { ...conflict, remote: remote('t2', '2026-11-24T12:00:00.000Z') })).toBe(false);
    const localChange = { kind: 'local-change' as const, base, remote: null };
    expect(choiceStillApplies({ choice: 'push', madeFor: choiceMadeFor(localChange) }, conflict)).toBe(false);
  });

  it('an echo of our own push coming and going does not drop a choice on a local change', () => {
    const echo = remote('h1', base.updatedAt);
    const withEcho = { kind: 'local-change' as const, base, remote: echo };
    const stored = { choice: 'skip' as const, madeFor: choiceMadeFor(withEcho) };
    expect(choiceStillApplies(stored, { ...withEcho, remote: null })).toBe(true);
  });

  it('a bare choice stored by an earlier version still applies, but never keeps mine over a conflict', async () => {
    const storage = new FakeClientStorage();
    await storage.api().setAsync(choicesStorageKey('f', 'ds'), { a: 'push', b: 'skip', c: { choice: 'take', madeFor: 'remote-change|x@y' }, d: 'nonsense', e: { choice: 'push' } });
    const read = await createChoicesStore(storage.api(), 'f', 'ds').readAsync();
    expect(Object.fromEntries(read)).toEqual({ a: { choice: 'push', madeFor: null }, b: { choice: 'skip', madeFor: null }, c: { choice: 'take', madeFor: 'remote-change|x@y' } });
    const conflict = { kind: 'conflict' as const, base, remote: remote('t1', '2026-11-24T11:00:00.000Z') };
    expect(choiceStillApplies(read.get('a')!, conflict)).toBe(false);
    expect(choiceStillApplies(read.get('b')!, conflict)).toBe(true);
    expect(choiceStillApplies(read.get('a')!, { kind: 'local-change', base, remote: null })).toBe(true);
  });
});
