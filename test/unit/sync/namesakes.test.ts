import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { SyncKind } from '../../../src/shared/bridge/messages';
import type { ClassifiedComponent } from '../../../src/sync/classify';
import { additionNamesakes } from '../../../src/sync/namesakes';

function component(key: string, name: string, kind: SyncKind): ClassifiedComponent {
  return { key, name, kind, componentKind: 'component', local: null, remote: null, base: null };
}

const keysOf = (found: Map<string, ClassifiedComponent>) => Object.fromEntries([...found].map(([key, other]) => [key, other.key]));

describe('additionNamesakes', () => {
  it('names, for an addition here and one only in the design system under exactly one name, the other', () => {
    const found = additionNamesakes([component('mine', 'Button', 'local-add'), component('theirs', 'Button', 'remote-add'), component('x', 'Header', 'local-add')]);
    expect(keysOf(found)).toEqual({ mine: 'theirs', theirs: 'mine' });
  });

  it('keeps the other side’s who and when with it, for the words', () => {
    const theirs: ClassifiedComponent = { ...component('theirs', 'Button', 'remote-add'), remote: { updated_by: 'Robin Vale', updated_at: '2026-11-27T10:00:00.000Z' } as Component };
    expect(additionNamesakes([component('mine', 'Button', 'local-add'), theirs]).get('mine')?.remote?.updated_by).toBe('Robin Vale');
  });

  it('does not match other names, nor other kinds', () => {
    expect(additionNamesakes([component('mine', 'Button', 'local-add'), component('theirs', 'button', 'remote-add')]).size).toBe(0);
    expect(additionNamesakes([component('mine', 'Button', 'local-add'), component('theirs', 'Button', 'remote-change')]).size).toBe(0);
    // A deletion here with the same name is a replacement (replacements.ts), not a namesake.
    expect(additionNamesakes([component('old', 'Button', 'local-delete'), component('new', 'Button', 'local-add')]).size).toBe(0);
    expect(additionNamesakes([component('a', 'Button', 'local-add'), component('b', 'Button', 'local-add')]).size).toBe(0);
  });

  it('names every addition here under a name the design system adds, each with the first of the other side', () => {
    const found = additionNamesakes([component('m1', 'Card', 'local-add'), component('m2', 'Card', 'local-add'), component('t1', 'Card', 'remote-add'), component('t2', 'Card', 'remote-add')]);
    expect(keysOf(found)).toEqual({ m1: 't1', m2: 't1', t1: 'm1', t2: 'm1' });
  });
});
