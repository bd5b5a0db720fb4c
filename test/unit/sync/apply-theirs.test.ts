import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { ComponentPayload } from '../../../src/snapshot/normalized-types';
import { applyTheirs, stepsToMatch, takeSteps } from '../../../src/sync/apply-theirs';
import { sameContent } from '../../../src/sync/same-content';
import { createFakeFigma } from '../../fake-figma/index';

function remoteOf(key: string, name: string, description: string): Component {
  return {
    key,
    name,
    description,
    kind: 'component',
    hash: 'h',
    properties: {},
    variants: [],
    node: {},
    thumbnail_url: null,
    updated_at: '2026-11-22T01:00:00.000Z',
    updated_by: 'Ada',
    deleted: false,
  };
}

describe('take theirs', () => {
  it('reports a rename Figma refused only as a step to do by hand, not also as done', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.name = 'Card';
    // Figma refuses some edits (a read-only file, say): the name setter throws here.
    Object.defineProperty(card, 'name', {
      get: () => 'Card',
      set: () => {
        throw new Error('Cannot edit this node');
      },
    });
    const outcome = applyTheirs(card, remoteOf(card.key, 'Card/Large', 'Theirs'), null);
    expect(outcome.applied.join(' ')).not.toMatch(/Renamed/);
    expect(outcome.manualSteps.join(' ')).toMatch(/Name "Card\/Large": Figma refused the change \(Cannot edit this node\)/);
    expect(outcome.applied).toContain('Description taken from the design system.');
  });
});

describe('take theirs: component properties', () => {
  it('one property Figma refuses (a name it does not allow) is a step by hand, and the others are still taken', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.name = 'Card';
    card.addComponentProperty('Old', 'BOOLEAN', true);
    const remote = {
      ...remoteOf(card.key, 'Card', ''),
      // Named in the builder: Figma refuses "," in a property name.
      // With a description: a refused add is one step (the refusal), not also "set its description".
      properties: { 'Show, icon': { type: 'BOOLEAN', defaultValue: true, description: 'Shows the icon.' }, Label: { type: 'TEXT', defaultValue: 'Buy now' } },
    };
    const outcome = applyTheirs(card, remote, null);
    expect(Object.entries(card.componentPropertyDefinitions).map(([name, definition]) => [name.split('#')[0], definition.type, definition.defaultValue])).toEqual([['Label', 'TEXT', 'Buy now']]);
    expect(outcome.applied).toEqual(['Added the component property "Label".', 'Removed the component property "Old".']);
    expect(outcome.manualSteps).toEqual([expect.stringMatching(/^Component property "Show, icon": Figma refused the change \(.*\)\. Make it by hand\.$/)]);
  });
});

describe('take theirs: what is left of a property definition', () => {
  /** The file's Card as read for the comparison: `properties` as normalized. */
  const read = (key: string, properties: Record<string, unknown>): ComponentPayload => ({ key, name: 'Card', kind: 'component', description: '', hash: 'h', properties: properties as ComponentPayload['properties'], variants: [], node: {} as ComponentPayload['node'] });

  it('says a teammate’s description or variable on a property as a step by hand (it was dropped unsaid, the take recorded whole)', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.name = 'Card';
    card.addComponentProperty('Label', 'TEXT', 'Buy now');
    const remote = {
      ...remoteOf(card.key, 'Card', ''),
      properties: { Label: { type: 'TEXT', defaultValue: 'Buy now', description: 'The button’s words.', boundVariables: { defaultValue: { collection: 'Copy', name: 'cta' } } } },
    };
    const outcome = applyTheirs(card, remote, read(card.key, { Label: { type: 'TEXT', defaultValue: 'Buy now' } }));
    expect(outcome.applied).toEqual([]);
    expect(outcome.manualSteps).toEqual(['Component property "Label": set its description, variable as in the design system.']);
  });

  it('says the same steps before the take (the detail), and none for a field empty on one side and missing on the other', () => {
    const remote = { ...remoteOf('card-key', 'Card', ''), properties: { Label: { type: 'TEXT', defaultValue: 'Go', description: 'The button’s words.' }, Note: { type: 'TEXT', defaultValue: '', description: '', preferredValues: [] } } };
    expect(takeSteps(read('card-key', { Label: { type: 'TEXT', defaultValue: 'Go' }, Note: { type: 'TEXT', defaultValue: '' } }), remote)).toEqual(['Component property "Label": set its description as in the design system.']);
  });

  it('says before the take what it will leave: a type it cannot change, variants only one side has; nothing for one deleted here', () => {
    const remote = { ...remoteOf('set-key', 'Button', ''), kind: 'component_set' as const, properties: { Size: { type: 'TEXT', defaultValue: 'M' } }, variants: [{ key: 'v1', name: 'Size=M', properties: {} }, { key: 'v3', name: 'Size=L', properties: {} }] };
    const local: ComponentPayload = { ...read('set-key', { Size: { type: 'BOOLEAN', defaultValue: true } }), kind: 'component_set', variants: [{ key: 'v1', name: 'Size=M' }, { key: 'v2', name: 'Size=S' }] as ComponentPayload['variants'] };
    expect(takeSteps(local, remote)).toEqual([
      'Component property "Size" is boolean here and text in the design system: change its type by hand.',
      'Variant "Size=L" exists only in the design system: add it by hand.',
      'Variant "Size=S" is not in the design system: remove it by hand if it should go.',
    ]);
    expect(takeSteps(null, remote)).toEqual([]);
  });

  it('takes an empty description or list of another writer as none, in the take, the steps left and "the same content"', () => {
    const properties = { Label: { type: 'TEXT', defaultValue: '' }, Icon: { type: 'INSTANCE_SWAP', defaultValue: 'icon-key-1' } };
    const local = read('card-key', properties);
    const remote = { ...remoteOf('card-key', 'Card', ''), properties: { Label: { type: 'TEXT', defaultValue: '', description: '', preferredValues: [] }, Icon: { type: 'INSTANCE_SWAP', defaultValue: 'icon-key-1', slotSettings: {} } } };
    expect(takeSteps(local, remote)).toEqual([]);
    expect(stepsToMatch(local, remote)).toEqual([]);
    expect(sameContent(local, remote)).toBe(true);
    // An empty default is a value: "" and "Go" differ.
    expect(sameContent(read('card-key', { ...properties, Label: { type: 'TEXT', defaultValue: 'Go' } }), remote)).toBe(false);
  });

  it('asks nothing of an instance swap that is the same here, and says one that differs', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.name = 'Card';
    const swap = { type: 'INSTANCE_SWAP', defaultValue: 'icon-key-1', preferredValues: [{ key: 'icon-key-1', type: 'COMPONENT' }] };
    const remote = { ...remoteOf(card.key, 'Card', ''), properties: { Icon: swap } };
    expect(applyTheirs(card, remote, read(card.key, { Icon: { ...swap } })).manualSteps).toEqual([]);
    expect(applyTheirs(card, remote, read(card.key, { Icon: { ...swap, defaultValue: 'icon-key-2' } })).manualSteps).toEqual(['Component property "Icon" (instance swap): set it as in the design system.']);
  });
});

describe('take theirs: variant names', () => {
  it('a rename Figma refuses is a step by hand only, not also said as done, and the other variants are still renamed', () => {
    const { figma } = createFakeFigma();
    const small = figma.createComponent();
    small.name = 'Size=Small';
    const large = figma.createComponent();
    large.name = 'Size=Large';
    const set = figma.combineAsVariants([small, large], figma.currentPage);
    Object.defineProperty(small, 'name', {
      get: () => 'Size=Small',
      set: () => {
        throw new Error('Cannot edit this node');
      },
    });
    const remote: Component = {
      ...remoteOf(set.key, set.name, set.description),
      kind: 'component_set',
      variants: [
        { key: small.key, name: 'Size=S', properties: {} },
        { key: large.key, name: 'Size=L', properties: {} },
      ],
    };
    const outcome = applyTheirs(set, remote, null);
    expect(large.name).toBe('Size=L');
    expect(outcome.applied).toEqual(['Variant "Size=Large" renamed to "Size=L".']);
    expect(outcome.manualSteps).toEqual([expect.stringMatching(/^Variant "Size=Small" → "Size=S": Figma refused the change \(Cannot edit this node\)\. Make it by hand\.$/)]);
  });
});
