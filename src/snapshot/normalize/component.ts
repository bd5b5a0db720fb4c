// A local component or component set → the parts of its builder payload (everything but the
// hash and thumbnail). Pure, like node.ts, whose format rules apply.
import type { ComponentPayload, ComponentVariantPayload, NormalizedPropertyDefinition } from '../normalized-types';
import type { PendingReference, ReferenceCollector } from '../references';
import { beginHash, digestHash, hashLanes, mixClose, mixKey, mixKeyRef, mixKeyString, mixKeyValue, mixValue, resumeHash, stringCode } from '../structural-hash';
import { K_BOUND_VARIABLES, stripPropertySuffix, type NormalizeContext } from './common';
import { normalizeNode } from './node';

export type ComponentRoot = ComponentNode | ComponentSetNode;
export type NormalizedComponent = Omit<ComponentPayload, 'hash' | 'thumbnail'>;

type Definitions = ComponentPropertyDefinitions;

// Hash codes of the component-level field names (see common.ts for the node's).
const K_DEFAULT_VALUE = stringCode('defaultValue');
const K_DESCRIPTION = stringCode('description');
const K_KIND = stringCode('kind');
const K_NAME = stringCode('name');
const K_NODE = stringCode('node');
const K_PROPERTIES = stringCode('properties');
const K_VARIANTS = stringCode('variants');
type Definition = Definitions[string];

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Full property names (`Label#12:3`) → names without Figma's id suffix. Two properties may share
 * a name in Figma (the suffix tells them apart there); the later ones, ordered by type and
 * default value so that ids play no part, become `Name #2`, `Name #3`.
 */
export function buildPropertyNameMap(definitions: Definitions): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const fullName of Object.keys(definitions)) {
    const base = definitions[fullName]!.type === 'VARIANT' ? fullName : stripPropertySuffix(fullName);
    const group = groups.get(base);
    if (group) group.push(fullName);
    else groups.set(base, [fullName]);
  }
  const names = new Map<string, string>();
  for (const [base, group] of groups) {
    if (group.length === 1) {
      names.set(group[0]!, base);
      continue;
    }
    const rank = (fullName: string): string => {
      const definition = definitions[fullName]!;
      return `${definition.type}\u0000${String(definition.defaultValue)}\u0000${fullName}`;
    };
    group.sort((a, b) => compareText(rank(a), rank(b)));
    group.forEach((fullName, index) => names.set(fullName, index === 0 ? base : `${base} #${index + 1}`));
  }
  return names;
}

/** A property definition; an INSTANCE_SWAP default is left for the caller to record as a reference. */
function normalizeDefinition(definition: Definition): NormalizedPropertyDefinition {
  const out = {} as NormalizedPropertyDefinition;
  // A variable bound to the default: its id now, its {collection, name} once resolved.
  const bound = definition.boundVariables?.defaultValue;
  if (bound !== undefined) out.boundVariables = { defaultValue: bound.id };
  // A SLOT property need not have one (its default is its slot's content, read with the layers).
  if (definition.defaultValue !== undefined) out.defaultValue = definition.defaultValue;
  if (definition.description) out.description = definition.description;
  if (definition.preferredValues && definition.preferredValues.length > 0) {
    out.preferredValues = definition.preferredValues.map((value) => ({ key: value.key, type: value.type }));
  }
  const slotSettings = definition.slotSettings as Record<string, boolean | number | null | undefined> | undefined;
  if (slotSettings) {
    const settings: Record<string, boolean | number | null> = {};
    for (const key of Object.keys(slotSettings).sort(compareText)) if (slotSettings[key] !== undefined) settings[key] = slotSettings[key]!;
    if (Object.keys(settings).length > 0) out.slotSettings = settings;
  }
  out.type = definition.type;
  // Variant option order follows the layer order in the set, which is canvas arrangement.
  if (definition.variantOptions) out.variantOptions = definition.variantOptions.slice().sort(compareText);
  return out;
}

function isSwapReference(definition: NormalizedPropertyDefinition): boolean {
  return definition.type === 'INSTANCE_SWAP' && typeof definition.defaultValue === 'string';
}

/**
 * Property definitions by stable name. Hashes them too (as the value of `properties`), walking
 * the keys in the order JSON writes them; INSTANCE_SWAP defaults — component node ids — are
 * recorded as references to that component's key.
 */
export function normalizePropertyDefinitions(
  refs: ReferenceCollector,
  definitions: Definitions,
  names: ReadonlyMap<string, string>,
): Record<string, NormalizedPropertyDefinition> {
  const entries = Object.keys(definitions)
    .map((fullName) => [names.get(fullName) ?? stripPropertySuffix(fullName), fullName] as const)
    .sort((a, b) => compareText(a[0], b[0]));
  const out: Record<string, NormalizedPropertyDefinition> = {};
  for (const [name, fullName] of entries) out[name] = normalizeDefinition(definitions[fullName]!);
  for (const name in out) {
    const definition = out[name]!;
    mixKey(stringCode(name));
    const bound = definition.boundVariables;
    if (bound !== undefined) {
      refs.add('variable', bound, 'defaultValue', bound.defaultValue as string);
      mixKey(K_BOUND_VARIABLES);
      mixKeyRef(K_DEFAULT_VALUE);
      mixClose();
    }
    if (isSwapReference(definition)) {
      refs.add('component-id', definition as unknown as Record<string, unknown>, 'defaultValue', definition.defaultValue as string);
      mixKeyRef(K_DEFAULT_VALUE);
    } else if (definition.defaultValue !== undefined) {
      mixKeyValue(K_DEFAULT_VALUE, definition.defaultValue);
    }
    for (const field in definition) if (field !== 'defaultValue' && field !== 'boundVariables') mixKeyValue(stringCode(field), (definition as unknown as Record<string, unknown>)[field]);
    mixClose();
  }
  mixClose();
  return out;
}

function sortRecord(record: Record<string, string> | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!record) return out;
  for (const key of Object.keys(record).sort(compareText)) out[key] = record[key]!;
  return out;
}

export function normalizeVariants(set: ComponentSetNode): ComponentVariantPayload[] {
  const variants: ComponentVariantPayload[] = [];
  for (const child of set.children) {
    if (child.type !== 'COMPONENT') continue;
    variants.push({ key: child.key, name: child.name, properties: sortRecord(child.variantProperties) });
  }
  return variants.sort((a, b) => compareText(a.name, b.name));
}

export interface NormalizeComponentOptions {
  readonly mixed: symbol;
  readonly refs: ReferenceCollector;
  readonly nodeIds?: string[];
}

export interface NormalizedComponentResult {
  readonly component: NormalizedComponent;
  /** The content hash so far: finish it with `finishComponentHash` once references are resolved. */
  readonly hashLanes: [number, number];
}

/**
 * Normalizes a component or component set (references still as placeholders in `refs`) and
 * hashes it on the way: {description, kind, name, node, properties, variants} in that
 * (canonical) order, the references to follow (structural-hash.ts).
 */
export function normalizeComponent(root: ComponentRoot, options: NormalizeComponentOptions): NormalizedComponentResult {
  const definitions = root.componentPropertyDefinitions;
  const propertyNames = buildPropertyNameMap(definitions);
  const ctx: NormalizeContext = { mixed: options.mixed, propertyNames, refs: options.refs, nodeIds: options.nodeIds };
  const links = root.documentationLinks.map((link) => link.uri);
  const isSet = root.type === 'COMPONENT_SET';
  const kind = isSet ? 'component_set' : 'component';
  const description = root.description;
  const name = root.name;
  beginHash();
  mixKeyString(K_DESCRIPTION, description);
  mixKeyString(K_KIND, kind);
  mixKeyString(K_NAME, name);
  mixKey(K_NODE);
  const node = normalizeNode(ctx, root, undefined, links);
  mixKey(K_PROPERTIES);
  const properties = normalizePropertyDefinitions(options.refs, definitions, propertyNames);
  const variants = isSet ? normalizeVariants(root) : [];
  mixKey(K_VARIANTS);
  mixValue(variants);
  mixClose();
  return { component: { key: root.key, name, kind, description, properties, variants, node }, hashLanes: hashLanes() };
}

/** Completes a component's hash: its references' resolved values, in the order they were met. */
export function finishComponentHash(lanes: readonly [number, number], references: readonly PendingReference[]): string {
  resumeHash(lanes);
  for (const reference of references) mixValue((reference.target as Record<string | number, unknown>)[reference.field]);
  return digestHash();
}

/** What the content hash covers: everything but the key (keys in canonical order). */
export function hashedDescription(component: NormalizedComponent): Record<string, unknown> {
  return {
    description: component.description,
    kind: component.kind,
    name: component.name,
    node: component.node,
    properties: component.properties,
    variants: component.variants,
  };
}

/** The canonical JSON of `hashedDescription`: what the hash describes (references resolved in place). */
export function hashInput(component: NormalizedComponent): string {
  return JSON.stringify(hashedDescription(component));
}
