// Shape details a designer edits without touching size, fills or strokes' paints: a vector's
// paths, an ellipse's arc, a boolean operation's kind, a star's or polygon's points, corner
// smoothing, how strokes end, join and dash (masks are written by node.ts). Each is written only when it differs from
// Figma's default, so most layers cost one or two reads.
import type { JsonValue } from '../normalized-types';
import { roundLength, roundRatio } from '../precision';
import type { Mutable } from './common';

const FULL_TURN = roundRatio(2 * Math.PI);

// A new polygon is a triangle, a new star has five points (typings, createPolygon / createStar).
const DEFAULT_POINTS: Record<string, number> = { POLYGON: 3, STAR: 5 };

/**
 * `geometry`: {arc [start, end, inner] (radians, ratio), booleanOperation (not UNION),
 * cornerSmoothing, innerRadius (a star's, always: the typings give no default), paths
 * [[windingRule, data]], pointCount (a polygon's if not 3, a star's if not 5)}, keys in canonical
 * order; undefined when all are defaults. `rounded`: the layer has a corner radius (smoothing
 * changes nothing without one).
 */
export function shapeGeometry(node: SceneNode, type: string, rounded: boolean): Mutable | undefined {
  let out: Mutable | undefined;
  if (type === 'ELLIPSE') {
    const arc = (node as EllipseNode).arcData;
    const start = roundRatio(arc.startingAngle);
    const end = roundRatio(arc.endingAngle);
    const inner = roundRatio(arc.innerRadius);
    if (start !== 0 || end !== FULL_TURN || inner !== 0) (out ??= {}).arc = [start, end, inner];
  }
  if (type === 'BOOLEAN_OPERATION') {
    const operation = (node as BooleanOperationNode).booleanOperation;
    if (operation !== 'UNION') (out ??= {}).booleanOperation = operation;
  }
  if (rounded) {
    const smoothing = (node as CornerMixin).cornerSmoothing;
    if (smoothing) (out ??= {}).cornerSmoothing = roundRatio(smoothing);
  }
  if (type === 'STAR') (out ??= {}).innerRadius = roundRatio((node as StarNode).innerRadius);
  if (type === 'VECTOR') {
    const paths = (node as VectorNode).vectorPaths;
    if (paths.length > 0) {
      const list: JsonValue[] = [];
      for (const path of paths) list.push([path.windingRule, path.data]);
      (out ??= {}).paths = list;
    }
  }
  const defaultPoints = DEFAULT_POINTS[type];
  if (defaultPoints !== undefined) {
    const points = (node as PolygonNode | StarNode).pointCount;
    if (points !== defaultPoints) (out ??= {}).pointCount = points;
  }
  return out;
}

/**
 * `strokeShape`: {cap, dash, join, miter} for a stroked layer, keys in canonical order, `'MIXED'`
 * where a vector's ends or joins differ; undefined when all are defaults (no cap, no dash, mitred
 * joins with Figma's limit of 4).
 */
export function strokeShape(node: SceneNode, mixed: symbol): Mutable | undefined {
  const stroked = node as GeometryMixin;
  let out: Mutable | undefined;
  if ('strokeCap' in stroked) {
    const cap = stroked.strokeCap as string | symbol;
    if (cap !== 'NONE') (out ??= {}).cap = cap === mixed ? 'MIXED' : (cap as string);
  }
  const dash = stroked.dashPattern;
  if (dash.length > 0) {
    const lengths: number[] = [];
    for (const length of dash) lengths.push(roundLength(length));
    (out ??= {}).dash = lengths;
  }
  const join = stroked.strokeJoin as string | symbol;
  if (join !== 'MITER') (out ??= {}).join = join === mixed ? 'MIXED' : (join as string);
  if ('strokeMiterLimit' in stroked && join === 'MITER' && stroked.strokeMiterLimit !== 4) (out ??= {}).miter = roundRatio(stroked.strokeMiterLimit);
  return out;
}
