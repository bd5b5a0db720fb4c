// What kinds of change separate two versions of a component, as the chips on every row of the
// Sync screen's list ("fill", "text", "structure"…). Computed for every changed component with
// the classification, so it answers only "which kinds", never "what exactly" (that is
// property-diff.ts, for the one component opened): each kind found stops further comparisons
// of that kind, and nothing is put into words but which fields the `other` chip stands for.
// Same matching rules as property-diff.ts (children by name, then by index among namesakes,
// text layers renamed with their text; absent keys are defaults).
// Written for the sandbox's interpreter (no JIT: every call, Set or Map operation and for…in
// costs): change-chips.property.test.ts holds it to the plain walk it replaced.
import { syncChangeChipSchema, type SyncChangeChip } from '../shared/bridge/messages';
import { jsonEqual, sameObjects } from './json-equal';
import { OTHER_PROPERTY_FIELDS, OTHER_PROPERTY_WORDS } from './other-properties';
import { layerLabels, renamedTextLayers, type DiffableComponent } from './property-diff';

type Json = Record<string, unknown>;

/** The chips in the order they are shown: the bridge's order. */
export const CHANGE_CHIP_ORDER: readonly SyncChangeChip[] = syncChangeChipSchema.options;

/** A layer field's chip; fields not listed are `other` (opacity, visibility, radius…: other-properties.ts). */
const FIELD_CHIP: Record<string, SyncChangeChip> = {
  type: 'structure',
  componentKey: 'structure',
  positioning: 'layout',
  layout: 'layout',
  horizontalSizing: 'layout',
  verticalSizing: 'layout',
  x: 'layout',
  y: 'layout',
  clipsContent: 'layout',
  fills: 'fill',
  strokes: 'stroke',
  strokeWeight: 'stroke',
  strokeAlign: 'stroke',
  strokeShape: 'stroke',
  effects: 'effect',
  text: 'text',
  width: 'size',
  limits: 'size',
  height: 'size',
  fillStyle: 'styles',
  strokeStyle: 'styles',
  effectStyle: 'styles',
  textStyle: 'styles',
  boundVariables: 'variables',
  componentProperties: 'component properties',
  propertyRefs: 'component properties',
  documentationLinks: 'description',
};

// The chips found so far are bits of one number (bit i is CHANGE_CHIP_ORDER[i]): in the sandbox's
// interpreter a Set's calls cost more than the comparisons they save.
const bitOf = (chip: SyncChangeChip) => 1 << CHANGE_CHIP_ORDER.indexOf(chip);
const NAME = bitOf('name');
const DESCRIPTION = bitOf('description');
const COMPONENT_PROPERTIES = bitOf('component properties');
const VARIANTS = bitOf('variants');
const STRUCTURE = bitOf('structure');
const OTHER = bitOf('other');
const CHIP_BITS = (1 << CHANGE_CHIP_ORDER.length) - 1;
// Each field the `other` chip stands for (other-properties.ts) has a bit of its own above the
// chips' and sets `other` with it: the walk that finds the chips finds which of them changed.
// A field in neither list (a snapshot format newer than this code) is UNNAMED: a row then names none.
const otherFieldBit = (index: number) => 1 << (CHANGE_CHIP_ORDER.length + index);
const UNNAMED = OTHER | otherFieldBit(OTHER_PROPERTY_FIELDS.length);

/**
 * FIELD_CHIP as bits; `children` and `name` (compared as layers) are 0, as are the names of
 * Object.prototype's members, for which FIELD_CHIP[field] read the member, not a chip, so that
 * such a field never showed a chip.
 */
const FIELD_BIT: Record<string, number> = Object.create(null) as Record<string, number>;
for (const member of Object.getOwnPropertyNames(Object.prototype)) FIELD_BIT[member] = 0;
for (const field in FIELD_CHIP) FIELD_BIT[field] = bitOf(FIELD_CHIP[field]!);
for (let index = 0; index < OTHER_PROPERTY_FIELDS.length; index++) FIELD_BIT[OTHER_PROPERTY_FIELDS[index]!] = OTHER | otherFieldBit(index);
FIELD_BIT.children = 0;
FIELD_BIT.name = 0;

/** Every chip and other field the layers can show: once all are found, the rest of the tree is not walked. */
const WALK = Object.values(FIELD_CHIP).reduce((bits, chip) => bits | bitOf(chip), STRUCTURE | UNNAMED | (otherFieldBit(OTHER_PROPERTY_FIELDS.length) - otherFieldBit(0)));

/**
 * Chip bits of which two end the walk, for a question that needs no more than that
 * (atMostOneKindBesidesName); 0 while the chips are found, which walk on to all of them.
 */
let stopAtTwoOf = 0;
const KINDS_BESIDES_NAME = CHIP_BITS & ~NAME;

/**
 * Whether `before` and `after` differ in at most one kind of change besides the name (the
 * replaced pairs' rule 2: replacements.ts). The walk stops at a second kind: a pair that is not
 * nearly the same is told apart without reading the rest of both trees.
 */
export function atMostOneKindBesidesName(before: DiffableComponent, after: DiffableComponent): boolean {
  stopAtTwoOf = KINDS_BESIDES_NAME;
  try {
    const kinds = changeBits(before, after) & KINDS_BESIDES_NAME;
    return (kinds & (kinds - 1)) === 0;
  } finally {
    stopAtTwoOf = 0;
  }
}

/** The kinds of change from `before` to `after`, in CHANGE_CHIP_ORDER; empty when they agree. */
export function changeChips(before: DiffableComponent, after: DiffableComponent): SyncChangeChip[] {
  return chipsOf(changeBits(before, after));
}

export interface NamedChangeChips {
  chips: SyncChangeChip[];
  /**
   * With the `other` chip: what it stands for, in words, in OTHER_PROPERTY_WORDS's order
   * ("opacity", "corner radius"). Absent without it, or when a changed field has no words.
   */
  otherProperties?: string[];
}

/** changeChips, and the words for its `other` chip, from the same walk. */
export function namedChangeChips(before: DiffableComponent, after: DiffableComponent): NamedChangeChips {
  const found = changeBits(before, after);
  const chips = chipsOf(found);
  if ((found & OTHER) === 0 || (found & UNNAMED) === UNNAMED) return { chips };
  const otherProperties: string[] = [];
  for (let index = 0; index < OTHER_PROPERTY_FIELDS.length; index++) {
    if ((found & otherFieldBit(index)) !== 0) otherProperties.push(OTHER_PROPERTY_WORDS[OTHER_PROPERTY_FIELDS[index]!]);
  }
  return { chips, otherProperties };
}

function chipsOf(found: number): SyncChangeChip[] {
  const chipBits = found & CHIP_BITS;
  const out: SyncChangeChip[] = [];
  // Up to the highest bit found only (most components show one or two chips).
  for (let index = 0; chipBits >> index !== 0; index++) if (((chipBits >> index) & 1) !== 0) out.push(CHANGE_CHIP_ORDER[index]!);
  return out;
}

function changeBits(before: DiffableComponent, after: DiffableComponent): number {
  let found = 0;
  if (before.name !== after.name) found |= NAME;
  if (before.description !== after.description) found |= DESCRIPTION;
  if (before.kind !== after.kind) found |= STRUCTURE;
  if (!jsonEqual(before.properties, after.properties)) found |= COMPONENT_PROPERTIES;
  if (!sameVariants(before.variants, after.variants)) found |= VARIANTS;
  return compareNode(before.node, after.node, found, after.kind === 'component_set' && before.kind === 'component_set');
}

function sameVariants(before: DiffableComponent['variants'], after: DiffableComponent['variants']): boolean {
  if (before.length !== after.length) return false;
  if (before.length === 0) return true;
  const names = new Set<string>();
  for (const variant of before) names.add(variant.name);
  for (const variant of after) if (!names.has(variant.name)) return false;
  return true;
}

function compareNode(before: Json, after: Json, found: number, isSet: boolean): number {
  if ((found & WALK) === WALK) return found;
  const counted = found & stopAtTwoOf;
  if ((counted & (counted - 1)) !== 0) return found;
  for (const field in before) {
    const a = before[field];
    const b = after[field];
    if (a === b) continue;
    const bit = FIELD_BIT[field] ?? UNNAMED;
    if ((found & bit) !== bit && !(typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && sameObjects(a, b))) found |= bit;
  }
  // A field only `after` has differs unless undefined (absent keys and undefined are alike).
  for (const field in after) {
    if (field in before) continue;
    const bit = FIELD_BIT[field] ?? UNNAMED;
    if ((found & bit) !== bit && after[field] !== undefined) found |= bit;
  }
  const beforeChildren = before.children;
  const afterChildren = after.children;
  return beforeChildren === undefined && afterChildren === undefined ? found : compareChildren(beforeChildren, afterChildren, found, isSet);
}

function compareChildren(beforeValue: unknown, afterValue: unknown, found: number, isSet: boolean): number {
  const before: unknown[] = Array.isArray(beforeValue) ? beforeValue : EMPTY;
  const after: unknown[] = Array.isArray(afterValue) ? afterValue : EMPTY;
  if (before.length === 0 && after.length === 0) return found;
  if (inPlace(before, after)) {
    if (!isSet && before.length !== after.length) found |= STRUCTURE;
    const shared = before.length < after.length ? before.length : after.length;
    for (let index = 0; index < shared; index++) {
      const a = before[index];
      const b = after[index];
      if (isObject(a) && isObject(b)) found = compareNode(a, b, found, false);
    }
    return found;
  }
  const beforeLabels = layerLabels(before);
  const afterLabels = layerLabels(after);
  const beforeIndex = new Map<string, number>();
  for (let index = 0; index < beforeLabels.length; index++) beforeIndex.set(beforeLabels[index]!, index);
  // Text layers Figma renamed with their text are the same layers (their text changed).
  // Looked for only when a name finds no match (this runs for every changed component).
  let renamed: Map<number, number> | null = null;
  const fromOf = (to: number) => {
    const from = beforeIndex.get(afterLabels[to]!);
    if (from !== undefined) return from;
    renamed ??= renamedTextLayers(before, beforeLabels, after, afterLabels);
    return renamed.get(to);
  };
  // Under a set the children are its variants: added or removed ones are the `variants` chip.
  // Elsewhere a layer added, removed or moved is `structure`.
  if (!isSet && (found & STRUCTURE) === 0) {
    if (before.length !== after.length) found |= STRUCTURE;
    else {
      let last = -1;
      for (let to = 0; to < afterLabels.length; to++) {
        const from = fromOf(to);
        if (from === undefined || from < last) {
          found |= STRUCTURE;
          break;
        }
        last = from;
      }
    }
  }
  for (let to = 0; to < afterLabels.length; to++) {
    const from = fromOf(to);
    if (from === undefined) continue;
    const a = before[from];
    const b = after[to];
    if (isObject(a) && isObject(b)) found = compareNode(a, b, found, false);
  }
  return found;
}

const EMPTY: unknown[] = [];

/**
 * Whether the children kept their names and order, layers added or removed only at the end
 * (the usual edit): then matching by label pairs them by index, and the labels and maps need
 * not be built. Only when no name ends with `)`: otherwise `Title (2)` may also be a second
 * `Title`'s label, and the label match pairs those differently.
 */
function inPlace(before: unknown[], after: unknown[]): boolean {
  const longer = before.length < after.length ? after : before;
  const shorter = longer === before ? after : before;
  for (let index = 0; index < longer.length; index++) {
    const name = nameOf(longer[index]);
    if (name.charCodeAt(name.length - 1) === 41 /* ) */) return false;
    if (index < shorter.length && nameOf(shorter[index]) !== name) return false;
  }
  return true;
}

function nameOf(child: unknown): string {
  return isObject(child) && typeof child.name === 'string' ? child.name : 'Layer';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

