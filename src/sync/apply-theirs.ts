// "Take theirs": applies to a local component what Envelope can apply of the design system's
// version — its name, description, component property definitions and defaults, and variant
// names — and says in words what must be changed by hand (layers, fills, text and the rest of
// the layer tree, which the builder's description cannot rebuild faithfully).
import type { Component } from '../shared/api/builder/schemas';
import type { PropertyChange } from '../shared/bridge/messages';
import { buildPropertyNameMap } from '../snapshot/normalize/component';
import type { ComponentPayload } from '../snapshot/normalized-types';
import type { LocalComponentNode } from './component-nodes';
import { withComponentNames } from './component-names';
import { fieldValue, withoutEmptyFields } from './definition-fields';
import { jsonEqual } from './json-equal';
import { diffComponents } from './property-diff';

export interface TakeOutcome {
  /** What was changed in the file, in words. */
  applied: string[];
  /** What the designer must change by hand, in words. */
  manualSteps: string[];
}

type EditableType = 'BOOLEAN' | 'TEXT';

interface RemoteDefinition {
  type: string;
  defaultValue: unknown;
}

function remoteDefinitions(remote: Component): Map<string, RemoteDefinition> {
  const definitions = new Map<string, RemoteDefinition>();
  for (const [name, value] of Object.entries(remote.properties)) {
    if (typeof value !== 'object' || value === null) continue;
    const { type, defaultValue } = value as { type?: unknown; defaultValue?: unknown };
    if (typeof type === 'string') definitions.set(name, { type, defaultValue });
  }
  return definitions;
}

function isEditable(type: string): type is EditableType {
  return type === 'BOOLEAN' || type === 'TEXT';
}

function sameDefault(a: unknown, b: unknown): boolean {
  return a === b;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * A definition's fields a take does not set (it sets the type and the default), as said in a
 * step: without one, a teammate's change to them was dropped unsaid, and the take recorded as
 * whole, so the next push from here undid it.
 */
const FIELDS_BY_HAND: ReadonlyArray<readonly [field: string, words: string]> = [
  ['description', 'description'],
  ['boundVariables', 'variable'],
  ['preferredValues', 'preferred values'],
  ['slotSettings', 'slot settings'],
];

function fieldsByHand(mine: unknown, theirs: unknown): string[] {
  const here = (mine ?? {}) as Record<string, unknown>;
  const there = (theirs ?? {}) as Record<string, unknown>;
  return FIELDS_BY_HAND.filter(([field]) => !jsonEqual(fieldValue(field, here[field]), fieldValue(field, there[field]))).map(([, words]) => words);
}

/** A definition's type and default as a take can set them (BOOLEAN and TEXT, with a default of their kind). */
function settable(definition: RemoteDefinition): boolean {
  return isEditable(definition.type) && (definition.type === 'BOOLEAN' ? typeof definition.defaultValue === 'boolean' : typeof definition.defaultValue === 'string');
}

/** A property whose type differs: a take changes no type. */
function typeStep(name: string, mine: string, theirs: string): string {
  return `Component property "${name}" is ${mine.toLowerCase()} here and ${theirs.toLowerCase()} in the design system: change its type by hand.`;
}

/**
 * The step by hand a take leaves for property `name` of theirs, whatever it applies (null: none):
 * one it cannot set at all (an instance swap, a slot) unless it is the same here, or the fields
 * of one it can that it does not set. `mineRead`: the file's definitions as read for the
 * comparison (null: not known).
 */
function definitionStep(name: string, definition: RemoteDefinition, mineRead: ComponentPayload['properties'] | null, theirsRead: unknown): string | null {
  if (!settable(definition)) {
    // An instance swap or a slot the same here: nothing to do (said for each, every take listed them).
    return mineRead !== null && jsonEqual(withoutEmptyFields({ name: mineRead[name] }), withoutEmptyFields({ name: theirsRead })) ? null : `Component property "${name}" (${definition.type.toLowerCase().replace('_', ' ')}): set it as in the design system.`;
  }
  const mineType = (mineRead?.[name] as { type?: unknown } | undefined)?.type;
  if (typeof mineType === 'string' && mineType !== definition.type) return typeStep(name, mineType, definition.type);
  const fields = fieldsByHand(mineRead?.[name], theirsRead);
  return fields.length === 0 ? null : `Component property "${name}": set its ${fields.join(', ')} as in the design system.`;
}

/** The steps by hand a take of `remote` leaves in the component properties. */
function definitionSteps(local: ComponentPayload, remote: Component): string[] {
  const steps: string[] = [];
  for (const [name, definition] of remoteDefinitions(remote)) {
    if (definition.type === 'VARIANT') continue;
    const step = definitionStep(name, definition, local.properties, remote.properties[name]);
    if (step !== null) steps.push(step);
  }
  return steps;
}

/** Makes one change; one Figma refuses becomes a step by hand (see applyTheirs). */
type Attempt = (what: string, change: () => void) => void;

/**
 * Component property definitions: added, edited or removed to match theirs (not VARIANT ones:
 * see variants). Each on its own: a name Figma does not allow (given in the builder) stops no other.
 * `mineRead`: the file's definitions as read for the comparison (null: not known), against which
 * what is not applied is told apart from what is the same already.
 */
function applyDefinitions(node: LocalComponentNode, remote: Component, outcome: TakeOutcome, attempt: Attempt, mineRead: ComponentPayload['properties'] | null): void {
  const local = node.componentPropertyDefinitions;
  const stableNames = buildPropertyNameMap(local);
  const fullNameOf = new Map<string, string>();
  for (const [fullName, stable] of stableNames) if (local[fullName]!.type !== 'VARIANT') fullNameOf.set(stable, fullName);
  const theirs = remoteDefinitions(remote);

  for (const [name, definition] of theirs) {
    if (definition.type === 'VARIANT') continue;
    const fullName = fullNameOf.get(name);
    const mine = fullName === undefined ? undefined : local[fullName];
    const defaultValue = definition.defaultValue;
    const byHand = () => {
      const step = definitionStep(name, definition, mineRead, remote.properties[name]);
      if (step !== null) outcome.manualSteps.push(step);
    };
    if (!settable(definition)) {
      byHand();
      continue;
    }
    if (mine === undefined || fullName === undefined) {
      attempt(`Component property "${name}"`, () => {
        node.addComponentProperty(name, definition.type as EditableType, defaultValue as string | boolean);
        outcome.applied.push(`Added the component property "${name}".`);
        // Once added: a refused add is one step by hand already.
        byHand();
      });
    } else if (mine.type !== definition.type) {
      outcome.manualSteps.push(typeStep(name, mine.type, definition.type));
    } else {
      if (!sameDefault(mine.defaultValue, defaultValue)) {
        attempt(`Component property "${name}"`, () => {
          node.editComponentProperty(fullName, { defaultValue: defaultValue as string | boolean });
          outcome.applied.push(`Component property "${name}" default: ${describeValue(mine.defaultValue)} → ${describeValue(defaultValue)}.`);
        });
      }
      byHand();
    }
  }
  for (const [stable, fullName] of fullNameOf) {
    if (theirs.has(stable)) continue;
    attempt(`Component property "${stable}"`, () => {
      node.deleteComponentProperty(fullName);
      outcome.applied.push(`Removed the component property "${stable}".`);
    });
  }
}

const onlyThereStep = (name: string) => `Variant "${name}" exists only in the design system: add it by hand.`;
const onlyHereStep = (name: string) => `Variant "${name}" is not in the design system: remove it by hand if it should go.`;

/** The variants a take leaves by hand, from the file as read (it renames the rest): those only one side has. */
function variantSteps(local: ComponentPayload, remote: Component): string[] {
  if (local.kind !== 'component_set') return [];
  const here = new Set(local.variants.map((variant) => variant.key));
  const there = new Set(remote.variants.map((variant) => variant.key));
  return [...remote.variants.filter((variant) => !here.has(variant.key)).map((variant) => onlyThereStep(variant.name)), ...local.variants.filter((variant) => !there.has(variant.key)).map((variant) => onlyHereStep(variant.name))];
}

/** Variant names (a set's variants are matched by key, each renamed on its own); variants only one side has are left to the designer. */
function applyVariants(node: LocalComponentNode, remote: Component, outcome: TakeOutcome, attempt: Attempt): void {
  if (node.type !== 'COMPONENT_SET') return;
  const localByKey = new Map<string, ComponentNode>();
  for (const child of node.children) if (child.type === 'COMPONENT') localByKey.set(child.key, child);
  const remoteKeys = new Set<string>();
  for (const variant of remote.variants) {
    remoteKeys.add(variant.key);
    const child = localByKey.get(variant.key);
    if (child === undefined) {
      outcome.manualSteps.push(onlyThereStep(variant.name));
    } else if (child.name !== variant.name) {
      const before = child.name;
      attempt(`Variant "${before}" → "${variant.name}"`, () => {
        child.name = variant.name;
        // Said once made: a rename Figma refuses is a step by hand only.
        outcome.applied.push(`Variant "${before}" renamed to "${variant.name}".`);
      });
    }
  }
  for (const [key, child] of localByKey) {
    if (!remoteKeys.has(key)) outcome.manualSteps.push(onlyHereStep(child.name));
  }
}

/**
 * Differences in the layer tree, which are not applied: one step per changed property. `names`:
 * components by key (component-names.ts), so a swapped instance is a step a designer can follow.
 */
export function layerSteps(local: ComponentPayload | null, remote: Component, names: ReadonlyMap<string, string> = NO_NAMES): string[] {
  if (local === null) return [];
  // Everything but the layer tree taken from theirs, so that only layer differences remain.
  return withComponentNames(diffComponents({ ...remote, node: local.node }, remote), names).map(stepOf);
}

/** What a take of `remote` will leave by hand (the detail says it before the take): the properties' steps, then the layers'. */
export function takeSteps(local: ComponentPayload | null, remote: Component, names: ReadonlyMap<string, string> = NO_NAMES): string[] {
  // Nothing to take into (one deleted here): no take, no steps.
  if (local === null) return [];
  return [...definitionSteps(local, remote), ...variantSteps(local, remote), ...layerSteps(local, remote, names)];
}

/**
 * What is still to do by hand for the file to match `remote`, a version taken in part: every
 * difference left, in the words of `layerSteps` (a step made by hand drops out; one Figma
 * refused shows as the difference it left).
 */
export function stepsToMatch(local: ComponentPayload, remote: Component, names: ReadonlyMap<string, string> = NO_NAMES): string[] {
  return withComponentNames(diffComponents(local, remote), names).map(stepOf);
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

function stepOf(change: PropertyChange): string {
  const where = change.path === '' ? '' : `${change.path}: `;
  return `${where}${change.property} ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`;
}

/**
 * Applies theirs to `node`. Each change is made on its own, so one that Figma refuses (a
 * read-only page, a property in use) becomes a manual step instead of stopping the rest.
 */
export function applyTheirs(node: LocalComponentNode, remote: Component, local: ComponentPayload | null, names?: ReadonlyMap<string, string>): TakeOutcome {
  const outcome: TakeOutcome = { applied: [], manualSteps: [] };
  const attempt = (what: string, change: () => void) => {
    try {
      change();
    } catch (error) {
      outcome.manualSteps.push(`${what}: Figma refused the change (${error instanceof Error ? error.message : String(error)}). Make it by hand.`);
    }
  };
  if (node.name !== remote.name) {
    const before = node.name;
    attempt(`Name "${remote.name}"`, () => {
      node.name = remote.name;
      // Said once made: a rename Figma refuses is a step by hand only.
      outcome.applied.push(`Renamed "${before}" to "${remote.name}".`);
    });
  }
  if (node.description !== remote.description) {
    attempt('Description', () => {
      node.description = remote.description;
      outcome.applied.push('Description taken from the design system.');
    });
  }
  // Reading the definitions may fail too (a set whose variants conflict): then none is taken.
  attempt('Component properties', () => applyDefinitions(node, remote, outcome, attempt, local?.properties ?? null));
  attempt('Variant names', () => applyVariants(node, remote, outcome, attempt));
  outcome.manualSteps.push(...layerSteps(local, remote, names));
  return outcome;
}
