// Paints and effects: a plain solid paint as its colour string, any other paint or effect as an
// object (the format's rules are in node.ts).
import { colorToHex, rgbHex } from '../color';
import type { JsonValue } from '../normalized-types';
import { roundAngle, roundLength, roundRatio } from '../precision';
import {
  mixClose,
  mixKey,
  mixKeyArray,
  mixKeyNumber,
  mixKeyString,
  mixKeyValue,
  mixString,
  mixStringCode,
  stringCode,
  type StringCode,
} from '../structural-hash';
import {
  K_BLEND_MODE,
  K_BLUR_TYPE,
  K_COLOR,
  K_END_OFFSET,
  K_FILTERS,
  K_IMAGE_HASH,
  K_OFFSET,
  K_OPACITY,
  K_POSITION,
  K_RADIUS,
  K_ROTATION,
  K_SCALE_MODE,
  K_SCALING_FACTOR,
  K_SHOW_SHADOW_BEHIND_NODE,
  K_SPREAD,
  K_START_OFFSET,
  K_START_RADIUS,
  K_STOPS,
  K_TRANSFORM,
  K_TYPE,
  K_VISIBLE,
  type Mutable,
  type NormalizeContext,
  mixKeyNumbers,
  setString,
  sortedKeys,
} from './common';
import { addBoundVariables } from './variables';

function transformToList(transform: Transform): number[] {
  const [row0, row1] = transform;
  return [roundRatio(row0[0]), roundRatio(row0[1]), roundRatio(row0[2]), roundRatio(row1[0]), roundRatio(row1[1]), roundRatio(row1[2])];
}

/**
 * Any other field of a paint or effect type the format has no rules for (video, pattern and
 * shader paints; noise, texture, glass and shader effects): JSON-safe, keys sorted, numbers to
 * 0.0001, colours as hex. Not built for an email builder, but an edit must still change the hash.
 */
function plainValue(value: unknown): JsonValue {
  if (typeof value === 'number') return roundRatio(value);
  if (typeof value !== 'object' || value === null) return typeof value === 'string' || typeof value === 'boolean' ? value : null;
  if (Array.isArray(value)) return value.map(plainValue);
  const record = value as Record<string, unknown>;
  if (typeof record.r === 'number' && typeof record.g === 'number' && typeof record.b === 'number') {
    return colorToHex(record as unknown as RGB, typeof record.a === 'number' ? record.a : 1);
  }
  const out: Mutable = {};
  for (const key of sortedKeys(record)) if (record[key] !== undefined) out[key] = plainValue(record[key]);
  return out;
}

/** Fields the generic rule leaves out: variables are taken from the layer, metadata is a definition. */
const GENERIC_SKIPPED: Record<string, true> = { boundVariables: true, propertyMetadata: true };

/** Writes every field of `item` not yet in `out` by the generic rule (defaults left out), and closes it. */
function writeGeneric(out: Mutable, item: object): Mutable {
  const record = item as Record<string, unknown>;
  for (const key of sortedKeys(record)) {
    const value = record[key];
    if (value === undefined || key in out || GENERIC_SKIPPED[key] === true) continue;
    if ((key === 'visible' && value !== false) || (key === 'opacity' && value === 1) || (key === 'blendMode' && blendModeOf(value as BlendMode) === undefined)) continue;
    const plain = plainValue(value);
    out[key] = plain;
    mixKeyValue(stringCode(key), plain);
  }
  mixClose();
  return out;
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
      // The crop: which part of the image shows (Figma keeps it only for CROP).
      if (paint.scaleMode === 'CROP' && paint.imageTransform !== undefined) {
        const transform = transformToList(paint.imageTransform);
        out.transform = transform;
        mixKeyNumbers(K_TRANSFORM, transform);
      }
      break;
    }
    default:
      return writeGeneric(out, paint);
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
export function normalizePaints(ctx: NormalizeContext, key: StringCode, paints: ReadonlyArray<Paint>): JsonValue[] {
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
  } else if (effect.type === 'LAYER_BLUR' || effect.type === 'BACKGROUND_BLUR') {
    const progressive = effect.blurType === 'PROGRESSIVE';
    if (progressive) {
      setString(out, 'blurType', K_BLUR_TYPE, effect.blurType);
      const end = [roundLength(effect.endOffset.x), roundLength(effect.endOffset.y)];
      out.endOffset = end;
      mixKeyNumbers(K_END_OFFSET, end);
    }
    out.radius = roundLength(effect.radius);
    mixKeyNumber(K_RADIUS, out.radius);
    if (progressive) {
      const start = [roundLength(effect.startOffset.x), roundLength(effect.startOffset.y)];
      out.startOffset = start;
      mixKeyNumbers(K_START_OFFSET, start);
      out.startRadius = roundLength(effect.startRadius);
      mixKeyNumber(K_START_RADIUS, out.startRadius);
    }
  } else {
    return writeGeneric(out, effect);
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
