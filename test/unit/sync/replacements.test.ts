import { describe, expect, it } from 'vitest';
import type { SyncKind } from '../../../src/shared/bridge/messages';
import type { ClassifiedComponent } from '../../../src/sync/classify';
import type { DiffableComponent } from '../../../src/sync/property-diff';
import { pairNearlySame, pairReplacements, unpairedSides } from '../../../src/sync/replacements';

function component(key: string, name: string, kind: SyncKind): ClassifiedComponent {
  return { key, name, kind, componentKind: 'component', local: null, remote: null, base: null };
}

describe('pairReplacements', () => {
  it('pairs one component deleted here with one added here under exactly the same name', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'local-add'), component('x', 'Header', 'local-change')])).toEqual([{ oldKey: 'old', newKey: 'new' }]);
  });

  it('never pairs across names by name alone, nor across other kinds', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'remote-delete'), component('new', 'Footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'remote-add')])).toEqual([]);
  });

  it('leaves a name apart when which replaces which cannot be told', () => {
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-delete'), component('c', 'Card', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-add'), component('c', 'Card', 'local-add')])).toEqual([]);
  });
});

function payload(name: string, description: string, node: Record<string, unknown> = {}, kind = 'component'): DiffableComponent {
  return { name, description, kind, properties: {}, variants: [], node: { type: 'COMPONENT', name, width: 100, height: 40, fills: ['#ffffff'], ...node } };
}

describe('pairNearlySame (different names: same description, nearly the same content)', () => {
  it('pairs a renamed re-creation with the same description and at most one other kind of change', () => {
    const deleted = [{ key: 'old', payload: payload('Button', 'Primary call to action.') }];
    expect(pairNearlySame(deleted, [{ key: 'new', payload: payload('Button / Primary', 'Primary call to action.') }])).toEqual([{ oldKey: 'old', newKey: 'new' }]);
    // One kind of change besides the name (a fill) still pairs; two kinds (fill and size) do not.
    expect(pairNearlySame(deleted, [{ key: 'new', payload: payload('CTA', 'Primary call to action.', { fills: ['#000000'] }) }])).toHaveLength(1);
    expect(pairNearlySame(deleted, [{ key: 'new', payload: payload('CTA', 'Primary call to action.', { fills: ['#000000'], width: 300 }) }])).toEqual([]);
  });

  it('never pairs on an empty or different description, nor a component with a set', () => {
    expect(pairNearlySame([{ key: 'old', payload: payload('A', '') }], [{ key: 'new', payload: payload('B', '') }])).toEqual([]);
    expect(pairNearlySame([{ key: 'old', payload: payload('A', 'One.') }], [{ key: 'new', payload: payload('B', 'Two.') }])).toEqual([]);
    expect(pairNearlySame([{ key: 'old', payload: payload('A', 'One.') }], [{ key: 'new', payload: payload('B', 'One.', {}, 'component_set') }])).toEqual([]);
  });

  it('leaves both apart when either side has two matches', () => {
    const same = (key: string, name: string) => ({ key, payload: payload(name, 'Card.') });
    expect(pairNearlySame([same('old', 'Card')], [same('a', 'Card A'), same('b', 'Card B')])).toEqual([]);
    expect(pairNearlySame([same('x', 'Card X'), same('y', 'Card Y')], [same('new', 'Card')])).toEqual([]);
  });

  it('never pairs two components of the same name that the exact-name rule left apart (the screen would name the wrong rule)', () => {
    // Two "Card"s deleted, one "Card" added: rule 1 cannot tell which one it replaces.
    const components = [component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-delete'), component('c', 'Card', 'local-add')];
    expect(pairReplacements(components)).toEqual([]);
    const deleted = [
      { key: 'a', payload: payload('Card', 'Product card.') },
      { key: 'b', payload: payload('Card', 'Blog card.') },
    ];
    expect(pairNearlySame(deleted, [{ key: 'c', payload: payload('Card', 'Product card.') }])).toEqual([]);
  });

  it('takes only what the exact-name rule left unpaired', () => {
    const components = [component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'local-add'), component('gone', 'Header', 'local-delete'), component('fresh', 'Top bar', 'local-add')];
    const { deleted, added } = unpairedSides(components, pairReplacements(components));
    expect(deleted.map((item) => item.key)).toEqual(['gone']);
    expect(added.map((item) => item.key)).toEqual(['fresh']);
  });
});
