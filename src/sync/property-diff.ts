// What changed between two versions of a component, property by property, in words people
// read in the Sync screen's detail: `Button / Type=Primary › Label`, `fill`, `#0a66ff` →
// `#0052cc`. Works on the normalized description (src/snapshot/normalize/: absent keys
// mean defaults, a plain paint is its colour string, equal padding one number), so a local
// payload and the API's Component compare alike. Pure and deterministic; meant for one
// component at a time, not for a whole file.
import type { PropertyChange } from '../shared/bridge/messages';
import { fieldValue } from './definition-fields';
import { jsonEqual } from './json-equal';

export interface DiffableComponent {
  name: string;
  description: string;
  kind: string;
  properties: Record<string, unknown>;
  variants: ReadonlyArray<{ key: string; name: string; properties: Record<string, unknown> }>;
  node: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const MAX_VALUE_LENGTH = 80;

/**
 * `describeOneSide`: with one version only, that version is complete (not a sync's record of a
 * design system's row, which has no description or layers: remote-add-versions.ts reads it whole),
 * so what it is follows the row saying it was added or removed.
 */
export function diffComponents(before: DiffableComponent | null, after: DiffableComponent | null, { describeOneSide = false } = {}): PropertyChange[] {
  const out: PropertyChange[] = [];
  if (before === null && after === null) return out;
  if (before === null || after === null) {
    const side = (before ?? after)!;
    const added = before === null;
    out.push(change(side.name, added ? 'component added' : 'component removed', added ? null : quote(side.name), added ? quote(side.name) : null));
    // What the one version is, on its side of the table: with the one row above alone, the detail
    // of a component only in this file said nothing of what it was.
    if (describeOneSide) for (const [property, value] of componentFacts(side)) out.push(change(side.name, property, added ? null : value, added ? value : null));
    return out;
  }
  const path = after.name;
  if (before.name !== after.name) out.push(change(path, 'name', quote(before.name), quote(after.name)));
  if (before.description !== after.description) out.push(change(path, 'description', quoteOrNone(before.description), quoteOrNone(after.description)));
  if (before.kind !== after.kind) out.push(change(path, 'kind', words(before.kind), words(after.kind)));
  diffDefinitions(path, before.properties, after.properties, out);
  diffVariants(path, before.variants, after.variants, out);
  const isSet = after.kind === 'component_set' && before.kind === 'component_set';
  diffNode(path, before.node, after.node, out, isSet ? 'set' : 'node');
  return out;
}

/** A component's description, size, component properties and variants, in the words of its rows (variant names hold commas: "; " between them). */
export function componentFacts(component: DiffableComponent): Array<[property: string, value: string]> {
  const facts: Array<[string, string]> = [];
  if (component.description !== '') facts.push(['description', clip(quote(component.description))]);
  const { width, height } = component.node;
  if (typeof width === 'number' && typeof height === 'number') facts.push(['size', `${formatNumber(width)} × ${formatNumber(height)}`]);
  for (const name of Object.keys(component.properties).sort()) {
    const definition = asObject(component.properties[name]);
    if (definition === null) continue;
    facts.push([`component property "${name}"`, definitionSummary(definition)]);
    const preferred = preferredOf(definition);
    if (preferred !== null) facts.push([`component property "${name}" preferred values`, preferred]);
  }
  const variants = component.variants;
  if (variants.length > 0) facts.push([variants.length === 1 ? 'variant' : `${variants.length} variants`, clip(variants.map((variant) => variant.name).join('; '))]);
  return facts;
}

function change(path: string, property: string, before: string | null, after: string | null, colors?: { before?: string; after?: string }): PropertyChange {
  const item: PropertyChange = { path, property, before, after };
  if (colors?.before !== undefined) item.beforeColor = colors.before;
  if (colors?.after !== undefined) item.afterColor = colors.after;
  return item;
}

// ---- Component property definitions and variants --------------------------------------------

function diffDefinitions(path: string, before: Json, after: Json, out: PropertyChange[]): void {
  for (const name of unionKeys(before, after)) {
    const a = asObject(before[name]);
    const b = asObject(after[name]);
    const label = `component property "${name}"`;
    if (a === null && b === null) continue;
    if (a === null || b === null) {
      out.push(change(path, a === null ? `${label} added` : `${label} removed`, a && definitionSummary(a), b && definitionSummary(b)));
      const preferred = preferredOf(a ?? b!);
      if (preferred !== null) out.push(change(path, `${label} preferred values`, a && preferred, b && preferred));
      continue;
    }
    const fields: Array<[string, string]> = [
      ['type', 'type'],
      ['defaultValue', 'default'],
      ['variantOptions', 'options'],
      ['preferredValues', 'preferred values'],
      ['description', 'description'],
      ['slotSettings', 'slot settings'],
    ];
    for (const [field, word] of fields) {
      // An empty field is none (definition-fields.ts).
      if (!jsonEqual(fieldValue(field, a[field]), fieldValue(field, b[field]))) out.push(change(path, `${label} ${word}`, formatValue(a[field], field), formatValue(b[field], field)));
    }
    // A default bound to a variable: the variable, by collection and name.
    const variable = (definition: Json) => asObject(definition.boundVariables)?.defaultValue;
    if (!jsonEqual(variable(a), variable(b))) out.push(change(path, `${label} default variable`, formatValue(variable(a)), formatValue(variable(b))));
  }
}

/** An instance swap's preferred components (keys, named by component-names.ts), if it lists any: its summary has no room for them. */
function preferredOf(definition: Json): string | null {
  return Array.isArray(definition.preferredValues) && definition.preferredValues.length > 0 ? formatValue(definition.preferredValues, 'preferredValues') : null;
}

function definitionSummary(definition: Json): string {
  const type = typeof definition.type === 'string' ? words(definition.type) : 'property';
  const value = formatValue(definition.defaultValue, 'defaultValue');
  return clip(value === null ? type : `${type}, default ${value}`);
}

function diffVariants(path: string, before: DiffableComponent['variants'], after: DiffableComponent['variants'], out: PropertyChange[]): void {
  const beforeNames = new Set(before.map((variant) => variant.name));
  const afterNames = new Set(after.map((variant) => variant.name));
  for (const variant of before) if (!afterNames.has(variant.name)) out.push(change(path, 'variant removed', variant.name, null));
  for (const variant of after) if (!beforeNames.has(variant.name)) out.push(change(path, 'variant added', null, variant.name));
}

// ---- Layers ------------------------------------------------------------------------------------

/** Fields not compared as properties: identity and structure. */
const STRUCTURAL = new Set(['children', 'name']);

/** Values of absent fields (the normalizer leaves defaults out). */
const NODE_DEFAULTS: Json = { visible: true, opacity: 1, rotation: 0, blendMode: 'NORMAL', cornerRadius: 0, clipsContent: false };
const LAYOUT_DEFAULTS: Json = { direction: 'NONE', gap: 0, counterGap: 0, align: 'MIN', counterAlign: 'MIN', primarySizing: 'AUTO', counterSizing: 'AUTO', wrap: 'NO_WRAP' };
const TEXT_DEFAULTS: Json = {
  align: 'LEFT',
  verticalAlign: 'TOP',
  autoResize: 'WIDTH_AND_HEIGHT',
  case: 'ORIGINAL',
  decoration: 'NONE',
  letterSpacing: '0%',
  lineHeight: 'auto',
};

const PROPERTY_WORDS: Record<string, string> = {
  fills: 'fill',
  strokes: 'stroke',
  effects: 'effect',
  strokeWeight: 'stroke weight',
  strokeAlign: 'stroke align',
  cornerRadius: 'corner radius',
  clipsContent: 'clip content',
  blendMode: 'blend mode',
  fillStyle: 'fill style',
  strokeStyle: 'stroke style',
  effectStyle: 'effect style',
  textStyle: 'text style',
  componentKey: 'instance of',
  horizontalSizing: 'horizontal sizing',
  verticalSizing: 'vertical sizing',
  documentationLinks: 'documentation links',
  direction: 'auto layout',
  counterGap: 'row gap',
  align: 'alignment',
  counterAlign: 'cross alignment',
  primarySizing: 'main-axis sizing',
  counterSizing: 'cross-axis sizing',
  fontFamily: 'font',
  fontStyle: 'font style',
  size: 'font size',
  lineHeight: 'line height',
  letterSpacing: 'letter spacing',
  verticalAlign: 'vertical align',
  autoResize: 'resizing',
  case: 'text case',
  decoration: 'text decoration',
  geometry: 'shape',
  arc: 'arc',
  booleanOperation: 'boolean operation',
  cornerSmoothing: 'corner smoothing',
  innerRadius: 'inner radius',
  paths: 'vector path',
  pointCount: 'points',
  strokeShape: 'stroke ends and dashes',
  cap: 'stroke ends',
  dash: 'dashes',
  join: 'stroke joins',
  miter: 'miter limit',
  paragraph: 'paragraph spacing, indent',
  truncate: 'truncated after lines',
};

function propertyWord(field: string): string {
  return PROPERTY_WORDS[field] ?? words(field);
}

type Level = 'set' | 'node';

const LIMIT_WORDS = ['min width', 'max width', 'min height', 'max height'];

function diffNode(path: string, before: Json, after: Json, out: PropertyChange[], level: Level): void {
  if (before.type !== after.type) out.push(change(path, 'layer type', formatValue(before.type, 'type'), formatValue(after.type, 'type')));
  for (const field of unionKeys(before, after)) {
    if (STRUCTURAL.has(field) || field === 'type') continue;
    diffField(path, field, before[field], after[field], out, after.type);
  }
  diffChildren(path, asArray(before.children), asArray(after.children), out, level);
}

function diffField(path: string, field: string, before: unknown, after: unknown, out: PropertyChange[], type: unknown): void {
  if (jsonEqual(before, after)) return;
  switch (field) {
    case 'fills':
    case 'strokes':
      diffList(path, propertyWord(field), asArray(before), asArray(after), out);
      return;
    case 'effects':
      diffList(path, 'effect', asArray(before), asArray(after), out);
      return;
    case 'layout':
      diffLayout(path, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    case 'text':
      diffText(path, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    case 'cornerRadius':
      if (Array.isArray(before) || Array.isArray(after)) {
        diffSides(path, ['top left', 'top right', 'bottom right', 'bottom left'], 'radius', before ?? 0, after ?? 0, out);
        return;
      }
      break;
    case 'componentProperties':
      diffMap(path, (name) => `property "${name}"`, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    case 'propertyRefs':
      diffMap(path, (name) => `${propertyWord(name)} linked to property`, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    case 'boundVariables':
      diffMap(path, (name) => `${propertyWord(name)} variable`, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    case 'limits': {
      // [minWidth, maxWidth, minHeight, maxHeight]; none set reads as four nulls ("none → 120").
      const a = asArray(before);
      const b = asArray(after);
      LIMIT_WORDS.forEach((word, index) => {
        if ((a[index] ?? null) !== (b[index] ?? null)) out.push(change(path, word, formatValue(a[index], word), formatValue(b[index], word)));
      });
      return;
    }
    case 'geometry': {
      // Absent keys are the defaults: say what they are, not "none".
      const defaults: Json = type === 'BOOLEAN_OPERATION' ? { booleanOperation: 'UNION' } : type === 'POLYGON' ? { pointCount: 3 } : type === 'STAR' ? { pointCount: 5 } : {};
      diffMap(path, propertyWord, { ...defaults, ...asObject(before) }, { ...defaults, ...asObject(after) }, out);
      return;
    }
    case 'strokeShape':
      diffMap(path, propertyWord, asObject(before) ?? {}, asObject(after) ?? {}, out);
      return;
    default:
      break;
  }
  const fallback = NODE_DEFAULTS[field];
  out.push(change(path, propertyWord(field), formatValue(before ?? fallback, field), formatValue(after ?? fallback, field)));
}

/** Paints or effects, item by item (`fill`, or `fill 2` from the second on). */
function diffList(path: string, word: string, before: unknown[], after: unknown[], out: PropertyChange[]): void {
  const length = Math.max(before.length, after.length);
  for (let index = 0; index < length; index += 1) {
    const a = before[index];
    const b = after[index];
    if (jsonEqual(a, b)) continue;
    const property = length === 1 || index === 0 ? word : `${word} ${index + 1}`;
    out.push(change(path, property, a === undefined ? null : formatValue(a, word), b === undefined ? null : formatValue(b, word), { before: colorOf(a), after: colorOf(b) }));
  }
}

function diffLayout(path: string, before: Json, after: Json, out: PropertyChange[]): void {
  for (const field of unionKeys(before, after, LAYOUT_DEFAULTS)) {
    const a = before[field] ?? LAYOUT_DEFAULTS[field];
    const b = after[field] ?? LAYOUT_DEFAULTS[field];
    if (jsonEqual(a, b)) continue;
    if (field === 'padding') diffSides(path, ['top', 'right', 'bottom', 'left'], 'padding', a ?? 0, b ?? 0, out, true);
    else out.push(change(path, propertyWord(field), formatValue(a, field), formatValue(b, field)));
  }
}

/** A one-number-or-four-sides field (padding, corner radius), side by side. */
function diffSides(path: string, sides: string[], word: string, before: unknown, after: unknown, out: PropertyChange[], sideFirst = false): void {
  const a = fourSides(before);
  const b = fourSides(after);
  sides.forEach((side, index) => {
    if (a[index] !== b[index]) out.push(change(path, sideFirst ? `${word} ${side}` : `${side} ${word}`, formatValue(a[index], word), formatValue(b[index], word)));
  });
}

function fourSides(value: unknown): unknown[] {
  if (Array.isArray(value)) return [value[0], value[1], value[2], value[3]];
  return [value, value, value, value];
}

function diffText(path: string, before: Json, after: Json, out: PropertyChange[]): void {
  const font = (text: Json) => [text.fontFamily, text.fontStyle].filter((part) => typeof part === 'string').join(' ');
  if (before.fontFamily !== after.fontFamily || before.fontStyle !== after.fontStyle) {
    out.push(change(path, 'font', font(before) || null, font(after) || null));
  }
  for (const field of unionKeys(before, after, TEXT_DEFAULTS)) {
    if (field === 'fontFamily' || field === 'fontStyle') continue;
    const a = before[field] ?? TEXT_DEFAULTS[field];
    const b = after[field] ?? TEXT_DEFAULTS[field];
    if (jsonEqual(a, b)) continue;
    if (field === 'segments') out.push(change(path, 'styled ranges', segmentSummary(a), segmentSummary(b)));
    else if (field === 'list') out.push(change(path, 'list', listSummary(a), listSummary(b)));
    else if (field === 'paragraph') out.push(change(path, propertyWord(field), paragraphSummary(a), paragraphSummary(b)));
    else out.push(change(path, field === 'align' ? 'text align' : propertyWord(field), formatValue(a, field), formatValue(b, field)));
  }
}

const LIST_TYPE_WORDS: Record<string, string> = { ORDERED: 'numbered', UNORDERED: 'bulleted', NONE: 'indented' };

/** `list` runs [start, end, type, indentation, spacing] as "bulleted 0–14, numbered 14–27 level 1 spacing 4". */
function listSummary(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const runs = value.map((item) => {
    const [start, end, type, level, spacing] = asArray(item) as [number, number, string, number, number];
    return `${LIST_TYPE_WORDS[type] ?? words(type)} ${start}–${end}${level ? ` level ${level}` : ''}${spacing ? ` spacing ${formatNumber(spacing)}` : ''}`;
  });
  return clip(runs.join(', '));
}

/** "spacing 8, indent 4" for every paragraph, or per run of paragraphs: "0–12 spacing 20, 12–26 none". */
function paragraphSummary(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const spacingAndIndent = (spacing: number, indent: number) =>
    [spacing ? `spacing ${formatNumber(spacing)}` : '', indent ? `indent ${formatNumber(indent)}` : ''].filter(Boolean).join(', ') || 'none';
  if (!Array.isArray(value[0])) return spacingAndIndent(value[0] as number, value[1] as number);
  return clip(value.map((item) => {
    const [start, end, spacing, indent] = asArray(item) as [number, number, number, number];
    return `${start}–${end} ${spacingAndIndent(spacing, indent)}`;
  }).join('; '));
}

function segmentSummary(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  return `${value.length} ${value.length === 1 ? 'range' : 'ranges'}`;
}

function diffMap(path: string, label: (name: string) => string, before: Json, after: Json, out: PropertyChange[]): void {
  for (const name of unionKeys(before, after)) {
    if (!jsonEqual(before[name], after[name])) out.push(change(path, label(name), formatValue(before[name], name), formatValue(after[name], name)));
  }
}

/**
 * Children's labels, as the diff names and matches them: `Label`, then `Label (2)` for a
 * namesake. Each label is used once: a layer really named `Title (2)` beside two `Title` layers
 * must not share its label with the second of them, or the match by label pairs the wrong layers.
 */
export function layerLabels(children: readonly unknown[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set<string>();
  const out: string[] = [];
  for (const child of children) {
    const name = nameOf(child);
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

/**
 * Children matched by name, then by index among same-named siblings, then text layers renamed
 * with their text (renamedTextLayers); unmatched ones are added
 * or removed layers, and matched ones whose order changed (outside the longest run kept in
 * order) are moved. Under a set the children are its variants, reported from `variants`.
 */
function diffChildren(path: string, before: unknown[], after: unknown[], out: PropertyChange[], level: Level): void {
  if (before.length === 0 && after.length === 0) return;
  const beforeLabels = layerLabels(before);
  const afterLabels = layerLabels(after);
  const beforeIndex = new Map(beforeLabels.map((name, index) => [name, index]));
  const afterIndex = new Map(afterLabels.map((name, index) => [name, index]));
  const renamed = renamedTextLayers(before, beforeLabels, after, afterLabels);
  const renamedFrom = new Set(renamed.values());
  const fromOf = (name: string, to: number) => beforeIndex.get(name) ?? renamed.get(to);
  const separator = level === 'set' ? ' / ' : ' › ';
  if (level === 'node') {
    beforeLabels.forEach((name, index) => {
      if (!afterIndex.has(name) && !renamedFrom.has(index)) out.push(change(`${path}${separator}${name}`, 'layer removed', layerSummary(before[index]), null));
    });
  }
  // Matched pairs in the new order; those outside a longest increasing run of old positions moved.
  const matched: Array<{ label: string; from: number; to: number }> = [];
  afterLabels.forEach((name, to) => {
    const from = fromOf(name, to);
    if (from !== undefined) matched.push({ label: name, from, to });
  });
  const kept = longestIncreasing(matched.map((pair) => pair.from));
  const moved = new Set(matched.filter((_, index) => !kept.has(index)).map((pair) => pair.label));
  afterLabels.forEach((name, to) => {
    const childPath = `${path}${separator}${name}`;
    const from = fromOf(name, to);
    if (from === undefined) {
      if (level === 'node') out.push(change(childPath, 'layer added', null, layerSummary(after[to])));
      return;
    }
    if (level === 'node' && moved.has(name)) out.push(change(childPath, 'layer moved', `position ${from + 1} of ${before.length}`, `position ${to + 1} of ${after.length}`));
    const a = asObject(before[from]);
    const b = asObject(after[to]);
    if (a !== null && b !== null) diffNode(childPath, a, b, out, 'node');
  });
}

/**
 * Text layers Figma named after their text, and renames as the text changes: such a layer whose
 * name found no match is the same layer as one so named on the other side, when those unmatched
 * ones pair up one to one (in order). After index → before index. Shared with change-chips.ts.
 */
export function renamedTextLayers(before: readonly unknown[], beforeLabels: readonly string[], after: readonly unknown[], afterLabels: readonly string[]): Map<number, number> {
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
  const object = asObject(node);
  const characters = asObject(object?.text)?.characters;
  return object?.type === 'TEXT' && typeof object.name === 'string' && object.name !== '' && typeof characters === 'string' && characters.startsWith(object.name);
}

/** Indexes (into `values`) of one longest strictly increasing subsequence. */
function longestIncreasing(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.length > 0 ? tails[tails.length - 1]! : -1; index !== -1; index = previous[index]!) kept.add(index);
  return kept;
}

function layerSummary(node: unknown): string {
  const object = asObject(node);
  if (object === null) return 'layer';
  const type = typeof object.type === 'string' ? words(object.type) : 'layer';
  const text = asObject(object.text);
  if (text !== null && typeof text.characters === 'string') return clip(`${type} ${quote(text.characters)}`);
  return type;
}

// ---- Values in words -----------------------------------------------------------------------------

const COLOR = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;
const ENUM = /^[A-Z][A-Z0-9_]*$/;

/** A value for people: numbers without trailing zeros, strings quoted, objects summarized briefly. */
export function formatValue(value: unknown, field = ''): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (COLOR.test(value)) return value.toLowerCase();
    if (ENUM.test(value) && field !== 'characters' && field !== 'defaultValue') return words(value);
    if (field === 'lineHeight' || field === 'letterSpacing') return value;
    return clip(quote(value));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    // An instance swap's preferred components, as their keys in quotes and whole: component-names.ts
    // names them, then cuts the row (cut here, the key it stopped in could not be named; each also
    // read "key …, type component").
    if (field === 'preferredValues') return value.map((item) => { const key = asObject(item)?.key; return typeof key === 'string' ? quote(key) : formatValue(item) ?? 'none'; }).join(', ');
    if (value.every((item) => typeof item === 'number')) return clip(value.map((item: number) => formatNumber(item)).join(' '));
    return clip(value.map((item) => formatValue(item, field) ?? 'none').join(', '));
  }
  const object = asObject(value);
  if (object === null) return typeof value === 'bigint' ? value.toString() : typeof value;
  return clip(objectSummary(object));
}

function objectSummary(object: Json): string {
  const type = typeof object.type === 'string' ? object.type : null;
  const hidden = object.visible === false ? ' (hidden)' : '';
  if (type === 'SOLID' && typeof object.color === 'string') return `${object.color.toLowerCase()}${hidden}`;
  if (type !== null && type.startsWith('GRADIENT_')) {
    const stops = asArray(object.stops)
      .map((stop) => asObject(stop)?.color)
      .filter((color): color is string => typeof color === 'string');
    return `${words(type.slice('GRADIENT_'.length))} gradient ${stops.join(' → ')}${hidden}`;
  }
  if (type === 'IMAGE') return `image${typeof object.scaleMode === 'string' ? ` (${words(object.scaleMode)})` : ''}${hidden}`;
  if (type === 'DROP_SHADOW' || type === 'INNER_SHADOW') {
    const offset = Array.isArray(object.offset) ? object.offset.map((n) => formatNumber(Number(n))).join(' ') : '0 0';
    const color = typeof object.color === 'string' ? ` ${object.color.toLowerCase()}` : '';
    return `${words(type)}${color}, offset ${offset}, blur ${formatNumber(Number(object.radius ?? 0))}${object.spread ? `, spread ${formatNumber(Number(object.spread))}` : ''}${hidden}`;
  }
  if (type === 'LAYER_BLUR' || type === 'BACKGROUND_BLUR') return `${words(type)} ${formatNumber(Number(object.radius ?? 0))}${hidden}`;
  if (typeof object.collection === 'string' && typeof object.name === 'string') return `${object.collection} / ${object.name}`;
  const parts = Object.keys(object)
    .sort()
    .map((key) => `${propertyWord(key)} ${formatValue(object[key], key) ?? 'none'}`);
  return parts.join(', ');
}

function colorOf(value: unknown): string | undefined {
  if (typeof value === 'string' && COLOR.test(value)) return value.toLowerCase();
  const object = asObject(value);
  if (object !== null && object.type === 'SOLID' && typeof object.color === 'string' && COLOR.test(object.color)) return object.color.toLowerCase();
  return undefined;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value * 10000) / 10000;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function quote(text: string): string {
  return `"${text}"`;
}

function quoteOrNone(text: string): string | null {
  return text === '' ? null : clip(quote(text));
}

/** A value cut to a table row's length, with an ellipsis. */
export function clip(text: string): string {
  if (text.length <= MAX_VALUE_LENGTH) return text;
  const cut = text.slice(0, MAX_VALUE_LENGTH - 1);
  const last = cut.charCodeAt(cut.length - 1);
  return `${last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut}…`;
}

/** `HORIZONTAL` → `horizontal`, `SPACE_BETWEEN` → `space between`, `strokeWeight` → `stroke weight`. */
function words(identifier: string): string {
  if (ENUM.test(identifier)) return identifier.toLowerCase().replace(/_/g, ' ');
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
}

function nameOf(node: unknown): string {
  const object = asObject(node);
  return object !== null && typeof object.name === 'string' ? object.name : 'Layer';
}

function asObject(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function unionKeys(...objects: Json[]): string[] {
  const keys = new Set<string>();
  for (const object of objects) for (const key of Object.keys(object)) keys.add(key);
  return [...keys].sort();
}

// ---- Three-way: who changed what since the last sync ------------------------------------------

/** Who changed a property since the last sync: this file, the design system, or both. */
export type ChangedSide = NonNullable<PropertyChange['side']>;

/**
 * For a conflict's changes (`diffComponents(remote, local)`), which side changed each since
 * `base`, the version last synced: a change is matched to the same place and property in
 * base → local and base → remote. Places are compared below the component's own name (either
 * side may have renamed it); an added item on one side is the same as removed on the other.
 * A change found in neither (it cannot be matched) has no side.
 */
export function changedSides(changes: readonly PropertyChange[], base: DiffableComponent, local: DiffableComponent | null, remote: DiffableComponent | null): Array<ChangedSide | undefined> {
  const keysOf = (after: DiffableComponent | null) => new Set(diffComponents(base, after).map((item) => changeKey(item, after?.name ?? base.name)));
  const here = keysOf(local);
  const there = keysOf(remote);
  return changes.map((item) => {
    const key = changeKey(item, local?.name ?? remote?.name ?? base.name);
    const byHere = here.has(key);
    const byThere = there.has(key);
    return byHere && byThere ? 'both' : byHere ? 'here' : byThere ? 'there' : undefined;
  });
}

function changeKey(item: PropertyChange, root: string): string {
  const place = item.path.startsWith(root) ? item.path.slice(root.length) : item.path;
  const added = / (added|removed)$/.exec(item.property);
  if (added === null) return `${place}\n${item.property}`;
  const what = item.property.slice(0, added.index);
  // Variants are named in the value, not the place.
  return `${place}\n${what}${what === 'variant' ? `\n${item.before ?? item.after}` : ''}`;
}
