// Shape details a designer edits without touching size, fills or strokes' paints: a vector's
// paths, an ellipse's arc, corner smoothing, how strokes end, join and dash, masks. Each is
// written only when it differs from Figma's default, so most layers cost one or two reads.
import type { JsonValue } from '../normalized-types';
import { roundLength, roundRatio } from '../precision';
import type { Mutable } from './common';

const FULL_TURN = roundRatio(2 * Math.PI);

/**
 * `geometry`: {arc [start, end, inner] (radians, ratio), cornerSmoothing, paths [[windingRule,
 * data]]}, keys in canonical order; undefined when all are defaults. `rounded`: the layer has a
 * corner radius (smoothing changes nothing without one).
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
  if (rounded) {
    const smoothing = (node as CornerMixin).cornerSmoothing;
    if (smoothing) (out ??= {}).cornerSmoothing = roundRatio(smoothing);
  }
  if (type === 'VECTOR') {
    const paths = (node as VectorNode).vectorPaths;
    if (paths.length > 0) {
      const list: JsonValue[] = [];
      for (const path of paths) list.push([path.windingRule, path.data]);
      (out ??= {}).paths = list;
    }
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
