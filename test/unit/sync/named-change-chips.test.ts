// The `other` chip's fields in words, found by the walk that finds the chips: a row said
// "Changed: fill, other properties" and a designer had to open it to learn it was the opacity.
import { describe, expect, it } from 'vitest';
import { changeChips, namedChangeChips } from '../../../src/sync/change-chips';
import type { DiffableComponent } from '../../../src/sync/property-diff';

type Layer = Record<string, unknown>;

function card(): DiffableComponent {
  return {
    name: 'Card',
    description: '',
    kind: 'component',
    properties: {},
    variants: [],
    node: {
      type: 'COMPONENT',
      name: 'Card',
      width: 600,
      height: 320,
      fills: ['#ffffff'],
      children: [
        { type: 'RECTANGLE', name: 'Image', width: 600, height: 200, x: 0, y: 0, fills: ['#cccccc'] },
        { type: 'TEXT', name: 'Title', width: 300, height: 24, x: 0, y: 210, text: { characters: 'Hello' } },
        { type: 'FRAME', name: 'Badge', width: 40, height: 40, x: 8, y: 8, children: [{ type: 'ELLIPSE', name: 'Dot', width: 8, height: 8, x: 0, y: 0 }] },
      ],
    },
  };
}

function edited(change: (node: Layer, children: Layer[]) => void): DiffableComponent {
  const copy = structuredClone(card());
  change(copy.node as Layer, copy.node.children as Layer[]);
  return copy;
}

describe('namedChangeChips', () => {
  it('names an opacity and a corner radius changed on different layers, in the fixed order', () => {
    const after = edited((_node, [image, , badge]) => {
      image!.cornerRadius = 12;
      ((badge!.children as Layer[])[0]!).opacity = 0.5;
    });
    expect(namedChangeChips(card(), after)).toEqual({ chips: ['other'], otherProperties: ['opacity', 'corner radius'] });
  });

  const fields: Array<[string, (node: Layer, children: Layer[]) => void, string]> = [
    ['hidden', (_node, [, title]) => (title!.visible = false), 'visibility'],
    ['opacity', (node) => (node.opacity = 0.4), 'opacity'],
    ['blend mode', (_node, [image]) => (image!.blendMode = 'MULTIPLY'), 'blend mode'],
    ['mask', (_node, [image]) => (image!.mask = 'ALPHA'), 'mask'],
    ['corner radius', (node) => (node.cornerRadius = [4, 4, 0, 0]), 'corner radius'],
    ['rotation', (_node, [, title]) => (title!.rotation = 90), 'rotation'],
    ['shape', (_node, [, , badge]) => ((badge!.children as Layer[])[0]!.geometry = { arc: [0, 3.14, 0] }), 'shape'],
    ['grid cell', (_node, [image]) => (image!.grid = { row: 1, column: 0 }), 'grid position'],
  ];
  for (const [what, change, word] of fields) {
    it(`names a ${what} change “${word}”, both ways round`, () => {
      const after = edited(change);
      expect(namedChangeChips(card(), after)).toEqual({ chips: ['other'], otherProperties: [word] });
      expect(namedChangeChips(after, card())).toEqual({ chips: ['other'], otherProperties: [word] });
    });
  }

  it('keeps the chips changeChips gives, and names nothing without the `other` chip', () => {
    const after = edited((node, [image]) => {
      node.fills = ['#000000'];
      image!.rotation = 45;
    });
    expect(namedChangeChips(card(), after)).toEqual({ chips: changeChips(card(), after), otherProperties: ['rotation'] });
    expect(changeChips(card(), after)).toEqual(['fill', 'other']);
    expect(namedChangeChips(card(), edited((node) => (node.fills = ['#000000'])))).toEqual({ chips: ['fill'] });
    expect(namedChangeChips(card(), card())).toEqual({ chips: [] });
  });

  it('names none when a changed field has no words (a newer snapshot format): a partial list would mislead', () => {
    const after = edited((node, [image]) => {
      node.opacity = 0.5;
      image!.sparkle = true;
    });
    expect(namedChangeChips(card(), after)).toEqual({ chips: ['other'] });
  });
});
