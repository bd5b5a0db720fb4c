import { describe, expect, it } from 'vitest';
import { changeChips } from '../../../src/sync/change-chips';
import { diffComponents, type DiffableComponent } from '../../../src/sync/property-diff';

function block(): DiffableComponent {
  return {
    name: 'Blocks/Hero',
    description: 'The top of an email.',
    kind: 'component',
    properties: { Label: { type: 'TEXT', defaultValue: 'Shop now' } },
    variants: [],
    node: {
      type: 'COMPONENT',
      name: 'Blocks/Hero',
      width: 600,
      height: 320,
      fills: ['#ffffff'],
      layout: { direction: 'VERTICAL', gap: 8, padding: 24 },
      children: [
        { type: 'TEXT', name: 'Title', width: 300, height: 24, fills: ['#1d1d1f'], text: { characters: 'Hello', fontFamily: 'Inter', fontStyle: 'Bold', size: 24 } },
        { type: 'RECTANGLE', name: 'Image', width: 600, height: 200, fills: ['#cccccc'], strokes: ['#000000'], strokeWeight: 1 },
        { type: 'INSTANCE', name: 'Button', componentKey: 'btn', componentProperties: { Label: 'Go' }, width: 120, height: 40 },
      ],
    },
  };
}

function edited(change: (component: DiffableComponent & { node: Record<string, unknown> }) => void): DiffableComponent {
  const copy = structuredClone(block()) as DiffableComponent & { node: Record<string, unknown> };
  change(copy);
  return copy;
}

type Layer = Record<string, unknown>;
const child = (component: DiffableComponent, index: number) => (component.node.children as Layer[])[index]!;

describe('changeChips', () => {
  it('finds nothing between a component and its copy with keys in another order', () => {
    const reordered = JSON.parse(JSON.stringify(block(), (_key, value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value))) as DiffableComponent;
    expect(changeChips(block(), reordered)).toEqual([]);
  });

  it('finds nothing between copies where a layer is really named like a namesake’s label (“Title (2)” beside two “Title”)', () => {
    for (const names of [
      ['Title', 'Title (2)', 'Title'],
      ['Title', 'Title', 'Title (2)'],
    ]) {
      const component = edited((c) => {
        c.node.children = names.map((name, index) => ({ type: 'TEXT', name, width: 100 + index, height: 20 + index, fills: [`#00000${index}`] }));
      });
      const copy = structuredClone(component);
      expect(changeChips(component, copy)).toEqual([]);
      expect(diffComponents(component, copy)).toEqual([]);
    }
  });

  const cases: Array<[string, (component: DiffableComponent & { node: Layer }) => void, string[]]> = [
    ['a new name', (c) => (c.name = 'Blocks/Hero 2'), ['name']],
    ['a description', (c) => (c.description = 'Edited.'), ['description']],
    ['documentation links', (c) => (c.node.documentationLinks = ['https://docs.example']), ['description']],
    ['a property default', (c) => (c.properties = { Label: { type: 'TEXT', defaultValue: 'Buy' } }), ['component properties']],
    ['an instance property value', (c) => (child(c, 2).componentProperties = { Label: 'Stop' }), ['component properties']],
    ['a variant added', (c) => (c.variants = [{ key: 'v', name: 'Size=Large', properties: { Size: 'Large' } }]), ['variants']],
    ['a layer removed', (c) => (c.node.children = (c.node.children as Layer[]).slice(0, 2)), ['structure']],
    ['a layer moved', (c) => (c.node.children = [...(c.node.children as Layer[])].reverse()), ['structure']],
    ['an instance swapped', (c) => (child(c, 2).componentKey = 'other'), ['structure']],
    ['a gap', (c) => (c.node.layout = { direction: 'VERTICAL', gap: 12, padding: 24 }), ['layout']],
    ['the root fill', (c) => (c.node.fills = ['#000000']), ['fill']],
    ['a nested fill', (c) => (child(c, 0).fills = ['#ff0000']), ['fill']],
    ['a stroke weight', (c) => (child(c, 1).strokeWeight = 2), ['stroke']],
    ['an effect', (c) => (c.node.effects = [{ type: 'LAYER_BLUR', radius: 4 }]), ['effect']],
    ['characters', (c) => ((child(c, 0).text as Layer).characters = 'Bye'), ['text']],
    ['a size', (c) => (child(c, 1).height = 180), ['size']],
    ['a style', (c) => (child(c, 0).textStyle = 'Heading/L'), ['styles']],
    ['a variable', (c) => (c.node.boundVariables = { fills: { collection: 'Brand', name: 'Accent' } }), ['variables']],
    ['opacity', (c) => (c.node.opacity = 0.5), ['other']],
    ['fill and text together', (c) => ((child(c, 0).fills = ['#ff0000']), ((child(c, 0).text as Layer).size = 28)), ['fill', 'text']],
  ];
  for (const [what, change, chips] of cases) {
    it(`names ${what} as ${chips.join(' + ')}, and the property diff sees a change too`, () => {
      const after = edited(change);
      expect(changeChips(block(), after)).toEqual(chips);
      expect(diffComponents(block(), after).length).toBeGreaterThan(0);
    });
  }

  it('under a set, a variant’s layer edits count by kind, and variants added are "variants", not structure', () => {
    const set = (fill: string, extra: boolean): DiffableComponent => ({
      name: 'Button',
      description: '',
      kind: 'component_set',
      properties: {},
      variants: [{ key: 'a', name: 'Type=Primary', properties: { Type: 'Primary' } }, ...(extra ? [{ key: 'b', name: 'Type=Secondary', properties: { Type: 'Secondary' } }] : [])],
      node: {
        type: 'COMPONENT_SET',
        name: 'Button',
        children: [{ type: 'COMPONENT', name: 'Type=Primary', fills: [fill] }, ...(extra ? [{ type: 'COMPONENT', name: 'Type=Secondary' }] : [])],
      },
    });
    expect(changeChips(set('#0a84ff', false), set('#0052cc', true))).toEqual(['variants', 'fill']);
  });
});
