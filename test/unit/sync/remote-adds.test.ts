import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { classifyComponents } from '../../../src/sync/classify';
import { changesSince, remoteAddsToRecord, withRecordedRemoteAdds } from '../../../src/sync/remote-adds';
import type { RemoteAddEntry, SyncStateEntry } from '../../../src/sync/sync-state';

const SYNCED_AT = '2026-11-24T10:00:00.000Z';

function remote(key: string, hash: string, updatedAt: string, extra: Partial<Component> = {}): Component {
  return { key, name: key, kind: 'component', description: 'Theirs.', hash, properties: {}, variants: [], node: { type: 'COMPONENT' }, thumbnail_url: null, updated_at: updatedAt, updated_by: 'Ana Lima', deleted: false, ...extra };
}

const record: RemoteAddEntry = { hash: 'r1', updatedAt: '2026-11-20T10:00:00.000Z', name: 'Button', kind: 'component', updatedBy: 'Ana Lima', thumbnailUrl: 'https://builder.example/t.png' };
const state = { lastSyncedAt: SYNCED_AT, components: new Map<string, SyncStateEntry>(), remoteAdds: new Map([['b', record]]) };

function kindsOf(local: Array<{ key: string; hash: string }>, window: Component[], base = state.components): Record<string, string> {
  const classification = classifyComponents({
    base,
    baseFormat: 1,
    currentFormat: 1,
    local: local.map((entry) => ({ ...entry, name: entry.key, kind: 'component' as const })),
    remote: withRecordedRemoteAdds({ ...state, components: base }, window),
  });
  return Object.fromEntries(classification.components.map((component) => [component.key, component.kind]));
}

describe('recorded remote additions', () => {
  it('are listed again as they were recorded, with who and when', () => {
    const classification = classifyComponents({ base: new Map(), baseFormat: 1, currentFormat: 1, local: [], remote: withRecordedRemoteAdds(state, []) });
    expect(classification.components).toHaveLength(1);
    expect(classification.components[0]).toMatchObject({ key: 'b', name: 'Button', kind: 'remote-add', remote: { hash: 'r1', updated_at: record.updatedAt, updated_by: 'Ana Lima', thumbnail_url: record.thumbnailUrl } });
    expect(remoteAddsToRecord(classification.components)).toEqual(new Map([['b', record]]));
  });

  it('give way to a teammate’s later change in the changes window: the new version, or no row for a deletion', () => {
    const renamed = remote('b', 'r2', '2026-11-25T10:00:00.000Z', { name: 'Button / CTA' });
    const classification = classifyComponents({ base: new Map(), baseFormat: 1, currentFormat: 1, local: [], remote: withRecordedRemoteAdds(state, [renamed]) });
    expect(classification.components[0]).toMatchObject({ name: 'Button / CTA', kind: 'remote-add', remote: { hash: 'r2' } });
    expect(kindsOf([], [remote('b', 'r1', '2026-11-25T10:00:00.000Z', { deleted: true })])).toEqual({});
  });

  it('never let one that turns up in this file be pushed over theirs as an addition: another hash is a conflict, the same one is the same on both sides', () => {
    expect(kindsOf([{ key: 'b', hash: 'mine' }], [])).toEqual({ b: 'conflict' });
    expect(kindsOf([{ key: 'b', hash: 'r1' }], [])).toEqual({ b: 'both-same' });
    // And its full version is asked for: the changes call starts just before the record's time.
    expect(changesSince(state, (key) => (key === 'b' ? 'hash-b' : undefined))).toBe('2026-11-20T09:59:59.999Z');
    expect(changesSince(state, () => undefined)).toBe(SYNCED_AT);
  });

  it('are ignored once the base has the key (synced since): the base decides', () => {
    const base = new Map([['b', { hash: 'r1', updatedAt: record.updatedAt, name: 'Button' }]]);
    expect(kindsOf([{ key: 'b', hash: 'r1' }], [], base)).toEqual({ b: 'unchanged' });
    expect(changesSince({ ...state, components: base }, () => 'hash')).toBe(SYNCED_AT);
  });
});
