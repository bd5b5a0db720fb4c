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
 * counterAlign MIN, gap 0, padding 0, primarySizing and counterSizing AUTO; child sizing FIXED;
 * text align LEFT, verticalAlign TOP, autoResize NONE, case ORIGINAL, decoration NONE,
 * letterSpacing 0, lineHeight auto.
 * - every node: type, name, visible (only `false` is written), width, height, x/y relative to
 *   the parent (not for a component root or a variant, and not for children placed by their
 *   parent's auto layout unless absolutely positioned), rotation (if not 0), opacity (if not 1),
 *   blendMode (if not NORMAL / PASS_THROUGH), bound variables by name, component property
 *   references (`propertyRefs`).
 * - frames, components, instances: fills, strokes (+ weight, align), effects, corner radii
 *   (a number, or [topLeft, topRight, bottomRight, bottomLeft] when mixed), clipsContent, fill/
 *   stroke/effect style names, auto layout (`layout`: direction, padding [t, r, b, l], gap,
 *   counterGap, align, counterAlign, primarySizing, counterSizing, wrap) and, for children of
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
 * - paints: SOLID {color}, GRADIENT_* {stops [{color, position}], transform [a, b, c, d, e, f],
 *   opacity}, IMAGE {imageHash, scaleMode, opacity, rotation, scalingFactor, filters}; any paint
 *   keeps `visible: false` (hidden paints still matter to designers toggling them) and its
 *   variable bindings. Effects: shadows {color, offset [x, y], radius, spread,
 *   showShadowBehindNode}, blurs {radius}.
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
import { colorToHex } from './color';
import type { JsonValue, NormalizedNode } from './normalized-types';
import { roundAngle, roundLength, roundRatio } from './precision';
import type { ReferenceCollector } from './references';

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

// ---------------------------------------------------------------------------------------------
// Variables

function variableRef(ctx: NormalizeContext, alias: VariableAlias, target: unknown[] | Mutable, field: string | number): string {
  ctx.refs.add('variable', target, field, alias.id);
  return alias.id; // placeholder, replaced by {collection, name}
}

/** Callers skip empty records (checked inline: most layers have none). */
function normalizeBoundVariables(ctx: NormalizeContext, bound: Record<string, unknown>): Mutable | undefined {
  const fields = sortedKeys(bound);
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
      const names = Object.keys(record)
        .map((name) => [stablePropertyName(ctx, name), name] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [stable, name] of names) nested[stable] = variableRef(ctx, record[name]!, nested, stable);
      out[field] = nested;
      any = true;
    }
  }
  return any ? out : undefined;
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
  if (blendMode !== undefined && blendMode !== 'NORMAL' && blendMode !== 'PASS_THROUGH') out.blendMode = blendMode;
  const paintBound = (paint as SolidPaint).boundVariables;
  if (paintBound) {
    for (const _ in paintBound) {
      const bound = normalizeBoundVariables(ctx, paintBound);
      if (bound !== undefined) out.boundVariables = bound;
      break;
    }
  }
  const opacity = paint.opacity === undefined ? 1 : paint.opacity;
  switch (paint.type) {
    case 'SOLID':
      out.color = colorToHex(paint.color, opacity);
      break;
    case 'GRADIENT_LINEAR':
    case 'GRADIENT_RADIAL':
    case 'GRADIENT_ANGULAR':
    case 'GRADIENT_DIAMOND': {
      if (opacity !== 1) out.opacity = roundRatio(opacity);
      const stops: JsonValue[] = [];
      for (const stop of paint.gradientStops) stops.push({ color: colorToHex(stop.color, stop.color.a), position: roundRatio(stop.position) });
      out.stops = stops;
      out.transform = transformToList(paint.gradientTransform);
      break;
    }
    case 'IMAGE': {
      const filters = paint.filters;
      if (filters) {
        const keys = sortedKeys(filters).filter((key) => (filters as Record<string, number | undefined>)[key]);
        if (keys.length > 0) {
          const normalized: Mutable = {};
          for (const key of keys) normalized[key] = roundRatio((filters as Record<string, number>)[key]!);
          out.filters = normalized;
        }
      }
      out.imageHash = paint.imageHash;
      if (opacity !== 1) out.opacity = roundRatio(opacity);
      if (paint.rotation) out.rotation = roundAngle(paint.rotation);
      out.scaleMode = paint.scaleMode;
      if (paint.scaleMode === 'TILE' && paint.scalingFactor !== undefined) out.scalingFactor = roundRatio(paint.scalingFactor);
      break;
    }
    default:
      if (opacity !== 1) out.opacity = roundRatio(opacity);
  }
  out.type = paint.type;
  if (paint.visible === false) out.visible = false;
  return out;
}

function normalizePaints(ctx: NormalizeContext, paints: ReadonlyArray<Paint>): JsonValue[] {
  const out: JsonValue[] = [];
  for (const paint of paints) out.push(normalizePaint(ctx, paint));
  return out;
}

export function normalizeEffect(effect: Effect): Mutable {
  const out: Mutable = {};
  if (effect.type === 'DROP_SHADOW' || effect.type === 'INNER_SHADOW') {
    const blendMode = blendModeOf(effect.blendMode);
    if (blendMode !== undefined) out.blendMode = blendMode;
    out.color = colorToHex(effect.color, effect.color.a);
    out.offset = [roundLength(effect.offset.x), roundLength(effect.offset.y)];
    out.radius = roundLength(effect.radius);
    if (effect.type === 'DROP_SHADOW' && effect.showShadowBehindNode) out.showShadowBehindNode = true;
    if (effect.spread) out.spread = roundLength(effect.spread);
  } else if ('radius' in effect) {
    out.radius = roundLength(effect.radius);
  }
  out.type = effect.type;
  if (!effect.visible) out.visible = false;
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

function normalizeHyperlink(link: HyperlinkTarget | null): JsonValue | undefined {
  return link ? { type: link.type, value: link.value } : undefined;
}

function styleRef(ctx: NormalizeContext, target: Mutable, field: string, id: string): void {
  target[field] = id; // placeholder, replaced by the style's name
  ctx.refs.add('style', target, field, id);
}

function normalizeSegments(ctx: NormalizeContext, node: TextNode): JsonValue[] {
  const segments = node.getStyledTextSegments(SEGMENT_FIELDS as unknown as Array<(typeof SEGMENT_FIELDS)[number]>);
  const out: JsonValue[] = [];
  for (const segment of segments) {
    const item: Mutable = {};
    const decoration = segment.textDecoration;
    if (segment.textCase !== 'ORIGINAL') item.case = segment.textCase;
    if (decoration !== 'NONE') item.decoration = decoration;
    item.end = segment.end;
    if (segment.fillStyleId) styleRef(ctx, item, 'fillStyle', segment.fillStyleId);
    item.fills = normalizePaints(ctx, segment.fills);
    item.fontFamily = segment.fontName.family;
    item.fontStyle = segment.fontName.style;
    const link = normalizeHyperlink(segment.hyperlink);
    if (link !== undefined) item.hyperlink = link;
    const spacing = normalizeLetterSpacing(segment.letterSpacing);
    if (spacing !== undefined) item.letterSpacing = spacing;
    const lineHeight = normalizeLineHeight(segment.lineHeight);
    if (lineHeight !== undefined) item.lineHeight = lineHeight;
    item.size = roundLength(segment.fontSize);
    item.start = segment.start;
    if (segment.textStyleId) styleRef(ctx, item, 'textStyle', segment.textStyleId);
    out.push(item);
  }
  return out;
}

function normalizeText(ctx: NormalizeContext, node: TextNode, fillsMixed: boolean): Mutable {
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
  if (align !== 'LEFT') out.align = align;
  const autoResize = node.textAutoResize;
  if (autoResize !== 'NONE') out.autoResize = autoResize;
  if (!anyMixed && textCase !== 'ORIGINAL') out.case = textCase as string;
  out.characters = node.characters;
  if (!anyMixed && decoration !== 'NONE') out.decoration = decoration as string;
  if (!anyMixed) {
    const font = fontName as FontName;
    out.fontFamily = font.family;
    out.fontStyle = font.style;
    if (hyperlink) {
      const target = hyperlink as HyperlinkTarget;
      out.hyperlink = { type: target.type, value: target.value };
    }
    // Defaults (no spacing, auto line height) checked inline: the common case needs no call.
    if ((letterSpacing as LetterSpacing).value !== 0) out.letterSpacing = normalizeLetterSpacing(letterSpacing as LetterSpacing);
    if ((lineHeight as LineHeight).unit !== 'AUTO') out.lineHeight = normalizeLineHeight(lineHeight as LineHeight);
  } else {
    out.segments = normalizeSegments(ctx, node);
  }
  if (!anyMixed) {
    const size = Math.round((fontSize as number) * 100) / 100;
    out.size = size === 0 ? 0 : size;
    if (textStyleId) styleRef(ctx, out, 'textStyle', textStyleId as string);
  }
  const verticalAlign = node.textAlignVertical;
  if (verticalAlign !== 'TOP') out.verticalAlign = verticalAlign;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Layout

function normalizeAutoLayout(node: FrameNode | ComponentNode | InstanceNode): Mutable | undefined {
  const direction = node.layoutMode;
  if (direction === 'NONE') return undefined;
  const wrap = node.layoutWrap === 'WRAP';
  const out: Mutable = {};
  const align = node.primaryAxisAlignItems;
  if (align !== 'MIN') out.align = align;
  const counterAlign = node.counterAxisAlignItems;
  if (counterAlign !== 'MIN') out.counterAlign = counterAlign;
  if (wrap) {
    const counterGap = node.counterAxisSpacing;
    if (counterGap !== null) out.counterGap = roundLength(counterGap);
  }
  const counterSizing = node.counterAxisSizingMode;
  if (counterSizing !== 'AUTO') out.counterSizing = counterSizing;
  out.direction = direction;
  // Rounded inline as roundLength does (`+ 0` turns -0 into 0): one call per value costs as
  // much as the rounding in the interpreter.
  const gap = Math.round(node.itemSpacing * 100) / 100 + 0;
  if (gap !== 0) out.gap = gap;
  const top = Math.round(node.paddingTop * 100) / 100 + 0;
  const right = Math.round(node.paddingRight * 100) / 100 + 0;
  const bottom = Math.round(node.paddingBottom * 100) / 100 + 0;
  const left = Math.round(node.paddingLeft * 100) / 100 + 0;
  if (top !== 0 || right !== 0 || bottom !== 0 || left !== 0) out.padding = [top, right, bottom, left];
  const primarySizing = node.primaryAxisSizingMode;
  if (primarySizing !== 'AUTO') out.primarySizing = primarySizing;
  if (wrap) out.wrap = true;
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

function normalizeCornerRadius(ctx: NormalizeContext, node: RectangleNode | FrameNode): JsonValue | undefined {
  const radius = node.cornerRadius as number | symbol;
  if (radius === ctx.mixed) {
    return [roundLength(node.topLeftRadius), roundLength(node.topRightRadius), roundLength(node.bottomRightRadius), roundLength(node.bottomLeftRadius)];
  }
  return radius ? roundLength(radius as number) : undefined;
}

function normalizeStrokeWeight(ctx: NormalizeContext, node: GeometryMixin & Partial<IndividualStrokesMixin>): JsonValue {
  const weight = node.strokeWeight as number | symbol;
  if (weight === ctx.mixed && node.strokeTopWeight !== undefined) {
    return [roundLength(node.strokeTopWeight), roundLength(node.strokeRightWeight!), roundLength(node.strokeBottomWeight!), roundLength(node.strokeLeftWeight!)];
  }
  return roundLength(weight as number);
}

/** Normalizes `node` and its subtree. `placement` says how its position is determined. */
export function normalizeNode(ctx: NormalizeContext, node: AnyNode, placement: Placement = ROOT, documentationLinks?: string[]): NormalizedNode {
  const type = node.type;
  if (ctx.nodeIds) ctx.nodeIds.push(node.id);
  const isFrame = FRAME_TYPES[type] === true;
  const isShape = SHAPE_TYPES[type] === true;
  const isText = type === 'TEXT';
  const hasPaint = isFrame || isShape || isText;
  const mixed = ctx.mixed;

  const out: Mutable = {};
  const blendMode = (node as BlendMixin).blendMode;
  if (blendMode !== undefined && blendMode !== 'NORMAL' && blendMode !== 'PASS_THROUGH') out.blendMode = blendMode;
  const nodeBound = (node as SceneNodeMixin).boundVariables;
  if (nodeBound) {
    // Most layers have none: checked without a call or a key list.
    for (const _ in nodeBound) {
      const bound = normalizeBoundVariables(ctx, nodeBound);
      if (bound !== undefined) out.boundVariables = bound;
      break;
    }
  }

  // Children are written here (key order) but filled in last.
  let childList: JsonValue[] | undefined;
  let autoLayout: Mutable | undefined;
  if (type === 'COMPONENT_SET' || isFrame || type === 'GROUP' || type === 'BOOLEAN_OPERATION') {
    childList = [];
    out.children = childList;
  }
  if (isFrame && type !== 'COMPONENT_SET') {
    const frame = node as FrameNode;
    if (frame.clipsContent) out.clipsContent = true;
    autoLayout = normalizeAutoLayout(frame);
  }
  if (type === 'INSTANCE') {
    const instance = node;
    out.componentKey = instance.id; // placeholder, replaced by the main component's key
    ctx.refs.addInstance(out, 'componentKey', instance, instance.id);
    const properties = instance.componentProperties;
    const names = Object.keys(properties);
    if (names.length > 0) {
      const values: Mutable = {};
      const entries = names.length === 1 ? [[stablePropertyName(ctx, names[0]!), names[0]!] as const] : names.map((name) => [stablePropertyName(ctx, name), name] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [stable, name] of entries) {
        const property = properties[name]!;
        if (property.type === 'INSTANCE_SWAP' && typeof property.value === 'string') {
          values[stable] = property.value;
          ctx.refs.add('component-id', values, stable, property.value);
        } else {
          values[stable] = property.value;
        }
      }
      out.componentProperties = values;
    }
  }
  if ((isFrame && type !== 'COMPONENT_SET') || type === 'RECTANGLE') {
    const radius = normalizeCornerRadius(ctx, node as FrameNode);
    if (radius !== undefined) out.cornerRadius = radius;
  } else if (isShape && 'cornerRadius' in node) {
    const radius = (node as EllipseNode).cornerRadius as number | symbol;
    if (radius !== mixed && radius) out.cornerRadius = roundLength(radius as number);
  }
  if (documentationLinks !== undefined && documentationLinks.length > 0) out.documentationLinks = documentationLinks;

  if (type !== 'COMPONENT_SET' && (hasPaint || type === 'GROUP')) {
    const effectNode = node as BlendMixin;
    const effectStyleId = effectNode.effectStyleId;
    if (effectStyleId) styleRef(ctx, out, 'effectStyle', effectStyleId);
    const effects = effectNode.effects;
    const effectCount = effects.length;
    if (effectCount > 0) {
      const list: JsonValue[] = [];
      for (let i = 0; i < effectCount; i++) list.push(normalizeEffect(effects[i]!));
      out.effects = list;
    }
  }

  let fillsMixed = false;
  if (hasPaint && type !== 'COMPONENT_SET') {
    const paintNode = node as MinimalFillsMixin;
    const fillStyleId = paintNode.fillStyleId as string | symbol;
    if (fillStyleId !== mixed && fillStyleId) styleRef(ctx, out, 'fillStyle', fillStyleId as string);
    const fills = paintNode.fills as ReadonlyArray<Paint> | symbol;
    if (fills === mixed) fillsMixed = true;
    else {
      const list = fills as ReadonlyArray<Paint>;
      const count = list.length;
      if (count > 0) {
        const normalized: JsonValue[] = [];
        for (let i = 0; i < count; i++) normalized.push(normalizePaint(ctx, list[i]!));
        out.fills = normalized;
      }
    }
  }

  let absolute = false;
  let verticalSizing: string | undefined;
  if (type !== 'COMPONENT_SET') {
    const layout = node as LayoutMixin;
    // Lengths rounded inline (as roundLength does) for the fields every layer has: a call per
    // value is a noticeable share of the work in the sandbox's interpreter.
    const height = Math.round(layout.height * 100) / 100;
    out.height = height === 0 ? 0 : height;
    if (placement.inAutoLayout) {
      // Guarded with `in`: not every layer type has every layout field (e.g. in the fake).
      const child = node as AutoLayoutChildrenMixin & LayoutMixin;
      absolute = 'layoutPositioning' in child && child.layoutPositioning === 'ABSOLUTE';
      if ('layoutSizingHorizontal' in child) {
        const horizontal = child.layoutSizingHorizontal;
        if (horizontal !== 'FIXED') out.horizontalSizing = horizontal;
        const vertical = child.layoutSizingVertical;
        if (vertical !== 'FIXED') verticalSizing = vertical;
      }
    }
    if (autoLayout !== undefined) out.layout = autoLayout;
  }
  out.name = node.name;
  if (type !== 'COMPONENT_SET') {
    const opacity = (node as BlendMixin).opacity;
    if (opacity !== 1) out.opacity = roundRatio(opacity);
  }
  if (absolute) out.positioning = 'ABSOLUTE';
  const references = (node as SceneNodeMixin).componentPropertyReferences;
  if (references) {
    const fields = sortedKeys(references) as Array<keyof typeof references>;
    if (fields.length > 0) {
      const refs: Mutable = {};
      for (const field of fields) refs[field] = stablePropertyName(ctx, references[field]!);
      out.propertyRefs = refs;
    }
  }
  if (type !== 'COMPONENT_SET') {
    const rotation = (node as LayoutMixin).rotation;
    if (rotation) {
      const angle = roundAngle(rotation);
      if (angle !== 0) out.rotation = angle;
    }
  }

  if (hasPaint && type !== 'COMPONENT_SET') {
    const strokeNode = node as MinimalStrokesMixin & GeometryMixin;
    const strokes = strokeNode.strokes;
    if (strokes.length > 0) {
      out.strokeAlign = strokeNode.strokeAlign;
      const strokeStyleId = strokeNode.strokeStyleId;
      if (strokeStyleId) styleRef(ctx, out, 'strokeStyle', strokeStyleId);
      out.strokeWeight = normalizeStrokeWeight(ctx, strokeNode);
      out.strokes = normalizePaints(ctx, strokes);
    }
  }
  if (isText) out.text = normalizeText(ctx, node, fillsMixed);
  out.type = type;
  if (verticalSizing !== undefined) out.verticalSizing = verticalSizing;
  if (!node.visible) out.visible = false;
  if (type !== 'COMPONENT_SET') {
    const layout = node as LayoutMixin;
    const width = Math.round(layout.width * 100) / 100;
    out.width = width === 0 ? 0 : width;
    const positioned = !placement.isRoot && (!placement.inAutoLayout || absolute);
    if (positioned) {
      out.x = Math.round(layout.x * 100) / 100 + 0;
      out.y = Math.round(layout.y * 100) / 100 + 0;
    }
  }

  if (childList !== undefined) {
    const children = (node as ChildrenMixin).children;
    if (type === 'COMPONENT_SET') {
      const variants: Array<{ name: string; node: NormalizedNode }> = [];
      for (const child of children) variants.push({ name: child.name, node: normalizeNode(ctx, child, ROOT) });
      variants.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const variant of variants) childList.push(variant.node);
    } else {
      const childPlacement = autoLayout !== undefined ? AUTO_LAYOUT_CHILD : FREE_CHILD;
      for (const child of children) childList.push(normalizeNode(ctx, child, childPlacement));
    }
  }
  return out as NormalizedNode;
}
