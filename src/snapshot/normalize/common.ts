// What every part of the normalizer shares: the context of one component's walk, the hash codes
// of the format's field names, and the small helpers that write and hash a field at once. The
// format's rules are in node.ts.
import type { JsonValue } from '../normalized-types';
import type { ReferenceCollector } from '../references';
import { mixKeyArray, mixKeyRef, mixKeyString, mixNumber, stringCode, type StringCode } from '../structural-hash';

// The normalizer also feeds the content hash (structural-hash.ts) as it writes: every field is
// mixed right where it is set, in the same (canonical) order, so no second walk is needed.
// Tests compare the result with the hash of the finished description.

export interface NormalizeContext {
  /** `figma.mixed`. */
  readonly mixed: symbol;
  /** Full Figma property name (`Label#12:3`) → name in the normalized output. */
  readonly propertyNames: ReadonlyMap<string, string>;
  readonly refs: ReferenceCollector;
  /** Receives the id of every normalized node (for change tracking); optional. */
  readonly nodeIds?: string[];
}

export type AnyNode = SceneNode;
export type Mutable = Record<string, JsonValue | undefined>;

// Hash codes of the format's field names, one constant each (a closure variable is the
// cheapest read in the interpreter).
export const K_ALIGN = stringCode('align');
export const K_AUTO_RESIZE = stringCode('autoResize');
export const K_BLEND_MODE = stringCode('blendMode');
export const K_BLUR_TYPE = stringCode('blurType');
export const K_BOUND_VARIABLES = stringCode('boundVariables');
export const K_CASE = stringCode('case');
export const K_CHARACTERS = stringCode('characters');
export const K_CHILDREN = stringCode('children');
export const K_CLIPS_CONTENT = stringCode('clipsContent');
export const K_COLOR = stringCode('color');
export const K_COMPONENT_KEY = stringCode('componentKey');
export const K_COMPONENT_PROPERTIES = stringCode('componentProperties');
export const K_CORNER_RADIUS = stringCode('cornerRadius');
export const K_COUNTER_ALIGN = stringCode('counterAlign');
export const K_COUNTER_GAP = stringCode('counterGap');
export const K_COUNTER_SIZING = stringCode('counterSizing');
export const K_DECORATION = stringCode('decoration');
export const K_DIRECTION = stringCode('direction');
export const K_DOCUMENTATION_LINKS = stringCode('documentationLinks');
export const K_EFFECT_STYLE = stringCode('effectStyle');
export const K_EFFECTS = stringCode('effects');
export const K_END = stringCode('end');
export const K_END_OFFSET = stringCode('endOffset');
export const K_FILL_STYLE = stringCode('fillStyle');
export const K_FILLS = stringCode('fills');
export const K_FILTERS = stringCode('filters');
export const K_FONT_FAMILY = stringCode('fontFamily');
export const K_FONT_STYLE = stringCode('fontStyle');
export const K_GAP = stringCode('gap');
export const K_GEOMETRY = stringCode('geometry');
export const K_GRID = stringCode('grid');
export const K_HEIGHT = stringCode('height');
export const K_HORIZONTAL_SIZING = stringCode('horizontalSizing');
export const K_HYPERLINK = stringCode('hyperlink');
export const K_IMAGE_HASH = stringCode('imageHash');
export const K_LAYOUT = stringCode('layout');
export const K_LETTER_SPACING = stringCode('letterSpacing');
export const K_LIMITS = stringCode('limits');
export const K_LINE_HEIGHT = stringCode('lineHeight');
export const K_LIST = stringCode('list');
export const K_MASK = stringCode('mask');
export const K_NAME = stringCode('name');
export const K_OFFSET = stringCode('offset');
export const K_OPACITY = stringCode('opacity');
export const K_PADDING = stringCode('padding');
export const K_PARAGRAPH = stringCode('paragraph');
export const K_POSITION = stringCode('position');
export const K_POSITIONING = stringCode('positioning');
export const K_PRIMARY_SIZING = stringCode('primarySizing');
export const K_PROPERTY_REFS = stringCode('propertyRefs');
export const K_RADIUS = stringCode('radius');
export const K_ROTATION = stringCode('rotation');
export const K_SCALE_MODE = stringCode('scaleMode');
export const K_SCALING_FACTOR = stringCode('scalingFactor');
export const K_SEGMENTS = stringCode('segments');
export const K_SHOW_SHADOW_BEHIND_NODE = stringCode('showShadowBehindNode');
export const K_SIZE = stringCode('size');
export const K_SPREAD = stringCode('spread');
export const K_START = stringCode('start');
export const K_START_OFFSET = stringCode('startOffset');
export const K_START_RADIUS = stringCode('startRadius');
export const K_STOPS = stringCode('stops');
export const K_STROKE_ALIGN = stringCode('strokeAlign');
export const K_STROKE_SHAPE = stringCode('strokeShape');
export const K_STROKE_STYLE = stringCode('strokeStyle');
export const K_STROKE_WEIGHT = stringCode('strokeWeight');
export const K_STROKES = stringCode('strokes');
export const K_TEXT = stringCode('text');
export const K_TEXT_STYLE = stringCode('textStyle');
export const K_TRANSFORM = stringCode('transform');
export const K_TRUNCATE = stringCode('truncate');
export const K_TYPE = stringCode('type');
export const K_VERTICAL_ALIGN = stringCode('verticalAlign');
export const K_VERTICAL_SIZING = stringCode('verticalSizing');
export const K_VISIBLE = stringCode('visible');
export const K_WIDTH = stringCode('width');
export const K_WRAP = stringCode('wrap');
export const K_X = stringCode('x');
export const K_Y = stringCode('y');

/** `Label#12:3` → `Label`; names without a suffix (VARIANT properties) stay as they are. */
export function stripPropertySuffix(name: string): string {
  const hash = name.lastIndexOf('#');
  return hash > 0 ? name.slice(0, hash) : name;
}

export function stablePropertyName(ctx: NormalizeContext, fullName: string): string {
  return ctx.propertyNames.get(fullName) ?? stripPropertySuffix(fullName);
}

export function sortedKeys(record: object): string[] {
  return Object.keys(record).sort();
}

export function compareFirst(a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** A list of numbers under `key` (padding, radii, offsets, transforms). */
export function mixKeyNumbers(key: StringCode, values: readonly number[]): void {
  mixKeyArray(key, values.length);
  for (let i = 0; i < values.length; i++) mixNumber(values[i]!);
}

export function setString(out: Mutable, field: string, key: StringCode, value: string): void {
  out[field] = value;
  mixKeyString(key, value);
}

/** A style reference: the id is a placeholder, replaced by the style's name. */
export function styleRef(ctx: NormalizeContext, target: Mutable, field: string, key: StringCode, id: string): void {
  target[field] = id;
  ctx.refs.add('style', target, field, id);
  mixKeyRef(key);
}
