/*
 * The normalized node format: a plain, JSON-safe description of a Figma layer tree that an
 * email builder can rebuild a block from. Pure: it only reads the node interfaces of the
 * plugin typings (plain objects in tests) and never calls Figma itself.
 *
 * Determinism. The same layers always give the same bytes:
 * - Keys of every object are written in code-unit (alphabetical) order, so `JSON.stringify`
 *   output is canonical JSON (see canonical-json.ts). Maps with user keys (component
 *   properties, variant properties, bound variables) are sorted.
 * - Node ids never appear. Component properties are named without Figma's `#id` suffix
 *   (`Label#12:3` → `Label`); instances by main-component key; styles and variables by name;
 *   images by image hash.
 * - Child order is kept (it is z-order and auto-layout order), except the variants of a set,
 *   which are sorted by name (their order in the set is canvas arrangement).
 * - Precision: lengths, positions, sizes, spacing, radii, font sizes, shadow/blur values 0.01 px;
 *   opacity, gradient stops and transforms, letter spacing/line height in % 0.0001 (ratios) or
 *   0.01 (px); rotation 0.01°. Colours `#rrggbb`, or `#rrggbbaa` when not opaque; a solid
 *   paint's opacity is folded into its colour's alpha. `-0` is written as `0`.
 *
 * What is captured. An absent key means the default: visible true, opacity 1, rotation 0,
 * blendMode NORMAL/PASS_THROUGH, no fills/strokes/effects, radius 0; auto layout align and
 * counterAlign MIN, gap 0, padding 0, primarySizing and counterSizing AUTO; child sizing FIXED,
 * but HUG for a text on the axes its autoResize grows (both for WIDTH_AND_HEIGHT, the height for
 * HEIGHT: Figma sets a text's hugging and its autoResize together);
 * text align LEFT, verticalAlign TOP, autoResize WIDTH_AND_HEIGHT (a new text layer's), case
 * ORIGINAL, decoration NONE, letterSpacing 0, lineHeight auto. Every field written costs time
 * in the sandbox's interpreter, so the common case is kept short (defaults left out, a plain
 * solid paint as its colour, equal padding as one number).
 * - every node: type, name, visible (only `false` is written), width, height, x/y relative to
 *   the parent (not for a component root or a variant, and not for children placed by their
 *   parent's auto layout unless absolutely positioned), rotation (if not 0), opacity (if not 1),
 *   blendMode (if not NORMAL / PASS_THROUGH), bound variables by name, component property
 *   references (`propertyRefs`).
 * - frames, components, instances: fills, strokes (+ weight, align), effects, corner radii
 *   (a number, or [topLeft, topRight, bottomRight, bottomLeft] when mixed), clipsContent, fill/
 *   stroke/effect style names, auto layout (`layout`: direction, padding — one number when
 *   all four sides are equal, as in CSS, else [t, r, b, l] —, gap, counterGap, align,
 *   counterAlign, primarySizing, counterSizing, wrap) and, for children of
 *   an auto-layout parent, `horizontalSizing` / `verticalSizing` (FIXED, HUG, FILL) and
 *   `positioning: 'ABSOLUTE'` when it is taken out of the flow.
 * - shapes (rectangle, ellipse, vector, line, polygon, star, boolean operation): the same paint,
 *   stroke, effect and radius fields. Vector path data is not captured (the thumbnail shows it).
 * - text: characters, fontFamily, fontStyle, size, lineHeight ('24px' or '150%'),
 *   letterSpacing ('0%', '-0.5px'), align, verticalAlign, case, decoration, autoResize, text style
 *   name and hyperlink. When any of these (or the fills) is mixed, the styled runs are written
 *   as `segments` [{start, end, …}] and the mixed top-level fields are left out.
 * - instances: `componentKey` (the main component's key), `componentProperties` (the values set
 *   on this instance), and their visible children (overrides show there).
 * - paints: a plain solid paint (visible, normal blending, no variables) is its colour string
 *   `'#rrggbb[aa]'`, as in CSS; any other paint is an object: SOLID {color}, GRADIENT_* {stops
 *   [{color, position}], transform [a, b, c, d, e, f], opacity}, IMAGE {imageHash, scaleMode,
 *   opacity, rotation, scalingFactor, filters}; an object paint keeps `visible: false` (hidden
 *   paints still matter to designers toggling them) and its variable bindings. Effects:
 *   shadows {color, offset [x, y], radius, spread, showShadowBehindNode}, blurs {radius}.
 *
 * Invisible layers. A hidden layer of the component's own tree is captured in full with
 * `visible: false`: email blocks show and hide layers through BOOLEAN properties, so the
 * builder needs them. Inside instances, the snapshotter sets `figma.skipInvisibleInstanceChildren`
 * (as Figma recommends for traversal speed), so hidden layers inside instances are absent: an
 * instance is described by its main-component key, its property values and what it shows.
 *
 * Not captured (no meaning for an email builder, or not stable): node ids, selection, viewport,
 * plugin data, locked, export settings, constraints, prototyping, layout grids, vector paths,
 * the canvas position of a component and the arrangement of variants inside a set.
 */
import { colorToHex, rgbHex } from './color';
import type { JsonValue, NormalizedNode } from './normalized-types';
import { roundAngle, roundLength, roundRatio } from './precision';
import type { ReferenceCollector } from './references';
import {
  mixClose,
  mixKey,
  mixKeyArray,
  mixKeyNumber,
  mixKeyRef,
  mixKeyString,
  mixKeyValue,
  mixNumber,
  mixRef,
  mixString,
  mixStringCode,
  stringCode,
  type StringCode,
} from './structural-hash';

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

type AnyNode = SceneNode;
type Mutable = Record<string, JsonValue | undefined>;

const SHAPE_TYPES: Record<string, true> = {
  RECTANGLE: true,
  ELLIPSE: true,
  VECTOR: true,
  LINE: true,
  POLYGON: true,
  STAR: true,
  BOOLEAN_OPERATION: true,
};
const FRAME_TYPES: Record<string, true> = { FRAME: true, COMPONENT: true, INSTANCE: true, COMPONENT_SET: true };

// Hash codes of the format's field names, one constant each (a closure variable is the
// cheapest read in the interpreter).
const K_ALIGN = stringCode('align');
const K_AUTO_RESIZE = stringCode('autoResize');
const K_BLEND_MODE = stringCode('blendMode');
const K_BOUND_VARIABLES = stringCode('boundVariables');
const K_CASE = stringCode('case');
const K_CHARACTERS = stringCode('characters');
const K_CHILDREN = stringCode('children');
const K_CLIPS_CONTENT = stringCode('clipsContent');
const K_COLOR = stringCode('color');
const K_COMPONENT_KEY = stringCode('componentKey');
const K_COMPONENT_PROPERTIES = stringCode('componentProperties');
const K_CORNER_RADIUS = stringCode('cornerRadius');
const K_COUNTER_ALIGN = stringCode('counterAlign');
const K_COUNTER_GAP = stringCode('counterGap');
const K_COUNTER_SIZING = stringCode('counterSizing');
const K_DECORATION = stringCode('decoration');
const K_DIRECTION = stringCode('direction');
const K_DOCUMENTATION_LINKS = stringCode('documentationLinks');
const K_EFFECT_STYLE = stringCode('effectStyle');
const K_EFFECTS = stringCode('effects');
const K_END = stringCode('end');
const K_FILL_STYLE = stringCode('fillStyle');
const K_FILLS = stringCode('fills');
const K_FILTERS = stringCode('filters');
const K_FONT_FAMILY = stringCode('fontFamily');
const K_FONT_STYLE = stringCode('fontStyle');
const K_GAP = stringCode('gap');
const K_HEIGHT = stringCode('height');
const K_HORIZONTAL_SIZING = stringCode('horizontalSizing');
const K_HYPERLINK = stringCode('hyperlink');
const K_IMAGE_HASH = stringCode('imageHash');
const K_LAYOUT = stringCode('layout');
const K_LETTER_SPACING = stringCode('letterSpacing');
const K_LINE_HEIGHT = stringCode('lineHeight');
const K_NAME = stringCode('name');
const K_OFFSET = stringCode('offset');
const K_OPACITY = stringCode('opacity');
const K_PADDING = stringCode('padding');
const K_POSITION = stringCode('position');
const K_POSITIONING = stringCode('positioning');
const K_PRIMARY_SIZING = stringCode('primarySizing');
const K_PROPERTY_REFS = stringCode('propertyRefs');
const K_RADIUS = stringCode('radius');
const K_ROTATION = stringCode('rotation');
const K_SCALE_MODE = stringCode('scaleMode');
const K_SCALING_FACTOR = stringCode('scalingFactor');
const K_SEGMENTS = stringCode('segments');
const K_SHOW_SHADOW_BEHIND_NODE = stringCode('showShadowBehindNode');
const K_SIZE = stringCode('size');
const K_SPREAD = stringCode('spread');
const K_START = stringCode('start');
const K_STOPS = stringCode('stops');
const K_STROKE_ALIGN = stringCode('strokeAlign');
const K_STROKE_STYLE = stringCode('strokeStyle');
const K_STROKE_WEIGHT = stringCode('strokeWeight');
const K_STROKES = stringCode('strokes');
const K_TEXT = stringCode('text');
const K_TEXT_STYLE = stringCode('textStyle');
const K_TRANSFORM = stringCode('transform');
const K_TYPE = stringCode('type');
const K_VERTICAL_ALIGN = stringCode('verticalAlign');
const K_VERTICAL_SIZING = stringCode('verticalSizing');
const K_VISIBLE = stringCode('visible');
const K_WIDTH = stringCode('width');
const K_WRAP = stringCode('wrap');
const K_X = stringCode('x');
const K_Y = stringCode('y');

/** `Label#12:3` → `Label`; names without a suffix (VARIANT properties) stay as they are. */
export function stripPropertySuffix(name: string): string {
  const hash = name.lastIndexOf('#');
  return hash > 0 ? name.slice(0, hash) : name;
}

export function stablePropertyName(ctx: NormalizeContext, fullName: string): string {
  return ctx.propertyNames.get(fullName) ?? stripPropertySuffix(fullName);
}

function sortedKeys(record: object): string[] {
  return Object.keys(record).sort();
}

function compareFirst(a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** A list of numbers under `key` (padding, radii, offsets, transforms). */
function mixKeyNumbers(key: StringCode, values: readonly number[]): void {
  mixKeyArray(key, values.length);
  for (let i = 0; i < values.length; i++) mixNumber(values[i]!);
}

// ---------------------------------------------------------------------------------------------
// Variables

function variableRef(ctx: NormalizeContext, alias: VariableAlias, target: unknown[] | Mutable, field: string | number): string {
  ctx.refs.add('variable', target, field, alias.id);
  return alias.id; // placeholder, replaced by {collection, name}
}

/** `fields`: the record's keys, sorted (callers skip empty records: most layers have none). */
function normalizeBoundVariables(ctx: NormalizeContext, bound: Record<string, unknown>, fields: string[]): Mutable | undefined {
  const out: Mutable = {};
  let any = false;
  for (const field of fields) {
    const value = bound[field];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const list: JsonValue[] = [];
      for (let i = 0; i < value.length; i++) list.push(variableRef(ctx, value[i] as VariableAlias, list, i));
      out[field] = list;
      any = true;
    } else if (typeof value === 'object' && 'id' in value && (value as { type?: unknown }).type === 'VARIABLE_ALIAS') {
      out[field] = variableRef(ctx, value as VariableAlias, out, field);
      any = true;
    } else if (typeof value === 'object') {
      // componentProperties: {propertyName: alias}
      const nested: Mutable = {};
      const record = value as Record<string, VariableAlias>;
      const fullNames: Record<string, string> = {};
      const names = Object.keys(record)
        .map((name) => [stablePropertyName(ctx, name), name] as const)
        .sort(compareFirst);
      for (const [stable, name] of names) {
        nested[stable] = record[name]!.id;
        fullNames[stable] = name;
      }
      // References are recorded in the order the keys will be walked (index-like names first).
      for (const stable in nested) variableRef(ctx, record[fullNames[stable]!]!, nested, stable);
      out[field] = nested;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Hashes a written boundVariables record under its key: every leaf is a variable reference. */
function mixBoundVariables(bound: Mutable): void {
  mixKey(K_BOUND_VARIABLES);
  for (const field in bound) {
    const value = bound[field];
    if (Array.isArray(value)) {
      mixKeyArray(stringCode(field), value.length);
      for (let i = 0; i < value.length; i++) mixRef();
    } else if (typeof value === 'string') {
      mixKeyRef(stringCode(field));
    } else {
      mixKey(stringCode(field));
      for (const name in value as Mutable) mixKeyRef(stringCode(name));
      mixClose();
    }
  }
  mixClose();
}

function addBoundVariables(ctx: NormalizeContext, out: Mutable, bound: Record<string, unknown> | undefined): void {
  if (!bound) return;
  // Most layers and paints have none. Object.keys is the cheapest emptiness test in the
  // sandbox's interpreter (a for…in loop builds an iterator that also walks the prototypes).
  const fields = Object.keys(bound);
  if (fields.length === 0) return;
  const normalized = normalizeBoundVariables(ctx, bound, fields.sort());
  if (normalized !== undefined) {
    out.boundVariables = normalized;
    mixBoundVariables(normalized);
  }
}

// ---------------------------------------------------------------------------------------------
// Paints and effects

function transformToList(transform: Transform): number[] {
  const [row0, row1] = transform;
  return [roundRatio(row0[0]), roundRatio(row0[1]), roundRatio(row0[2]), roundRatio(row1[0]), roundRatio(row1[1]), roundRatio(row1[2])];
}

function blendModeOf(mode: BlendMode | undefined): string | undefined {
  return mode === undefined || mode === 'NORMAL' || mode === 'PASS_THROUGH' ? undefined : mode;
}

export function normalizePaint(ctx: NormalizeContext, paint: Paint): Mutable {
  const out: Mutable = {};
  const blendMode = paint.blendMode;
  if (blendMode !== undefined && blendMode !== 'NORMAL' && blendMode !== 'PASS_THROUGH') {
    out.blendMode = blendMode;
    mixKeyString(K_BLEND_MODE, blendMode);
  }
  addBoundVariables(ctx, out, (paint as SolidPaint).boundVariables);
  const opacity = paint.opacity === undefined ? 1 : paint.opacity;
  switch (paint.type) {
    case 'SOLID': {
      const color = colorToHex(paint.color, opacity);
      out.color = color;
      mixKeyString(K_COLOR, color);
      break;
    }
    case 'GRADIENT_LINEAR':
    case 'GRADIENT_RADIAL':
    case 'GRADIENT_ANGULAR':
    case 'GRADIENT_DIAMOND': {
      if (opacity !== 1) {
        out.opacity = roundRatio(opacity);
        mixKeyNumber(K_OPACITY, out.opacity);
      }
      const stops: JsonValue[] = [];
      mixKeyArray(K_STOPS, paint.gradientStops.length);
      for (const stop of paint.gradientStops) {
        const color = colorToHex(stop.color, stop.color.a);
        const position = roundRatio(stop.position);
        stops.push({ color, position });
        mixKeyString(K_COLOR, color);
        mixKeyNumber(K_POSITION, position);
        mixClose();
      }
      out.stops = stops;
      const transform = transformToList(paint.gradientTransform);
      out.transform = transform;
      mixKeyNumbers(K_TRANSFORM, transform);
      break;
    }
    case 'IMAGE': {
      const filters = paint.filters;
      if (filters) {
        const keys = sortedKeys(filters).filter((key) => (filters as Record<string, number | undefined>)[key]);
        if (keys.length > 0) {
          const normalized: Mutable = {};
          mixKey(K_FILTERS);
          for (const key of keys) {
            const value = roundRatio((filters as Record<string, number>)[key]!);
            normalized[key] = value;
            mixKeyNumber(stringCode(key), value);
          }
          mixClose();
          out.filters = normalized;
        }
      }
      out.imageHash = paint.imageHash;
      mixKeyValue(K_IMAGE_HASH, paint.imageHash);
      if (opacity !== 1) {
        out.opacity = roundRatio(opacity);
        mixKeyNumber(K_OPACITY, out.opacity);
      }
      if (paint.rotation) {
        out.rotation = roundAngle(paint.rotation);
        mixKeyNumber(K_ROTATION, out.rotation);
      }
      out.scaleMode = paint.scaleMode;
      mixKeyString(K_SCALE_MODE, paint.scaleMode);
      if (paint.scaleMode === 'TILE' && paint.scalingFactor !== undefined) {
        out.scalingFactor = roundRatio(paint.scalingFactor);
        mixKeyNumber(K_SCALING_FACTOR, out.scalingFactor);
      }
      break;
    }
    default:
      if (opacity !== 1) {
        out.opacity = roundRatio(opacity);
        mixKeyNumber(K_OPACITY, out.opacity);
      }
  }
  out.type = paint.type;
  mixKeyString(K_TYPE, paint.type);
  if (paint.visible === false) {
    out.visible = false;
    mixKeyValue(K_VISIBLE, false);
  }
  mixClose();
  return out;
}

/** An opaque colour's hex string and its hash code, cached by `rgbIndex`. */
interface OpaqueColor {
  readonly hex: string;
  readonly code: StringCode;
}

let opaqueColors: Record<number, OpaqueColor | undefined> = {};
let opaqueColorCount = 0;

function opaqueColor(rgb: number): OpaqueColor {
  let known = opaqueColors[rgb];
  if (known === undefined) {
    const hex = rgbHex(rgb);
    known = { hex, code: stringCode(hex) };
    if (++opaqueColorCount > 4096) {
      opaqueColors = {};
      opaqueColorCount = 1;
    }
    opaqueColors[rgb] = known;
  }
  return known;
}

/** Paints under `key` (fills, strokes). */
function normalizePaints(ctx: NormalizeContext, key: StringCode, paints: ReadonlyArray<Paint>): JsonValue[] {
  const out: JsonValue[] = [];
  const count = paints.length;
  mixKeyArray(key, count);
  for (let i = 0; i < count; i++) {
    const paint = paints[i]!;
    // The common paint — solid, visible, opaque, normal blending, no variables (Figma may give
    // an empty record or none) — is its colour. It is on most layers, so this path is written
    // out: its RGB test and rounding are `rgbIndex`'s, inline (≈ 1 % of full reading time).
    if (paint.type === 'SOLID' && paint.visible !== false) {
      const blendMode = paint.blendMode;
      const bound = paint.boundVariables;
      if ((blendMode === 'NORMAL' || blendMode === undefined) && (bound === undefined || Object.keys(bound).length === 0)) {
        const opacity = paint.opacity;
        const color = paint.color;
        const r = color.r;
        const g = color.g;
        const b = color.b;
        if ((opacity === 1 || opacity === undefined) && r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1) {
          const rgb = (((r * 255 + 0.5) | 0) << 16) | (((g * 255 + 0.5) | 0) << 8) | ((b * 255 + 0.5) | 0);
          const known = opaqueColors[rgb] ?? opaqueColor(rgb);
          mixStringCode(known.code);
          out[i] = known.hex;
        } else {
          const hex = colorToHex(color, opacity === undefined ? 1 : opacity);
          mixString(hex);
          out[i] = hex;
        }
        continue;
      }
    }
    out[i] = normalizePaint(ctx, paint);
  }
  return out;
}

export function normalizeEffect(effect: Effect): Mutable {
  const out: Mutable = {};
  if (effect.type === 'DROP_SHADOW' || effect.type === 'INNER_SHADOW') {
    const blendMode = blendModeOf(effect.blendMode);
    if (blendMode !== undefined) {
      out.blendMode = blendMode;
      mixKeyString(K_BLEND_MODE, blendMode);
    }
    const color = colorToHex(effect.color, effect.color.a);
    out.color = color;
    mixKeyString(K_COLOR, color);
    const offset = [roundLength(effect.offset.x), roundLength(effect.offset.y)];
    out.offset = offset;
    mixKeyNumbers(K_OFFSET, offset);
    out.radius = roundLength(effect.radius);
    mixKeyNumber(K_RADIUS, out.radius);
    if (effect.type === 'DROP_SHADOW' && effect.showShadowBehindNode) {
      out.showShadowBehindNode = true;
      mixKeyValue(K_SHOW_SHADOW_BEHIND_NODE, true);
    }
    if (effect.spread) {
      out.spread = roundLength(effect.spread);
      mixKeyNumber(K_SPREAD, out.spread);
    }
  } else if ('radius' in effect) {
    out.radius = roundLength(effect.radius);
    mixKeyNumber(K_RADIUS, out.radius);
  }
  out.type = effect.type;
  mixKeyString(K_TYPE, effect.type);
  if (!effect.visible) {
    out.visible = false;
    mixKeyValue(K_VISIBLE, false);
  }
  mixClose();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text

const SEGMENT_FIELDS = [
  'fontName',
  'fontSize',
  'lineHeight',
  'letterSpacing',
  'textCase',
  'textDecoration',
  'fills',
  'fillStyleId',
  'textStyleId',
  'hyperlink',
] as const;

/** '24px' or '150%' (one string: cheaper to hash than {unit, value}, and CSS-like); undefined for auto. */
function normalizeLineHeight(lineHeight: LineHeight): string | undefined {
  if (lineHeight.unit === 'AUTO') return undefined;
  return lineHeight.unit === 'PERCENT' ? `${roundRatio(lineHeight.value)}%` : `${roundLength(lineHeight.value)}px`;
}

/** '4%', '-0.5px'; undefined for no spacing. */
function normalizeLetterSpacing(spacing: LetterSpacing): string | undefined {
  if (spacing.value === 0) return undefined;
  return spacing.unit === 'PERCENT' ? `${roundRatio(spacing.value)}%` : `${roundLength(spacing.value)}px`;
}

function setString(out: Mutable, field: string, key: StringCode, value: string): void {
  out[field] = value;
  mixKeyString(key, value);
}

function setHyperlink(out: Mutable, link: HyperlinkTarget | null): void {
  if (!link) return;
  const value = { type: link.type, value: link.value };
  out.hyperlink = value;
  mixKeyValue(K_HYPERLINK, value);
}

/** A style reference: the id is a placeholder, replaced by the style's name. */
function styleRef(ctx: NormalizeContext, target: Mutable, field: string, key: StringCode, id: string): void {
  target[field] = id;
  ctx.refs.add('style', target, field, id);
  mixKeyRef(key);
}

function normalizeSegments(ctx: NormalizeContext, node: TextNode): JsonValue[] {
  const segments = node.getStyledTextSegments(SEGMENT_FIELDS as unknown as Array<(typeof SEGMENT_FIELDS)[number]>);
  const out: JsonValue[] = [];
  mixKeyArray(K_SEGMENTS, segments.length);
  for (const segment of segments) {
    const item: Mutable = {};
    const decoration = segment.textDecoration;
    if (segment.textCase !== 'ORIGINAL') setString(item, 'case', K_CASE, segment.textCase);
    if (decoration !== 'NONE') setString(item, 'decoration', K_DECORATION, decoration);
    item.end = segment.end;
    mixKeyNumber(K_END, segment.end);
    if (segment.fillStyleId) styleRef(ctx, item, 'fillStyle', K_FILL_STYLE, segment.fillStyleId);
    item.fills = normalizePaints(ctx, K_FILLS, segment.fills);
    setString(item, 'fontFamily', K_FONT_FAMILY, segment.fontName.family);
    setString(item, 'fontStyle', K_FONT_STYLE, segment.fontName.style);
    setHyperlink(item, segment.hyperlink);
    const spacing = normalizeLetterSpacing(segment.letterSpacing);
    if (spacing !== undefined) setString(item, 'letterSpacing', K_LETTER_SPACING, spacing);
    const lineHeight = normalizeLineHeight(segment.lineHeight);
    if (lineHeight !== undefined) setString(item, 'lineHeight', K_LINE_HEIGHT, lineHeight);
    item.size = roundLength(segment.fontSize);
    mixKeyNumber(K_SIZE, item.size);
    item.start = segment.start;
    mixKeyNumber(K_START, segment.start);
    if (segment.textStyleId) styleRef(ctx, item, 'textStyle', K_TEXT_STYLE, segment.textStyleId);
    mixClose();
    out.push(item);
  }
  return out;
}

/** `autoResize`: the text's, read by the caller (its sizing depends on it too). */
function normalizeText(ctx: NormalizeContext, node: TextNode, fillsMixed: boolean, autoResize: TextNode['textAutoResize']): Mutable {
  const mixed = ctx.mixed;
  const fontName = node.fontName;
  const fontSize = node.fontSize;
  const lineHeight = node.lineHeight;
  const letterSpacing = node.letterSpacing;
  const textCase = node.textCase;
  const decoration = node.textDecoration;
  const textStyleId = node.textStyleId;
  const hyperlink = node.hyperlink;
  const anyMixed =
    fillsMixed ||
    (fontName as unknown) === mixed ||
    (fontSize as unknown) === mixed ||
    (lineHeight as unknown) === mixed ||
    (letterSpacing as unknown) === mixed ||
    (textCase as unknown) === mixed ||
    (decoration as unknown) === mixed ||
    (textStyleId as unknown) === mixed ||
    (hyperlink as unknown) === mixed;

  const out: Mutable = {};
  const align = node.textAlignHorizontal;
  if (align !== 'LEFT') setString(out, 'align', K_ALIGN, align);
  if (autoResize !== 'WIDTH_AND_HEIGHT') setString(out, 'autoResize', K_AUTO_RESIZE, autoResize);
  if (!anyMixed && textCase !== 'ORIGINAL') setString(out, 'case', K_CASE, textCase as string);
  const characters = node.characters;
  out.characters = characters;
  mixKeyString(K_CHARACTERS, characters);
  if (!anyMixed && decoration !== 'NONE') setString(out, 'decoration', K_DECORATION, decoration as string);
  if (!anyMixed) {
    const font = fontName as FontName;
    const family = font.family;
    const style = font.style;
    out.fontFamily = family;
    mixKeyString(K_FONT_FAMILY, family);
    out.fontStyle = style;
    mixKeyString(K_FONT_STYLE, style);
    if (hyperlink) setHyperlink(out, hyperlink as HyperlinkTarget);
    // Defaults (no spacing, auto line height) checked inline: the common case needs no call.
    if ((letterSpacing as LetterSpacing).value !== 0) setString(out, 'letterSpacing', K_LETTER_SPACING, normalizeLetterSpacing(letterSpacing as LetterSpacing)!);
    if ((lineHeight as LineHeight).unit !== 'AUTO') setString(out, 'lineHeight', K_LINE_HEIGHT, normalizeLineHeight(lineHeight as LineHeight)!);
    const points = fontSize as number;
    const size = (points | 0) === points ? points + 0 : Math.round(points * 100) / 100 + 0;
    out.size = size;
    mixKeyNumber(K_SIZE, size);
    if (textStyleId) styleRef(ctx, out, 'textStyle', K_TEXT_STYLE, textStyleId as string);
  } else {
    out.segments = normalizeSegments(ctx, node);
  }
  const verticalAlign = node.textAlignVertical;
  if (verticalAlign !== 'TOP') setString(out, 'verticalAlign', K_VERTICAL_ALIGN, verticalAlign);
  mixClose();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Layout

/** The auto layout of a frame whose layoutMode (`direction`) is not NONE. */
function normalizeAutoLayout(node: FrameNode | ComponentNode | InstanceNode, direction: string): Mutable {
  const wrap = node.layoutWrap === 'WRAP';
  const out: Mutable = {};
  const align = node.primaryAxisAlignItems;
  if (align !== 'MIN') setString(out, 'align', K_ALIGN, align);
  const counterAlign = node.counterAxisAlignItems;
  if (counterAlign !== 'MIN') setString(out, 'counterAlign', K_COUNTER_ALIGN, counterAlign);
  if (wrap) {
    const counterGap = node.counterAxisSpacing;
    if (counterGap !== null) {
      out.counterGap = roundLength(counterGap);
      mixKeyNumber(K_COUNTER_GAP, out.counterGap);
    }
  }
  const counterSizing = node.counterAxisSizingMode;
  if (counterSizing !== 'AUTO') setString(out, 'counterSizing', K_COUNTER_SIZING, counterSizing);
  out.direction = direction;
  mixKeyString(K_DIRECTION, direction);
  // Rounded inline as roundLength does (`+ 0` turns -0 into 0), integers without Math.round:
  // in the interpreter a call per value costs as much as the rounding, and most values are whole.
  const spacing = node.itemSpacing;
  const gap = (spacing | 0) === spacing ? spacing + 0 : Math.round(spacing * 100) / 100 + 0;
  if (gap !== 0) {
    out.gap = gap;
    mixKeyNumber(K_GAP, gap);
  }
  const paddingTop = node.paddingTop;
  const paddingRight = node.paddingRight;
  const paddingBottom = node.paddingBottom;
  const paddingLeft = node.paddingLeft;
  const top = (paddingTop | 0) === paddingTop ? paddingTop + 0 : Math.round(paddingTop * 100) / 100 + 0;
  const right = (paddingRight | 0) === paddingRight ? paddingRight + 0 : Math.round(paddingRight * 100) / 100 + 0;
  const bottom = (paddingBottom | 0) === paddingBottom ? paddingBottom + 0 : Math.round(paddingBottom * 100) / 100 + 0;
  const left = (paddingLeft | 0) === paddingLeft ? paddingLeft + 0 : Math.round(paddingLeft * 100) / 100 + 0;
  if (top === right && top === bottom && top === left) {
    if (top !== 0) {
      out.padding = top;
      mixKeyNumber(K_PADDING, top);
    }
  } else {
    const padding = [top, right, bottom, left];
    out.padding = padding;
    mixKeyNumbers(K_PADDING, padding);
  }
  const primarySizing = node.primaryAxisSizingMode;
  if (primarySizing !== 'AUTO') setString(out, 'primarySizing', K_PRIMARY_SIZING, primarySizing);
  if (wrap) {
    out.wrap = true;
    mixKeyValue(K_WRAP, true);
  }
  mixClose();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Nodes

interface Placement {
  /** A component root or a variant: no x/y. */
  readonly isRoot: boolean;
  /** The parent lays this node out (auto layout). */
  readonly inAutoLayout: boolean;
}

const ROOT: Placement = { isRoot: true, inAutoLayout: false };
const FREE_CHILD: Placement = { isRoot: false, inAutoLayout: false };
const AUTO_LAYOUT_CHILD: Placement = { isRoot: false, inAutoLayout: true };

function setCornerRadius(ctx: NormalizeContext, out: Mutable, node: RectangleNode | FrameNode): void {
  const radius = node.cornerRadius as number | symbol;
  if (radius === ctx.mixed) {
    const radii = [roundLength(node.topLeftRadius), roundLength(node.topRightRadius), roundLength(node.bottomRightRadius), roundLength(node.bottomLeftRadius)];
    out.cornerRadius = radii;
    mixKeyNumbers(K_CORNER_RADIUS, radii);
  } else if (radius) {
    out.cornerRadius = roundLength(radius as number);
    mixKeyNumber(K_CORNER_RADIUS, out.cornerRadius);
  }
}

function setStrokeWeight(ctx: NormalizeContext, out: Mutable, node: GeometryMixin & Partial<IndividualStrokesMixin>): void {
  const weight = node.strokeWeight as number | symbol;
  if (weight === ctx.mixed && node.strokeTopWeight !== undefined) {
    const weights = [roundLength(node.strokeTopWeight), roundLength(node.strokeRightWeight!), roundLength(node.strokeBottomWeight!), roundLength(node.strokeLeftWeight!)];
    out.strokeWeight = weights;
    mixKeyNumbers(K_STROKE_WEIGHT, weights);
  } else {
    out.strokeWeight = roundLength(weight as number);
    mixKeyNumber(K_STROKE_WEIGHT, out.strokeWeight);
  }
}

/** Instance property values by stable name; INSTANCE_SWAP values are component references. */
function setComponentProperties(ctx: NormalizeContext, out: Mutable, instance: InstanceNode): void {
  const properties = instance.componentProperties;
  const names = Object.keys(properties);
  if (names.length === 0) return;
  const values: Mutable = {};
  const fullNames: Record<string, string> = {};
  const entries = names.length === 1 ? [[stablePropertyName(ctx, names[0]!), names[0]!] as const] : names.map((name) => [stablePropertyName(ctx, name), name] as const).sort(compareFirst);
  for (const [stable, name] of entries) {
    values[stable] = properties[name]!.value;
    fullNames[stable] = name;
  }
  mixKey(K_COMPONENT_PROPERTIES);
  // Walked in key order as JSON writes it (index-like names first), references recorded in it.
  for (const stable in values) {
    const property = properties[fullNames[stable]!]!;
    if (property.type === 'INSTANCE_SWAP' && typeof property.value === 'string') {
      ctx.refs.add('component-id', values, stable, property.value);
      mixKeyRef(stringCode(stable));
    } else {
      mixKeyValue(stringCode(stable), property.value);
    }
  }
  mixClose();
  out.componentProperties = values;
}

/** The layers of a component set, sorted by name (their order in the set is canvas arrangement). */
function sortedVariants(set: ComponentSetNode): SceneNode[] {
  const named: Array<[string, SceneNode]> = [];
  for (const child of set.children) named.push([child.name, child]);
  named.sort(compareFirst);
  return named.map((entry) => entry[1]);
}

/** Normalizes `node` and its subtree. `placement` says how its position is determined. */
export function normalizeNode(ctx: NormalizeContext, node: AnyNode, placement: Placement = ROOT, documentationLinks?: string[]): NormalizedNode {
  const type = node.type;
  const nodeIds = ctx.nodeIds;
  if (nodeIds) nodeIds[nodeIds.length] = node.id; // an index write is cheaper than push() in the sandbox
  const isFrame = FRAME_TYPES[type] === true;
  const isShape = SHAPE_TYPES[type] === true;
  const isText = type === 'TEXT';
  const isSet = type === 'COMPONENT_SET';
  const hasPaint = (isFrame || isShape || isText) && !isSet;
  const mixed = ctx.mixed;

  // Fields are written, and hashed, in canonical key order.
  const out: Mutable = {};
  const blendMode = (node as BlendMixin).blendMode;
  if (blendMode !== undefined && blendMode !== 'NORMAL' && blendMode !== 'PASS_THROUGH') setString(out, 'blendMode', K_BLEND_MODE, blendMode);
  addBoundVariables(ctx, out, (node as SceneNodeMixin).boundVariables);

  const direction = isFrame && !isSet ? (node as FrameNode).layoutMode : 'NONE';
  if (isFrame || type === 'GROUP' || type === 'BOOLEAN_OPERATION') {
    const children = isSet ? sortedVariants(node) : (node as ChildrenMixin).children;
    const childPlacement = isSet ? ROOT : direction !== 'NONE' ? AUTO_LAYOUT_CHILD : FREE_CHILD;
    const count = children.length;
    const list: JsonValue[] = [];
    mixKeyArray(K_CHILDREN, count);
    for (let i = 0; i < count; i++) list[i] = normalizeNode(ctx, children[i]!, childPlacement);
    out.children = list;
  }
  if (isFrame && !isSet && (node as FrameNode).clipsContent) {
    out.clipsContent = true;
    mixKeyValue(K_CLIPS_CONTENT, true);
  }
  if (type === 'INSTANCE') {
    out.componentKey = node.id; // placeholder, replaced by the main component's key
    ctx.refs.addInstance(out, 'componentKey', node, node.id);
    mixKeyRef(K_COMPONENT_KEY);
    setComponentProperties(ctx, out, node);
  }
  if ((isFrame && !isSet) || type === 'RECTANGLE') {
    setCornerRadius(ctx, out, node as FrameNode);
  } else if (isShape && 'cornerRadius' in node) {
    const radius = (node as EllipseNode).cornerRadius as number | symbol;
    if (radius !== mixed && radius) {
      out.cornerRadius = roundLength(radius as number);
      mixKeyNumber(K_CORNER_RADIUS, out.cornerRadius);
    }
  }
  if (documentationLinks !== undefined && documentationLinks.length > 0) {
    out.documentationLinks = documentationLinks;
    mixKeyArray(K_DOCUMENTATION_LINKS, documentationLinks.length);
    for (const link of documentationLinks) mixString(link);
  }

  if (hasPaint || type === 'GROUP') {
    const effectNode = node as BlendMixin;
    const effectStyleId = effectNode.effectStyleId;
    if (effectStyleId) styleRef(ctx, out, 'effectStyle', K_EFFECT_STYLE, effectStyleId);
    const effects = effectNode.effects;
    const effectCount = effects.length;
    if (effectCount > 0) {
      const list: JsonValue[] = [];
      mixKeyArray(K_EFFECTS, effectCount);
      for (let i = 0; i < effectCount; i++) list.push(normalizeEffect(effects[i]!));
      out.effects = list;
    }
  }

  let fillsMixed = false;
  if (hasPaint) {
    const paintNode = node as MinimalFillsMixin;
    const fillStyleId = paintNode.fillStyleId as string | symbol;
    if (fillStyleId !== mixed && fillStyleId) styleRef(ctx, out, 'fillStyle', K_FILL_STYLE, fillStyleId as string);
    const fills = paintNode.fills as ReadonlyArray<Paint> | symbol;
    if (fills === mixed) fillsMixed = true;
    else if ((fills as ReadonlyArray<Paint>).length > 0) out.fills = normalizePaints(ctx, K_FILLS, fills as ReadonlyArray<Paint>);
  }

  let absolute = false;
  let verticalSizing: string | undefined;
  const autoResize = isText ? node.textAutoResize : undefined;
  if (!isSet) {
    const layout = node as LayoutMixin;
    // Lengths rounded inline (as roundLength does; whole numbers need no Math.round) for the
    // fields every layer has: a call per value is a noticeable share of the work in the sandbox.
    const rawHeight = layout.height;
    const height = (rawHeight | 0) === rawHeight ? rawHeight + 0 : Math.round(rawHeight * 100) / 100 + 0;
    out.height = height;
    mixKeyNumber(K_HEIGHT, height);
    if (placement.inAutoLayout) {
      // Guarded with `in`: not every layer type has every layout field (e.g. in the fake).
      const child = node as AutoLayoutChildrenMixin & LayoutMixin;
      absolute = 'layoutPositioning' in child && child.layoutPositioning === 'ABSOLUTE';
      if ('layoutSizingHorizontal' in child) {
        // A text hugs where its autoResize makes it grow (Figma sets the two together), so that
        // is its default; any other layer's is FIXED.
        const hugsWidth = autoResize === 'WIDTH_AND_HEIGHT';
        const hugsHeight = hugsWidth || autoResize === 'HEIGHT';
        const horizontal = child.layoutSizingHorizontal;
        if (horizontal !== (hugsWidth ? 'HUG' : 'FIXED')) setString(out, 'horizontalSizing', K_HORIZONTAL_SIZING, horizontal);
        const vertical = child.layoutSizingVertical;
        if (vertical !== (hugsHeight ? 'HUG' : 'FIXED')) verticalSizing = vertical;
      }
    }
    if (direction !== 'NONE') {
      mixKey(K_LAYOUT);
      out.layout = normalizeAutoLayout(node as FrameNode, direction);
    }
  }
  const name = node.name;
  out.name = name;
  mixKeyString(K_NAME, name);
  if (!isSet) {
    const opacity = (node as BlendMixin).opacity;
    if (opacity !== 1) {
      out.opacity = roundRatio(opacity);
      mixKeyNumber(K_OPACITY, out.opacity);
    }
  }
  if (absolute) setString(out, 'positioning', K_POSITIONING, 'ABSOLUTE');
  const references = (node as SceneNodeMixin).componentPropertyReferences;
  if (references) {
    const fields = sortedKeys(references) as Array<keyof typeof references>;
    if (fields.length > 0) {
      const refs: Mutable = {};
      mixKey(K_PROPERTY_REFS);
      for (const field of fields) {
        const stable = stablePropertyName(ctx, references[field]!);
        refs[field] = stable;
        mixKeyString(stringCode(field), stable);
      }
      mixClose();
      out.propertyRefs = refs;
    }
  }
  if (!isSet) {
    const rotation = (node as LayoutMixin).rotation;
    if (rotation) {
      const angle = roundAngle(rotation);
      if (angle !== 0) {
        out.rotation = angle;
        mixKeyNumber(K_ROTATION, angle);
      }
    }
  }

  if (hasPaint) {
    const strokeNode = node as MinimalStrokesMixin & GeometryMixin;
    const strokes = strokeNode.strokes;
    if (strokes.length > 0) {
      setString(out, 'strokeAlign', K_STROKE_ALIGN, strokeNode.strokeAlign);
      const strokeStyleId = strokeNode.strokeStyleId;
      if (strokeStyleId) styleRef(ctx, out, 'strokeStyle', K_STROKE_STYLE, strokeStyleId);
      setStrokeWeight(ctx, out, strokeNode);
      out.strokes = normalizePaints(ctx, K_STROKES, strokes);
    }
  }
  if (isText) {
    mixKey(K_TEXT);
    out.text = normalizeText(ctx, node, fillsMixed, autoResize!);
  }
  out.type = type;
  mixKeyString(K_TYPE, type);
  if (verticalSizing !== undefined) setString(out, 'verticalSizing', K_VERTICAL_SIZING, verticalSizing);
  if (!node.visible) {
    out.visible = false;
    mixKeyValue(K_VISIBLE, false);
  }
  if (!isSet) {
    const layout = node as LayoutMixin;
    const rawWidth = layout.width;
    const width = (rawWidth | 0) === rawWidth ? rawWidth + 0 : Math.round(rawWidth * 100) / 100 + 0;
    out.width = width;
    mixKeyNumber(K_WIDTH, width);
    if (!placement.isRoot && (!placement.inAutoLayout || absolute)) {
      const rawX = layout.x;
      const rawY = layout.y;
      const x = (rawX | 0) === rawX ? rawX + 0 : Math.round(rawX * 100) / 100 + 0;
      const y = (rawY | 0) === rawY ? rawY + 0 : Math.round(rawY * 100) / 100 + 0;
      out.x = x;
      mixKeyNumber(K_X, x);
      out.y = y;
      mixKeyNumber(K_Y, y);
    }
  }
  mixClose();
  return out as NormalizedNode;
}
