// The plugin window's size limits, shared: the sandbox keeps every resize within them, and the
// UI's resize grip steps within them too (it cannot wait for the window at each key press).

// The UI is laid out for 360–480 px, and a window larger than most screens would hide Figma's
// own controls.
export const WINDOW_LIMITS = { minWidth: 320, maxWidth: 800, minHeight: 240, maxHeight: 1000 } as const;

export interface WindowSize {
  width: number;
  height: number;
}

/** The size to apply, rounded and kept within the limits; null when a dimension is not a number. */
export function fitWindowSize(width: number, height: number): WindowSize | null {
  if (!Number.isFinite(width) || !Number.isFinite(height)) return null;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
  return {
    width: clamp(width, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.maxWidth),
    height: clamp(height, WINDOW_LIMITS.minHeight, WINDOW_LIMITS.maxHeight),
  };
}
