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
 * - frames, components, instances, slots: fills, strokes (+ weight, align), effects, corner radii
 *   (a number, or [topLeft, topRight, bottomRight, bottomLeft] when mixed), clipsContent, fill/
 *   stroke/effect style names, auto layout (`layout`: direction, padding — one number when
 *   all four sides are equal, as in CSS, else [t, r, b, l] —, gap, counterGap, align,
 *   counterAlign, primarySizing, counterSizing, wrap; for a GRID, `grid`: rowGap, columnGap and the
 *   `rows` / `columns` tracks [{type, value}]) and, for children of an auto-layout parent,
 *   `horizontalSizing` / `verticalSizing` (FIXED, HUG, FILL) and `positioning: 'ABSOLUTE'` when
 *   it is taken out of the flow; a grid's children have `grid`: {row, column (0-based), rowSpan,
 *   columnSpan (if not 1), horizontalAlign, verticalAlign (if not AUTO)}.
 * - shapes (rectangle, ellipse, vector, line, polygon, star, boolean operation): the same paint,
 *   stroke, effect and radius fields, and `geometry` (geometry.ts): an ellipse's arc [start, end,
 *   inner], a boolean operation's `booleanOperation` (if not UNION; its children follow as a
 *   group's), corner smoothing (with a radius), a star's `innerRadius` (always), a vector's paths
 *   [[windingRule, data]], a polygon's or star's `pointCount` (if not 3 / 5, Figma's new ones).
 * - auto-layout frames and their children: `limits` [minWidth, maxWidth, minHeight, maxHeight]
 *   (null where none) when any is set.
 * - stroked layers: `strokeShape` {cap, dash, join, miter} where not the defaults; masks: `mask`
 *   (the mask type); text: `paragraph` [spacing, indent], `truncate` (lines kept, 0: as fit),
 *   `list` [[start, end, type, indentation, spacing]] for the runs of paragraphs that are list
 *   items (type ORDERED / UNORDERED) or, in a text with a list, indented (type NONE); list
 *   spacing and indentation of text without a list are invisible and left out.
 * - text: characters, fontFamily, fontStyle, size, lineHeight ('24px' or '150%'),
 *   letterSpacing ('0%', '-0.5px'), align, verticalAlign, case, decoration, autoResize, text style
 *   name and hyperlink. When any of these (or the fills or fill style) is mixed, the styled runs are
 *   written as `segments` [{start, end, …}] and the mixed top-level fields are left out.
 * - instances: `componentKey` (the main component's key), `componentProperties` (the values set
 *   on this instance), and their visible children (overrides show there).
 * - paints: a plain solid paint (visible, normal blending, no variables) is its colour string
 *   `'#rrggbb[aa]'`, as in CSS; any other paint is an object: SOLID {color}, GRADIENT_* {stops
 *   [{color, position}], transform [a, b, c, d, e, f], opacity}, IMAGE {imageHash, scaleMode,
 *   opacity, rotation, scalingFactor, filters, transform (the crop, for CROP)}; an object paint
 *   keeps `visible: false` (hidden paints still matter to designers toggling them) and its
 *   variable bindings. Effects: shadows {color, offset [x, y], radius, spread,
 *   showShadowBehindNode}, blurs {radius; for a progressive one blurType, startRadius,
 *   startOffset, endOffset}. Paint and effect types without rules here (video, pattern, shader;
 *   noise, texture, glass) keep every field: keys sorted, numbers to 0.0001, colours as hex,
 *   defaults (visible, opacity 1, normal blending) left out.
 *
 * Invisible layers. A hidden layer of the component's own tree is captured in full with
 * `visible: false`: email blocks show and hide layers through BOOLEAN properties, so the
 * builder needs them. Inside instances, the snapshotter sets `figma.skipInvisibleInstanceChildren`
 * (as Figma recommends for traversal speed), so hidden layers inside instances are absent: an
 * instance is described by its main-component key, its property values and what it shows.
 *
 * Not captured (no meaning for an email builder, or not stable): node ids, selection, viewport,
 * plugin data, locked, export settings, constraints, prototyping, layout grids, the canvas
 * position of a component and the arrangement of variants inside a set.
 */
import type { JsonValue, NormalizedNode } from '../normalized-types';
import { roundAngle, roundLength, roundRatio } from '../precision';
import {
  mixClose,
  mixKey,
  mixKeyArray,
  mixKeyNumber,
  mixKeyRef,
  mixKeyString,
  mixKeyValue,
  mixString,
  stringCode,
} from '../structural-hash';
import {
  type AnyNode,
  K_BLEND_MODE,
  K_CHILDREN,
  K_CLIPS_CONTENT,
  K_COMPONENT_KEY,
  K_COMPONENT_PROPERTIES,
  K_CORNER_RADIUS,
  K_DOCUMENTATION_LINKS,
  K_EFFECTS,
  K_EFFECT_STYLE,
  K_FILLS,
  K_FILL_STYLE,
  K_GEOMETRY,
  K_GRID,
  K_HEIGHT,
  K_HORIZONTAL_SIZING,
  K_LAYOUT,
  K_LIMITS,
  K_MASK,
  K_NAME,
  K_OPACITY,
  K_POSITIONING,
  K_PROPERTY_REFS,
  K_ROTATION,
  K_STROKES,
  K_STROKE_ALIGN,
  K_STROKE_SHAPE,
  K_STROKE_STYLE,
  K_STROKE_WEIGHT,
  K_TEXT,
  K_TYPE,
  K_VERTICAL_SIZING,
  K_VISIBLE,
  K_WIDTH,
  K_X,
  K_Y,
  type Mutable,
  type NormalizeContext,
  compareFirst,
  mixKeyNumbers,
  setString,
  sortedKeys,
  stablePropertyName,
  styleRef,
} from './common';
import { shapeGeometry, strokeShape } from './geometry';
import { normalizeAutoLayout, normalizeGridCell, sizeLimits } from './layout';
import { normalizeEffect, normalizePaints } from './paints';
import { normalizeText } from './text';
import { addBoundVariables } from './variables';

const SHAPE_TYPES: Record<string, true> = {
  RECTANGLE: true,
  ELLIPSE: true,
  VECTOR: true,
  LINE: true,
  POLYGON: true,
  STAR: true,
  BOOLEAN_OPERATION: true,
};
// A SLOT is a frame whose children designers fill in (a SLOT component property's content).
const FRAME_TYPES: Record<string, true> = { FRAME: true, COMPONENT: true, INSTANCE: true, COMPONENT_SET: true, SLOT: true };

interface Placement {
  /** A component root or a variant: no x/y. */
  readonly isRoot: boolean;
  /** The parent lays this node out (auto layout, grid included). */
  readonly inAutoLayout: boolean;
  /** The parent is a grid: the node has a cell. */
  readonly inGrid: boolean;
}

const ROOT: Placement = { isRoot: true, inAutoLayout: false, inGrid: false };
const FREE_CHILD: Placement = { isRoot: false, inAutoLayout: false, inGrid: false };
const AUTO_LAYOUT_CHILD: Placement = { isRoot: false, inAutoLayout: true, inGrid: false };
const GRID_CHILD: Placement = { isRoot: false, inAutoLayout: true, inGrid: true };

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
  let names = Object.keys(properties);
  // A property without a value (a SLOT's is its layers, read as children) is left out: hashing
  // undefined would stop the snapshot.
  for (const name of names) {
    if (properties[name]!.value === undefined) {
      names = names.filter((other) => properties[other]!.value !== undefined);
      break;
    }
  }
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
    const childPlacement = isSet ? ROOT : direction === 'NONE' ? FREE_CHILD : direction === 'GRID' ? GRID_CHILD : AUTO_LAYOUT_CHILD;
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
    // A text whose ranges differ only in their fill style (same colour) has it in its segments.
    if (fillStyleId === mixed) fillsMixed = true;
    else if (fillStyleId) styleRef(ctx, out, 'fillStyle', K_FILL_STYLE, fillStyleId as string);
    const fills = paintNode.fills as ReadonlyArray<Paint> | symbol;
    if (fills === mixed) fillsMixed = true;
    else if (!fillsMixed && (fills as ReadonlyArray<Paint>).length > 0) out.fills = normalizePaints(ctx, K_FILLS, fills as ReadonlyArray<Paint>);
  }
  if (isShape || out.cornerRadius !== undefined) {
    const geometry = shapeGeometry(node, type, out.cornerRadius !== undefined);
    if (geometry !== undefined) {
      out.geometry = geometry;
      mixKeyValue(K_GEOMETRY, geometry);
    }
  }

  let absolute = false;
  let verticalSizing: string | undefined;
  const autoResize = isText ? node.textAutoResize : undefined;
  if (placement.inGrid && (node as AutoLayoutChildrenMixin).layoutPositioning !== 'ABSOLUTE') {
    mixKey(K_GRID);
    out.grid = normalizeGridCell(node as unknown as GridChildrenMixin);
  }
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
    // Min and max sizes apply to auto-layout frames and their children only (Figma refuses others).
    if (direction !== 'NONE' || placement.inAutoLayout) {
      const limits = sizeLimits(node as LayoutMixin);
      if (limits !== undefined) {
        out.limits = limits;
        mixKeyValue(K_LIMITS, limits);
      }
    }
    // A mask shapes what lies above it: turning one on or off changes the look entirely.
    const masking = node as BlendMixin;
    if (masking.isMask) setString(out, 'mask', K_MASK, masking.maskType);
  }
  const name = node.name;
  out.name = name;
  mixKeyString(K_NAME, name);
  if (!isSet) {
    const opacity = (node as BlendMixin).opacity;
    // Slices have no opacity (undefined would be written as NaN, null in JSON).
    if (opacity !== 1 && opacity !== undefined) {
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
      const shape = strokeShape(node, mixed);
      if (shape !== undefined) {
        out.strokeShape = shape;
        mixKeyValue(K_STROKE_SHAPE, shape);
      }
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
