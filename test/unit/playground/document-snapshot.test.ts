import { describe, expect, it } from 'vitest';
import { listComponents } from '../../playground/page/component-edits';
import { collectIds, pageContaining, pageWithMostComponents, snapshotDocument } from '../../playground/page/document-snapshot';

interface Plain {
  id: string;
  type: string;
  name: string;
  parent?: Plain | null;
  children?: Plain[];
  [key: string]: unknown;
}

function tree(node: Plain, parent: Plain | null = null): Plain {
  node.parent = parent;
  for (const child of node.children ?? []) tree(child, node);
  return node;
}

const red = { type: 'SOLID', color: { r: 1, g: 0, b: 0 }, opacity: 1 };

function demo(): Plain {
  return tree({
    id: '0:0',
    type: 'DOCUMENT',
    name: 'File',
    children: [
      { id: '0:1', type: 'PAGE', name: 'Cover', children: [{ id: '1:1', type: 'FRAME', name: 'Cover', x: 0, y: 0, width: 800, height: 600, fills: [] }] },
      {
        id: '0:2',
        type: 'PAGE',
        name: 'Components',
        children: [
          {
            id: '2:1',
            type: 'COMPONENT_SET',
            name: 'Button',
            x: 100,
            y: 50,
            width: 300,
            height: 100,
            fills: [],
            children: [
              { id: '2:2', type: 'COMPONENT', name: 'Style=Primary', x: 10, y: 10, width: 120, height: 40, fills: [red], children: [{ id: '2:3', type: 'TEXT', name: 'Label', x: 8, y: 8, width: 80, height: 20, characters: 'Buy', fontSize: 14, textAutoResize: 'WIDTH_AND_HEIGHT', fills: [] }] },
              { id: '2:4', type: 'COMPONENT', name: 'Style=Ghost', x: 150, y: 10, width: 120, height: 40, fills: [] },
            ],
          },
          {
            id: '2:5',
            type: 'GROUP',
            name: 'Group',
            x: 500,
            y: 500,
            width: 50,
            height: 50,
            // Children of groups are placed relative to the group's parent, as in Figma.
            children: [{ id: '2:6', type: 'RECTANGLE', name: 'Photo', x: 510, y: 520, width: 20, height: 20, fills: [{ type: 'IMAGE', imageHash: 'abc' }] }],
          },
          { id: '2:7', type: 'INSTANCE', name: 'Button', x: 0, y: 300, width: 120, height: 40, fills: [], children: [{ id: 'I2:7;2:3', type: 'TEXT', name: 'Label', x: 0, y: 0, width: 10, height: 10, characters: 'x' }] },
        ],
      },
    ],
  });
}

describe('the document snapshot', () => {
  it('copies boxes in page coordinates, fills, texts and image hashes', () => {
    const snapshot = snapshotDocument(demo());
    expect(snapshot.pages.map((page) => page.name)).toEqual(['Cover', 'Components']);
    const set = snapshot.pages[1]?.nodes[0];
    expect(set?.kind).toBe('set');
    const primary = set?.children[0];
    expect(primary?.box).toEqual({ x: 110, y: 60, width: 120, height: 40 });
    expect(primary?.fill).toBe('#ff0000');
    const label = primary?.children[0];
    expect(label).toMatchObject({ kind: 'text', text: 'Buy', fontSize: 14, wraps: false, box: { x: 118, y: 68 } });
    const photo = snapshot.pages[1]?.nodes[1]?.children[0];
    expect(photo).toMatchObject({ hasImageFill: true, imageHash: 'abc', box: { x: 510, y: 520 } });
  });

  it('prefers the absolute transform when the node has one', () => {
    const root = tree({
      id: '0:0',
      type: 'DOCUMENT',
      name: 'File',
      children: [{ id: '0:1', type: 'PAGE', name: 'P', children: [{ id: '1:1', type: 'FRAME', name: 'F', x: 1, y: 2, width: 10, height: 10, absoluteTransform: [[1, 0, 40], [0, 1, 50]] }] }],
    });
    expect(snapshotDocument(root).pages[0]?.nodes[0]?.box).toEqual({ x: 40, y: 50, width: 10, height: 10 });
  });

  it('keeps a text whose fills differ along it as runs with their own colours', () => {
    const green = { type: 'SOLID', color: { r: 0, g: 0.5, b: 0 } };
    const segments = [
      { characters: 'Questions? Visit our ', start: 0, end: 21, fills: [red] },
      { characters: 'help centre', start: 21, end: 32, fills: [green] },
    ];
    const text = { id: '1:2', type: 'TEXT', name: 'Help', width: 200, height: 20, characters: 'Questions? Visit our help centre', fills: Symbol('mixed'), getStyledTextSegments: (fields: string[]) => (fields.join() === 'fills' ? segments : []) };
    const plain = { id: '1:3', type: 'TEXT', name: 'Plain', width: 200, height: 20, characters: 'One colour', fills: [green] };
    const root = tree({ id: '0:0', type: 'DOCUMENT', name: 'File', children: [{ id: '0:1', type: 'PAGE', name: 'P', children: [text as Plain, plain] }] });
    const [mixed, single] = snapshotDocument(root).pages[0]!.nodes;
    expect(mixed).toMatchObject({ fill: null, textRuns: [{ text: 'Questions? Visit our ', fill: '#ff0000' }, { text: 'help centre', fill: '#008000' }] });
    expect(single).toMatchObject({ fill: '#008000', textRuns: null });
  });

  it('leaves out what the fake does not implement instead of failing', () => {
    const node = { id: '1:1', type: 'FRAME', name: 'Strict', width: 10, height: 10 };
    Object.defineProperty(node, 'fills', { get: () => { throw new Error('not implemented by the fake: fills'); } });
    const root = tree({ id: '0:0', type: 'DOCUMENT', name: 'File', children: [{ id: '0:1', type: 'PAGE', name: 'P', children: [node as Plain] }] });
    expect(snapshotDocument(root).pages[0]?.nodes[0]).toMatchObject({ name: 'Strict', fill: null, hasImageFill: false, box: { x: 0, y: 0 } });
  });

  it('finds pages: the one with most components first, and where a node is', () => {
    const snapshot = snapshotDocument(demo());
    expect(pageWithMostComponents(snapshot)).toBe('0:2');
    expect(pageContaining(snapshot, '2:3')).toBe('0:2');
    expect(pageContaining(snapshot, 'nope')).toBeNull();
    expect(collectIds(snapshot).has('2:6')).toBe(true);
  });

  it('lists local components for the edit control, variants with their set, not inside instances', () => {
    expect(listComponents(demo())).toEqual([
      { id: '2:2', label: 'Button / Style=Primary', hasText: true },
      { id: '2:4', label: 'Button / Style=Ghost', hasText: false },
    ]);
  });
});
