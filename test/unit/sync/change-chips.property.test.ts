// The change chips' walk is tuned for Figma's sandbox (no JIT); whatever the tuning, its answer
// must stay the one the plain walk gave. Random pairs of components — one edited from the
// other as designers edit (fields changed, removed or left undefined, layers added, removed,
// moved, duplicated, renamed, text layers renamed with their text, keys reordered), or two
// unrelated ones — are compared by changeChips and by the frozen copy in change-chips-reference.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atMostOneKindBesidesName, changeChips } from '../../../src/sync/change-chips';
import type { DiffableComponent } from '../../../src/sync/property-diff';
import { referenceChangeChips } from './change-chips-reference';

type Json = Record<string, unknown>;

// Small pools, so that values and names often coincide (equal subtrees, namesakes, and
// labels like `Title (2)` that a second `Title` is also given).
const NAMES = ['Title', 'Title', 'Image', 'Button', 'Layer', 'Title (2)', 'Text (2)', 'Buy', 'Shop', 'Buy now', 'Type=Primary', 'Type=Secondary', ''];
const TYPES = ['FRAME', 'TEXT', 'RECTANGLE', 'INSTANCE', 'GROUP', 'VECTOR', 'COMPONENT'];
const WORDS = ['Buy', 'Shop', 'Sign up', 'Hello'];

const small = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0.5, -0, Number.NaN));
const color = fc.constantFrom('#ffffff', '#000000', '#0a66ff');
const paint = fc.oneof(color, fc.record({ type: fc.constant('SOLID'), color, visible: fc.boolean() }, { requiredKeys: ['type', 'color'] }), fc.record({ type: fc.constant('IMAGE'), scaleMode: fc.constantFrom('FILL', 'FIT') }));
const paints = fc.array(paint, { maxLength: 3 });
const variable = fc.record({ collection: fc.constantFrom('Brand', 'Core'), name: fc.constantFrom('Accent', 'Ink') });
const text = fc.record(
  {
    characters: fc.constantFrom('Buy now', 'Shop now', 'Hello', ''),
    fontFamily: fc.constantFrom('Inter', 'Roboto'),
    fontStyle: fc.constantFrom('Regular', 'Bold'),
    size: small,
    lineHeight: fc.constantFrom('auto', '20px'),
    segments: fc.array(fc.record({ start: small, end: small, fills: paints }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const layout = fc.record({ direction: fc.constantFrom('VERTICAL', 'HORIZONTAL'), gap: small, padding: fc.oneof(small, fc.array(small, { minLength: 4, maxLength: 4 })) }, { requiredKeys: [] });

/** Each field a layer may carry, with values of its usual shape (and the odd one out). */
const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  type: fc.constantFrom(...TYPES),
  componentKey: fc.constantFrom('btn', 'icon'),
  positioning: fc.constantFrom('AUTO', 'ABSOLUTE'),
  layout,
  horizontalSizing: fc.constantFrom('FIXED', 'FILL', 'HUG'),
  verticalSizing: fc.constantFrom('FIXED', 'FILL', 'HUG'),
  x: small,
  y: small,
  clipsContent: fc.boolean(),
  fills: paints,
  strokes: paints,
  strokeWeight: small,
  strokeAlign: fc.constantFrom('INSIDE', 'CENTER'),
  strokeShape: fc.record({ cap: fc.constantFrom('ROUND', 'NONE'), dash: fc.array(small, { maxLength: 2 }) }, { requiredKeys: [] }),
  effects: fc.array(fc.record({ type: fc.constantFrom('DROP_SHADOW', 'LAYER_BLUR'), radius: small, offset: fc.array(small, { minLength: 2, maxLength: 2 }) }), { maxLength: 2 }),
  text,
  width: small,
  height: small,
  limits: fc.array(fc.oneof(fc.constant(null), small), { minLength: 4, maxLength: 4 }),
  fillStyle: fc.constantFrom('Brand/Accent', 'Ink'),
  strokeStyle: fc.constantFrom('Border'),
  effectStyle: fc.constantFrom('Shadow/S'),
  textStyle: fc.constantFrom('Heading/L', 'Body'),
  boundVariables: fc.dictionary(fc.constantFrom('fills', 'width', 'characters'), variable, { maxKeys: 2 }),
  componentProperties: fc.dictionary(fc.constantFrom('Label', 'Show icon'), fc.oneof(fc.constantFrom('Go', 'Stop'), fc.boolean()), { maxKeys: 2 }),
  propertyRefs: fc.dictionary(fc.constantFrom('characters', 'visible'), fc.constantFrom('Label', 'Show icon'), { maxKeys: 2 }),
  documentationLinks: fc.array(fc.constantFrom('https://docs.example', 'https://other.example'), { maxLength: 2 }),
  opacity: small,
  visible: fc.boolean(),
  cornerRadius: fc.oneof(small, fc.array(small, { minLength: 4, maxLength: 4 })),
  geometry: fc.record({ pointCount: small, arc: fc.array(small, { maxLength: 3 }) }, { requiredKeys: [] }),
  // Not a field Figma has: a key that is also a member of every object's prototype.
  constructor: fc.constantFrom('a', 'b'),
};
const FIELD_NAMES = Object.keys(FIELDS);

const fieldValue = (field: string): fc.Arbitrary<unknown> => fc.oneof({ weight: 9, arbitrary: FIELDS[field]! }, { weight: 1, arbitrary: fc.constant(undefined) });

/** A layer's own fields (no name, no children): a few of them, sometimes present but undefined. */
const layerFields: fc.Arbitrary<Json> = fc
  .uniqueArray(fc.constantFrom(...FIELD_NAMES.filter((field) => field !== 'type')), { maxLength: 6 })
  .chain((fields) => fc.tuple(fc.constantFrom(...TYPES), ...fields.map(fieldValue)).map(([type, ...values]) => Object.fromEntries([['type', type], ...fields.map((field, index) => [field, values[index]])]) as Json));

/** A text layer Figma named after its text. */
const textLayer: fc.Arbitrary<Json> = fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom('', ' now', ' today'), layerFields).map(([word, rest, fields]) => ({ ...fields, type: 'TEXT', name: word, text: { characters: `${word}${rest}`, fontFamily: 'Inter' } }));

const layer: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(layerFields, fc.option(fc.constantFrom(...NAMES), { nil: undefined, freq: 8 })).map(([fields, name]) => (name === undefined ? fields : { ...fields, name })),
    textLayer,
    fc
      .tuple(layerFields, fc.constantFrom(...NAMES), fc.array(tie('node'), { maxLength: 5 }))
      .map(([fields, name, children]) => ({ ...fields, name, children })),
  ),
})).node;

const variantNames = fc.uniqueArray(fc.constantFrom('Type=Primary', 'Type=Secondary', 'Type=Ghost'), { maxLength: 3 });

const definitions = fc.dictionary(fc.constantFrom('Label', 'Show icon'), fc.record({ type: fc.constantFrom('TEXT', 'BOOLEAN'), defaultValue: fc.oneof(fc.constantFrom('Shop now', 'Buy'), fc.boolean()) }), { maxKeys: 2 });

const component: fc.Arbitrary<DiffableComponent> = fc.oneof(
  fc.record({
    name: fc.constantFrom('Blocks/Hero', 'Blocks/Footer'),
    description: fc.constantFrom('', 'The top of an email.'),
    kind: fc.constant('component'),
    properties: definitions,
    variants: fc.constant([]),
    node: fc.tuple(layerFields, fc.array(layer, { maxLength: 6 })).map(([fields, children]) => ({ ...fields, type: 'COMPONENT', name: 'Blocks/Hero', children })),
  }),
  fc
    .record({
      name: fc.constantFrom('Button'),
      description: fc.constantFrom('', 'A button.'),
      properties: definitions,
      names: variantNames,
      variantLayers: fc.array(fc.tuple(layerFields, fc.array(layer, { maxLength: 3 })), { minLength: 3, maxLength: 3 }),
    })
    .map(({ name, description, properties, names, variantLayers }) => ({
      name,
      description,
      kind: 'component_set',
      properties,
      variants: names.map((variant, index) => ({ key: `v${index}`, name: variant, properties: { Type: variant.slice('Type='.length) } })),
      node: { type: 'COMPONENT_SET', name, children: names.map((variant, index) => ({ ...variantLayers[index]![0], type: 'COMPONENT', name: variant, children: variantLayers[index]![1] })) },
    })),
);

// ---- Edits, as designers make them ----------------------------------------------------------

type Edit =
  | { kind: 'set'; at: number; field: string; value: unknown }
  | { kind: 'delete' | 'undefine' | 'reorderKeys'; at: number; which: number }
  | { kind: 'addLayer'; at: number; index: number; layer: Json }
  | { kind: 'duplicateLayer' | 'removeLayer'; at: number; index: number }
  | { kind: 'moveLayer'; at: number; from: number; to: number }
  | { kind: 'rename'; at: number; name: string | undefined }
  | { kind: 'retext'; at: number; word: string; rest: string }
  | { kind: 'childrenNotAList'; at: number }
  | { kind: 'setEveryField'; at: number; values: Json }
  | { kind: 'component'; field: keyof DiffableComponent; value: unknown };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES).chain((field) => fc.record({ kind: fc.constant('set' as const), at: fc.nat(40), field: fc.constant(field), value: fieldValue(field) })) },
  fc.record({ kind: fc.constantFrom('delete' as const, 'undefine' as const, 'reorderKeys' as const), at: fc.nat(40), which: fc.nat(10) }),
  fc.record({ kind: fc.constant('addLayer' as const), at: fc.nat(40), index: fc.nat(8), layer: fc.oneof(layer, textLayer) }),
  fc.record({ kind: fc.constantFrom('duplicateLayer' as const, 'removeLayer' as const), at: fc.nat(40), index: fc.nat(8) }),
  fc.record({ kind: fc.constant('moveLayer' as const), at: fc.nat(40), from: fc.nat(8), to: fc.nat(8) }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(40), name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retext' as const), at: fc.nat(40), word: fc.constantFrom(...WORDS), rest: fc.constantFrom('', ' now', ' today') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('childrenNotAList' as const), at: fc.nat(40) }) },
  // Every kind of change on one layer: the walk may stop early, and must not stop too early.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setEveryField' as const), at: fc.nat(40), values: fc.record(FIELDS) }) },
  fc.oneof(
    fc.record({ kind: fc.constant('component' as const), field: fc.constant('name' as const), value: fc.constantFrom('Blocks/Hero', 'Button', 'Other') }),
    fc.record({ kind: fc.constant('component' as const), field: fc.constant('description' as const), value: fc.constantFrom('', 'Edited.') }),
    fc.record({ kind: fc.constant('component' as const), field: fc.constant('kind' as const), value: fc.constantFrom('component', 'component_set') }),
    fc.record({ kind: fc.constant('component' as const), field: fc.constant('properties' as const), value: definitions }),
    fc.record({ kind: fc.constant('component' as const), field: fc.constant('variants' as const), value: variantNames.map((names) => names.map((name, index) => ({ key: `v${index}`, name, properties: {} }))) }),
  ),
);

/** Every layer of a tree, the root first. */
function layersOf(node: Json, out: Json[] = []): Json[] {
  out.push(node);
  if (Array.isArray(node.children)) for (const child of node.children as unknown[]) if (typeof child === 'object' && child !== null && !Array.isArray(child)) layersOf(child as Json, out);
  return out;
}

function applyEdit(copy: DiffableComponent, step: Edit): void {
  if (step.kind === 'component') {
    (copy as unknown as Json)[step.field] = step.value;
    return;
  }
  const layers = layersOf(copy.node);
  const node = layers[step.at % layers.length]!;
  const keys = Object.keys(node);
  const children = Array.isArray(node.children) ? (node.children as unknown[]) : null;
  switch (step.kind) {
    case 'set':
      node[step.field] = step.value;
      break;
    case 'delete':
      delete node[keys[step.which % keys.length]!];
      break;
    case 'undefine':
      node[keys[step.which % keys.length]!] = undefined;
      break;
    case 'reorderKeys': {
      const entries = Object.entries(node).reverse();
      for (const key of keys) delete node[key];
      for (const [key, value] of entries) node[key] = value;
      break;
    }
    case 'addLayer':
      if (children) children.splice(step.index % (children.length + 1), 0, step.layer);
      else node.children = [step.layer];
      break;
    case 'duplicateLayer':
      if (children && children.length > 0) children.splice(step.index % (children.length + 1), 0, structuredClone(children[step.index % children.length]));
      break;
    case 'removeLayer':
      if (children && children.length > 0) children.splice(step.index % children.length, 1);
      break;
    case 'moveLayer':
      if (children && children.length > 0) children.splice(step.to % children.length, 0, ...children.splice(step.from % children.length, 1));
      break;
    case 'rename':
      if (step.name === undefined) delete node.name;
      else node.name = step.name;
      break;
    case 'retext': {
      const textLayers = layers.filter((item) => item.type === 'TEXT');
      const target = textLayers[step.at % Math.max(1, textLayers.length)];
      if (target) {
        target.name = step.word;
        target.text = { ...(typeof target.text === 'object' ? target.text : {}), characters: `${step.word}${step.rest}` };
      }
      break;
    }
    case 'setEveryField':
      Object.assign(node, step.values);
      break;
    case 'childrenNotAList':
      node.children = step.at % 2 === 0 ? {} : 'none';
      break;
  }
}

const editedPair = fc.tuple(component, fc.array(edit, { maxLength: 6 })).map(([before, edits]) => {
  const after = structuredClone(before);
  for (const step of edits) applyEdit(after, step);
  return [before, after] as const;
});

const unrelatedPair = fc.tuple(component, component);

/** The layer fields behind each chip the walk may stop on (`structure` aside). */
const FIELDS_BY_CHIP: string[][] = [
  ['positioning', 'layout', 'horizontalSizing', 'verticalSizing', 'x', 'y', 'clipsContent'],
  ['fills'],
  ['strokes', 'strokeWeight', 'strokeAlign', 'strokeShape'],
  ['effects'],
  ['text'],
  ['width', 'height', 'limits'],
  ['fillStyle', 'strokeStyle', 'effectStyle', 'textStyle'],
  ['boundVariables'],
  ['componentProperties', 'propertyRefs'],
  ['documentationLinks'],
  ['opacity', 'visible', 'cornerRadius', 'geometry'],
];

/**
 * Every kind of change on the top layer but one (and never `structure`: its type and instance
 * are kept), and edits below it: the walk may stop once all is found, and must not stop before.
 */
const { type: _type, componentKey: _componentKey, ...FIELDS_BUT_STRUCTURE } = FIELDS;
const nearlyEverythingPair = fc
  .tuple(component, fc.record(FIELDS_BUT_STRUCTURE), fc.constantFrom(...FIELDS_BY_CHIP), fc.array(edit, { minLength: 1, maxLength: 6 }))
  .map(([before, values, leftAlone, edits]) => {
    const after = structuredClone(before);
    for (const field of leftAlone) delete values[field];
    Object.assign(after.node, values);
    for (const step of edits) applyEdit(after, step);
    return [before, after] as const;
  });

/** Both ways round, changeChips says what the reference says. */
function agreesBothWays([before, after]: readonly [DiffableComponent, DiffableComponent]): void {
  expect(changeChips(before, after)).toEqual(referenceChangeChips(before, after));
  expect(changeChips(after, before)).toEqual(referenceChangeChips(after, before));
}

describe('changeChips against the plain walk it replaced (change-chips-reference.ts)', () => {
  it('gives the same chips, in the same order, for a component and an edited copy, both ways', () => {
    fc.assert(fc.property(editedPair, agreesBothWays), { numRuns: 3000 });
  }, 60_000);

  it('gives the same chips when the top layer changed in every way but one and layers below it changed too', () => {
    fc.assert(fc.property(nearlyEverythingPair, agreesBothWays), { numRuns: 1000 });
  }, 60_000);

  it('gives the same chips for two unrelated components, and for a component and itself', () => {
    fc.assert(
      fc.property(unrelatedPair, (pair) => {
        agreesBothWays(pair);
        agreesBothWays([pair[0], pair[0]]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

/** Both ways round, the walk that stops at a second kind answers as the reference's chips do. */
function nearlySameAgreesBothWays([before, after]: readonly [DiffableComponent, DiffableComponent]): void {
  const atMostOne = (a: DiffableComponent, b: DiffableComponent) => referenceChangeChips(a, b).filter((chip) => chip !== 'name').length <= 1;
  expect(atMostOneKindBesidesName(before, after)).toBe(atMostOne(before, after));
  expect(atMostOneKindBesidesName(after, before)).toBe(atMostOne(after, before));
  // The stop is the question's alone: the chips found after it still walk to all of them.
  expect(changeChips(before, after)).toEqual(referenceChangeChips(before, after));
}

describe('atMostOneKindBesidesName (rule 2 of the replaced pairs) against the plain walk', () => {
  it('says at most one kind besides the name exactly when the reference finds that many, for edited copies, heavy edits and unrelated pairs', () => {
    fc.assert(fc.property(fc.oneof(editedPair, nearlyEverythingPair, unrelatedPair), nearlySameAgreesBothWays), { numRuns: 3000 });
  }, 60_000);
});
