import { describe, expect, it } from 'vitest';
import type { SyncKind } from '../../../src/shared/bridge/messages';
import type { ClassifiedComponent } from '../../../src/sync/classify';
import { pairReplacements } from '../../../src/sync/replacements';

function component(key: string, name: string, kind: SyncKind): ClassifiedComponent {
  return { key, name, kind, componentKind: 'component', local: null, remote: null, base: null };
}

describe('pairReplacements', () => {
  it('pairs one component deleted here with one added here under exactly the same name', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'local-add'), component('x', 'Header', 'local-change')])).toEqual([{ oldKey: 'old', newKey: 'new' }]);
  });

  it('never pairs across names, even nearly the same, nor across other kinds', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'remote-delete'), component('new', 'Footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'remote-add')])).toEqual([]);
  });

  it('leaves a name apart when which replaces which cannot be told', () => {
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-delete'), component('c', 'Card', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-add'), component('c', 'Card', 'local-add')])).toEqual([]);
  });
});
