import { describe, expect, it } from 'vitest';
import { classifyChanges } from '../../../src/snapshot/change-tracker';
import { findComponentRoot } from '../../../src/snapshot/component-roots';

interface Linked { id: string; type: string; parent: Linked | null; removed?: boolean; children?: Linked[] }

function node(id: string, type: string, parent: Linked | null): Linked {
  const created: Linked = { id, type, parent, children: [] };
  parent?.children?.push(created);
  return created;
}

const page = node('0:1', 'PAGE', null);
const set = node('1:0', 'COMPONENT_SET', page);
const variant = node('1:1', 'COMPONENT', set);
const label = node('1:2', 'TEXT', variant);
const standalone = node('2:0', 'COMPONENT', page);
const frame = node('3:0', 'FRAME', page);

describe('findComponentRoot', () => {
  it('maps a variant and its layers to the set, a standalone component to itself', () => {
    expect(findComponentRoot(label)).toBe(set);
    expect(findComponentRoot(variant)).toBe(set);
    expect(findComponentRoot(standalone)).toBe(standalone);
    expect(findComponentRoot(frame)).toBeNull();
  });
});

describe('classifyChanges', () => {
  const roots = new Map([['1:0', '1:0'], ['1:1', '1:0'], ['1:2', '1:0'], ['2:0', '2:0'], ['2:5', '2:0']]);
  const known = (id: string): string | undefined => roots.get(id);

  it('marks the root of a moved layer, from where it is now and where it was', () => {
    const moved = node('2:5', 'RECTANGLE', variant); // was in 2:0, now in the set
    const result = classifyChanges([{ type: 'PROPERTY_CHANGE', id: '2:5', node: moved, properties: ['parent', 'x'] }], known);
    expect([...result.rootIds].sort()).toEqual(['1:0', '2:0']);
  });

  it('finds the root of an edited layer by walking up, without asking where it was', () => {
    const asked: string[] = [];
    const edited = node('1:2', 'TEXT', variant);
    const result = classifyChanges([{ type: 'PROPERTY_CHANGE', id: '1:2', node: edited, properties: ['characters', 'width'] }], (id) => {
      asked.push(id);
      return roots.get(id);
    });
    expect([...result.rootIds]).toEqual(['1:0']);
    expect(asked).toEqual([]);
  });

  it('marks the old root of a deleted layer, and nothing for a deleted layer outside components', () => {
    const deletedKnown = classifyChanges([{ type: 'DELETE', id: '1:2', node: { removed: true, type: 'TEXT' } }], known);
    expect([...deletedKnown.rootIds]).toEqual(['1:0']);
    const deletedFrame = classifyChanges([{ type: 'DELETE', id: '9:9', node: { removed: true, type: 'FRAME' } }], known);
    expect(deletedFrame.rootIds.size).toBe(0);
  });

  it('maps a hidden layer inside an instance, which cannot be read, through its instance id', () => {
    const hidden = { type: 'VECTOR', get parent(): never { throw new Error('invisible layer inside an instance'); } };
    const result = classifyChanges([{ type: 'PROPERTY_CHANGE', id: 'I2:5;7:1', node: hidden }], known);
    expect([...result.rootIds]).toEqual(['2:0']);
  });

  it('maps such a layer through its instance id also when reading whether it was removed throws (every property may)', () => {
    const hidden = {
      type: 'VECTOR',
      get removed(): never {
        throw new Error('invisible layer inside an instance');
      },
      get parent(): never {
        throw new Error('invisible layer inside an instance');
      },
    };
    const result = classifyChanges([{ type: 'PROPERTY_CHANGE', id: 'I2:5;7:1', node: hidden }], known);
    expect([...result.rootIds]).toEqual(['2:0']);
  });

  it('finds new components and searches new containers', () => {
    const fresh = node('4:0', 'COMPONENT', page);
    const pasted = node('5:0', 'FRAME', page);
    const result = classifyChanges([{ type: 'CREATE', id: '4:0', node: fresh }, { type: 'CREATE', id: '5:0', node: pasted }], known);
    expect(result.roots.get('4:0')).toBe(fresh);
    expect(result.containersToSearch).toEqual([pasted]);
  });

  it('ignores changes outside components, and collects style changes', () => {
    const result = classifyChanges([{ type: 'PROPERTY_CHANGE', id: '3:0', node: frame }, { type: 'STYLE_PROPERTY_CHANGE', id: 'S:1' }], known);
    expect(result.rootIds.size).toBe(0);
    expect(result.containersToSearch).toEqual([]);
    expect([...result.styleIds]).toEqual(['S:1']);
  });
});
