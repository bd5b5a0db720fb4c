// A conflict's three-way view: which side changed each differing property since the last sync.
import { describe, expect, it } from 'vitest';
import { changedSides, diffComponents, type DiffableComponent } from '../../../src/sync/property-diff';

interface CardNode {
  type: string;
  name: string;
  fills: string[];
  layout: { direction: string; padding: number };
  children: Array<{ type: string; name: string; text?: { characters: string } }>;
}

/** A small component: a frame with a fill, padding and one text layer. */
function card(edit: (node: CardNode, component: DiffableComponent) => void = () => undefined): DiffableComponent {
  const node: CardNode = {
    type: 'COMPONENT',
    name: 'Card',
    fills: ['#ffffff'],
    layout: { direction: 'VERTICAL', padding: 16 },
    children: [{ type: 'TEXT', name: 'Title', text: { characters: 'Hello' } }],
  };
  const component: DiffableComponent = { name: 'Card', description: 'A card.', kind: 'component', properties: {}, variants: [], node: node as unknown as Record<string, unknown> };
  edit(node, component);
  return component;
}

/** The conflict's changes (theirs → mine), each as `path · property: side`. */
function marks(base: DiffableComponent, local: DiffableComponent | null, remote: DiffableComponent | null): string[] {
  const changes = diffComponents(remote, local);
  const sides = changedSides(changes, base, local, remote);
  return changes.map((change, index) => `${change.path} · ${change.property}: ${sides[index] ?? 'none'}`);
}

describe('changedSides', () => {
  it('marks a property changed only in this file "here" and one changed only in the design system "there"', () => {
    const base = card();
    const local = card((node) => (node.children[0]!.text!.characters = 'Mine'));
    const remote = card((_node, component) => (component.description = 'Theirs.'));
    expect(marks(base, local, remote)).toEqual(['Card · description: there', 'Card › Title · characters: here']);
  });

  it('marks a property both sides changed, to different values, "both"', () => {
    const base = card();
    const local = card((node) => (node.fills = ['#ff0000']));
    const remote = card((node) => {
      node.fills = ['#0000ff'];
      node.layout.padding = 24;
    });
    expect(marks(base, local, remote)).toEqual(['Card · fill: both', 'Card · padding top: there', 'Card · padding right: there', 'Card · padding bottom: there', 'Card · padding left: there']);
  });

  it('matches places below the component’s name when either side renamed it', () => {
    const base = card();
    const local = card((node, component) => {
      component.name = 'Card / Large';
      node.children[0]!.text!.characters = 'Mine';
    });
    const remote = card((node) => (node.fills = ['#000000']));
    expect(marks(base, local, remote)).toEqual(['Card / Large · name: here', 'Card / Large · fill: there', 'Card / Large › Title · characters: here']);
  });

  it('matches a layer added on one side with the same layer seen as removed from the other', () => {
    const base = card();
    const badge = { type: 'FRAME', name: 'Badge' };
    const local = card((node) => node.children.push(badge));
    // Theirs removed the title: from theirs to mine it reads as added.
    const remote = card((node) => node.children.splice(0, 1));
    expect(marks(base, local, remote)).toEqual(['Card › Title · layer added: there', 'Card › Badge · layer added: here']);
  });

  it('tells variants apart by name: one added here, one removed in the design system', () => {
    const withVariants = (names: string[]) => (_node: CardNode, component: DiffableComponent) => {
      component.variants = names.map((name) => ({ key: name, name, properties: {} }));
    };
    const base = card(withVariants(['Size=S', 'Size=M']));
    const local = card(withVariants(['Size=S', 'Size=M', 'Size=L']));
    const remote = card(withVariants(['Size=S']));
    expect(marks(base, local, remote)).toEqual(['Card · variant added: there', 'Card · variant added: here']);
  });

  it('marks the whole component when one side deleted it', () => {
    const base = card();
    expect(marks(base, null, card((node) => (node.fills = ['#000000'])))).toEqual(['Card · component removed: here']);
    expect(marks(base, card((node) => (node.fills = ['#000000'])), null)).toEqual(['Card · component added: there']);
  });

  it('leaves unmarked a change it cannot match to either side', () => {
    const base = card();
    const local = card((node) => (node.fills = ['#ff0000']));
    const remote = card((node) => (node.fills = ['#0000ff']));
    const changes = [{ path: 'Elsewhere', property: 'opacity', before: '1', after: '0.5' }];
    expect(changedSides(changes, base, local, remote)).toEqual([undefined]);
  });
});
