import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { choiceMadeFor, choiceStillApplies, choicesStorageKey, createChoicesStore } from '../../../src/sync/choices-store';
import { createKeptApartStore } from '../../../src/sync/kept-apart-store';
import { PER_FILE_ENTRY_LIMIT } from '../../../src/sync/per-file-entries';
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

  it('a bare choice stored by an earlier version still applies, but never settles a conflict or a teammate’s deletion other than by skipping', async () => {
    const storage = new FakeClientStorage();
    await storage.api().setAsync(choicesStorageKey('f', 'ds'), { a: 'push', b: 'skip', c: { choice: 'take', madeFor: 'remote-change|x@y' }, d: 'nonsense', e: { choice: 'push' } });
    const read = await createChoicesStore(storage.api(), 'f', 'ds').readAsync();
    expect(Object.fromEntries(read)).toEqual({ a: { choice: 'push', madeFor: null }, b: { choice: 'skip', madeFor: null }, c: { choice: 'take', madeFor: 'remote-change|x@y' } });
    const conflict = { kind: 'conflict' as const, base, remote: remote('t1', '2026-11-24T11:00:00.000Z') };
    expect(choiceStillApplies(read.get('a')!, conflict)).toBe(false);
    expect(choiceStillApplies(read.get('b')!, conflict)).toBe(true);
    expect(choiceStillApplies(read.get('a')!, { kind: 'local-change', base, remote: null })).toBe(true);
    // Nor keeps it over a teammate's deletion: sent forced, it would bring back what they deleted.
    const deletion = { kind: 'remote-delete' as const, base, remote: { ...remote('h1', '2026-11-24T11:00:00.000Z'), deleted: true } };
    expect(choiceStillApplies(read.get('a')!, deletion)).toBe(false);
    expect(choiceStillApplies(read.get('b')!, deletion)).toBe(true);
    // Nor takes one never shown: a take stored for an earlier change would delete the component here.
    const bareTake = { choice: 'take' as const, madeFor: null };
    expect(choiceStillApplies(bareTake, deletion)).toBe(false);
    expect(choiceStillApplies(bareTake, conflict)).toBe(false);
    expect(choiceStillApplies(bareTake, { kind: 'remote-change', base, remote: remote('t1', '2026-11-24T11:00:00.000Z') })).toBe(true);
  });

  it('keeps the choices of the latest files only: clientStorage does not fill up with files never synced again', async () => {
    const storage = new FakeClientStorage();
    const api = storage.api();
    // Written before the list of files: joins it as the oldest.
    await api.setAsync(choicesStorageKey('before', 'ds'), { a: 'skip' });
    const choice = new Map([['a', { choice: 'skip' as const, madeFor: null }]]);
    for (let file = 0; file < PER_FILE_ENTRY_LIMIT; file += 1) await createChoicesStore(api, `file${file}`, 'ds').updateAsync(choice);
    const kept = (await api.keysAsync()).filter((key) => key.startsWith('envelope.sync.choices.file') || key === choicesStorageKey('before', 'ds'));
    expect(kept).toHaveLength(PER_FILE_ENTRY_LIMIT);
    expect(kept).not.toContain(choicesStorageKey('before', 'ds'));
    // A file written again moves to the front: the oldest other one goes next.
    await createChoicesStore(api, 'file0', 'ds').updateAsync(choice);
    await createChoicesStore(api, 'another', 'ds').updateAsync(choice);
    expect(Object.fromEntries(await createChoicesStore(api, 'file0', 'ds').readAsync())).toEqual({ a: { choice: 'skip', madeFor: null } });
    expect(await createChoicesStore(api, 'file1', 'ds').readAsync()).toEqual(new Map());
  });

  it('the pairs kept apart are kept for the latest files only, too', async () => {
    const storage = new FakeClientStorage();
    const api = storage.api();
    for (let file = 0; file <= PER_FILE_ENTRY_LIMIT; file += 1) await createKeptApartStore(api, `file${file}`, 'ds').addAsync({ oldKey: 'o', newKey: 'n' });
    expect(await createKeptApartStore(api, 'file0', 'ds').readAsync()).toEqual([]);
    expect(await createKeptApartStore(api, `file${PER_FILE_ENTRY_LIMIT}`, 'ds').readAsync()).toEqual([{ oldKey: 'o', newKey: 'n' }]);
  });
});
