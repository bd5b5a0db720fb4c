import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { classifyComponents, type LocalComponentSummary } from '../../../src/sync/classify';
import { otherNameOf } from '../../../src/sync/other-name';

const BASE_TIME = '2026-11-20T10:00:00.000Z';

function remote(key: string, name: string, hash: string, deleted = false): Component {
  return { key, name, kind: 'component', description: '', hash, properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: '2026-11-21T10:00:00.000Z', updated_by: 'Grace', deleted };
}

const local = (key: string, name: string, hash: string): LocalComponentSummary => ({ key, name, kind: 'component', hash });

/** Each row's kind and other name, classified as the Sync screen does. */
function otherNames(input: { base: Record<string, [string, string]>; local: LocalComponentSummary[]; remote: Component[] }): Record<string, [string, string | undefined]> {
  const base = new Map(Object.entries(input.base).map(([key, [hash, name]]) => [key, { hash, updatedAt: BASE_TIME, name }]));
  const { components } = classifyComponents({ base, baseFormat: 1, currentFormat: 1, local: input.local, remote: input.remote });
  return Object.fromEntries(components.map((component) => [component.key, [component.kind, otherNameOf(component)]]));
}

describe('otherNameOf', () => {
  it('gives a local change renamed here the name last synced, and nothing when only its content changed', () => {
    expect(
      otherNames({
        base: { renamed: ['h1', 'Divider'], edited: ['h1', 'Card'] },
        local: [local('renamed', 'Divider line', 'h2'), local('edited', 'Card', 'h2')],
        remote: [],
      }),
    ).toEqual({ renamed: ['local-change', 'Divider'], edited: ['local-change', undefined] });
  });

  it('gives an incoming change or a conflict the design system’s name when it differs from this file’s', () => {
    expect(
      otherNames({
        base: { incoming: ['h1', 'Badge'], both: ['h1', 'Tag'], same: ['h1', 'Chip'] },
        local: [local('incoming', 'Badge', 'h1'), local('both', 'Tag', 'h2'), local('same', 'Chip', 'h2')],
        remote: [remote('incoming', 'Badge / Small', 'h3'), remote('both', 'Label', 'h4'), remote('same', 'Chip', 'h5')],
      }),
    ).toEqual({ incoming: ['remote-change', 'Badge / Small'], both: ['conflict', 'Label'], same: ['conflict', undefined] });
  });

  it('names nothing where one side has no version: added, deleted here or there', () => {
    expect(
      otherNames({
        base: { goneHere: ['h1', 'Old'], goneThere: ['h1', 'Older'], goneThereEdited: ['h1', 'Oldest'] },
        local: [local('added', 'New', 'h9'), local('goneThere', 'Older', 'h1'), local('goneThereEdited', 'Oldest 2', 'h2')],
        remote: [remote('goneThere', 'Older', 'h1', true), remote('goneThereEdited', 'Oldest', 'h1', true), remote('theirs', 'Theirs', 'h7')],
      }),
    ).toEqual({
      added: ['local-add', undefined],
      goneHere: ['local-delete', undefined],
      goneThere: ['remote-delete', undefined],
      goneThereEdited: ['conflict', undefined],
      theirs: ['remote-add', undefined],
    });
  });
});
