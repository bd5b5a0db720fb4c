// A frozen copy of src/sync/change-chips.ts as it was before its walk was made faster
// (commit 105e542), with property-diff.ts's renamedTextLayers copied in: the reference the
// property test (change-chips.property.test.ts) holds the fast walk to. Do not edit it to match
// the implementation; a change of behaviour belongs in both, on purpose, with its own tests.
import { syncChangeChipSchema, type SyncChangeChip } from '../../../src/shared/bridge/messages';
import type { DiffableComponent } from '../../../src/sync/property-diff';

type Json = Record<string, unknown>;

/** The chips in the order they are shown: the bridge's order. */
const CHANGE_CHIP_ORDER: readonly SyncChangeChip[] = syncChangeChipSchema.options;

/** A layer field's chip; fields not listed are `other` (opacity, visibility, radius…). */
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

/** The kinds of change from `before` to `after`, in CHANGE_CHIP_ORDER; empty when they agree. */
export function referenceChangeChips(before: DiffableComponent, after: DiffableComponent): SyncChangeChip[] {
  const found = new Set<SyncChangeChip>();
  if (before.name !== after.name) found.add('name');
  if (before.description !== after.description) found.add('description');
  if (before.kind !== after.kind) found.add('structure');
  if (!deepEqual(before.properties, after.properties)) found.add('component properties');
  if (!sameVariants(before.variants, after.variants)) found.add('variants');
  compareNode(before.node, after.node, found, after.kind === 'component_set' && before.kind === 'component_set');
  const out: SyncChangeChip[] = [];
  for (const chip of CHANGE_CHIP_ORDER) if (found.has(chip)) out.push(chip);
  return out;
}

function sameVariants(before: DiffableComponent['variants'], after: DiffableComponent['variants']): boolean {
  if (before.length !== after.length) return false;
  const names = new Set<string>();
  for (const variant of before) names.add(variant.name);
  for (const variant of after) if (!names.has(variant.name)) return false;
  return true;
}

function compareNode(before: Json, after: Json, found: Set<SyncChangeChip>, isSet: boolean): void {
  for (const field in before) compareField(field, before, after, found);
  for (const field in after) if (!(field in before)) compareField(field, before, after, found);
  compareChildren(before.children, after.children, found, isSet);
}

function compareField(field: string, before: Json, after: Json, found: Set<SyncChangeChip>): void {
  if (field === 'children' || field === 'name') return;
  const chip = FIELD_CHIP[field] ?? 'other';
  if (found.has(chip)) return;
  if (!deepEqual(before[field], after[field])) found.add(chip);
}

function compareChildren(beforeValue: unknown, afterValue: unknown, found: Set<SyncChangeChip>, isSet: boolean): void {
  const before: unknown[] = Array.isArray(beforeValue) ? beforeValue : EMPTY;
  const after: unknown[] = Array.isArray(afterValue) ? afterValue : EMPTY;
  if (before.length === 0 && after.length === 0) return;
  const beforeLabels = labels(before);
  const afterLabels = labels(after);
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
  if (!isSet && !found.has('structure')) {
    if (before.length !== after.length) found.add('structure');
    else {
      let last = -1;
      for (let to = 0; to < afterLabels.length; to++) {
        const from = fromOf(to);
        if (from === undefined || from < last) {
          found.add('structure');
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
    if (isObject(a) && isObject(b)) compareNode(a, b, found, false);
  }
}

const EMPTY: unknown[] = [];

/**
 * Children named as property-diff.ts names them: `Label`, then `Label (2)` for a namesake, each
 * label used once (changed on purpose after the freeze: a layer really named `Title (2)` beside
 * two `Title` layers shared a label with the second, and identical copies showed chips).
 */
function labels(children: unknown[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set<string>();
  const out: string[] = [];
  for (const child of children) {
    const name = isObject(child) && typeof child.name === 'string' ? child.name : 'Layer';
    let count = seen.get(name) ?? 0;
    let label: string;
    do {
      count++;
      label = count === 1 ? name : `${name} (${count})`;
    } while (used.has(label));
    seen.set(name, count);
    used.add(label);
    out.push(label);
  }
  return out;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality; absent and undefined keys are the same (the API may reorder keys). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const listA = a as unknown[];
    const listB = b as unknown[];
    if (listA.length !== listB.length) return false;
    for (let index = 0; index < listA.length; index++) if (!deepEqual(listA[index], listB[index])) return false;
    return true;
  }
  const objectA = a as Json;
  const objectB = b as Json;
  let countA = 0;
  for (const key in objectA) {
    if (objectA[key] === undefined) continue;
    countA++;
    if (!deepEqual(objectA[key], objectB[key])) return false;
  }
  let countB = 0;
  for (const key in objectB) if (objectB[key] !== undefined) countB++;
  return countA === countB;
}

// From property-diff.ts at the same commit.
function renamedTextLayers(before: readonly unknown[], beforeLabels: readonly string[], after: readonly unknown[], afterLabels: readonly string[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const unmatched = (children: readonly unknown[], labels: readonly string[], other: readonly string[]) => {
    const others = new Set(other);
    const out: number[] = [];
    labels.forEach((label, index) => {
      if (!others.has(label) && namedAfterItsText(children[index])) out.push(index);
    });
    return out;
  };
  const removed = unmatched(before, beforeLabels, afterLabels);
  if (removed.length === 0) return pairs;
  const added = unmatched(after, afterLabels, beforeLabels);
  if (added.length !== removed.length) return pairs;
  added.forEach((to, index) => pairs.set(to, removed[index]!));
  return pairs;
}

function namedAfterItsText(node: unknown): boolean {
  const object = asObjectOrNull(node);
  const characters = asObjectOrNull(object?.text)?.characters;
  return object?.type === 'TEXT' && typeof object.name === 'string' && object.name !== '' && typeof characters === 'string' && characters.startsWith(object.name);
}

function asObjectOrNull(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}
