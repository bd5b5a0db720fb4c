// The size, in Figma units, of the version a Sync picture shows: its root node's width and
// height as the snapshot wrote them, so the UI can draw two pictures at one scale.
import type { PictureSize } from '../shared/bridge/messages';

const isLength = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * Undefined when the size is not known: no version, a component set (its node has no size of its
 * own), or a node written by another client without one. Never guessed.
 */
export function pictureSizeOf(version: { node: unknown } | null | undefined): PictureSize | undefined {
  const node = version?.node;
  if (typeof node !== 'object' || node === null) return undefined;
  const { width, height } = node as { width?: unknown; height?: unknown };
  return isLength(width) && isLength(height) ? { width, height } : undefined;
}
