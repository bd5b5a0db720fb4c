// The size, in Figma units, of what a Sync picture shows, so the UI can draw two pictures at one
// scale: the version's root node as the snapshot wrote it, its box grown by what its effects paint
// beyond it. Figma exports a node's render bounds (`absoluteRenderBounds`), so a card with a drop
// shadow comes larger than its box; read from the box, its scale came out larger than it is and
// it was drawn smaller than its shadowless self.
import type { PictureSize } from '../shared/bridge/messages';

const isLength = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const numberOr0 = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Units each visible effect paints beyond the box, as Figma's render bounds: a drop shadow, the box
 * moved by its offset and grown by its spread and blur radius; a layer blur, grown by its radius.
 */
function outsetOf(effects: unknown): { left: number; top: number; right: number; bottom: number } {
  const out = { left: 0, top: 0, right: 0, bottom: 0 };
  for (const effect of Array.isArray(effects) ? (effects as unknown[]) : []) {
    const { type, visible, offset, radius, spread } = (effect ?? {}) as Record<string, unknown>;
    if (visible === false || (type !== 'DROP_SHADOW' && type !== 'LAYER_BLUR')) continue;
    const [x, y] = type === 'DROP_SHADOW' && Array.isArray(offset) ? [numberOr0(offset[0]), numberOr0(offset[1])] : [0, 0];
    const grow = numberOr0(radius) + (type === 'DROP_SHADOW' ? numberOr0(spread) : 0);
    out.left = Math.max(out.left, grow - x);
    out.top = Math.max(out.top, grow - y);
    out.right = Math.max(out.right, grow + x);
    out.bottom = Math.max(out.bottom, grow + y);
  }
  return out;
}

/**
 * Undefined when the size is not known: no version, a component set (its node has no size of its
 * own), or a node written by another client without one. Never guessed.
 */
export function pictureSizeOf(version: { node: unknown } | null | undefined): PictureSize | undefined {
  const node = version?.node;
  if (typeof node !== 'object' || node === null) return undefined;
  const { width, height, effects } = node as { width?: unknown; height?: unknown; effects?: unknown };
  if (!isLength(width) || !isLength(height)) return undefined;
  const { left, top, right, bottom } = outsetOf(effects);
  return { width: left + width + right, height: top + height + bottom };
}
