// Limits for the plugin window: the UI is laid out for 360–480 px, and a window larger than
// most screens would hide Figma's own controls.
export const WINDOW_LIMITS = { minWidth: 320, maxWidth: 800, minHeight: 240, maxHeight: 1000 } as const;

/** The size to apply, rounded and kept within the limits; null when a dimension is not a number. */
export function fitWindowSize(width: number, height: number): { width: number; height: number } | null {
  if (!Number.isFinite(width) || !Number.isFinite(height)) return null;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
  return {
    width: clamp(width, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.maxWidth),
    height: clamp(height, WINDOW_LIMITS.minHeight, WINDOW_LIMITS.maxHeight),
  };
}
