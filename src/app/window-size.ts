// The plugin window's size: limits, and the size the person last gave it (clientStorage, so it
// is theirs alone and follows them across files), which the next launch opens at.
import type { ClientStorageLike } from '../platform/client-storage';

// The UI is laid out for 360–480 px, and a window larger than most screens would hide Figma's
// own controls.
export const WINDOW_LIMITS = { minWidth: 320, maxWidth: 800, minHeight: 240, maxHeight: 1000 } as const;
export const DEFAULT_WINDOW_SIZE = { width: 400, height: 600 } as const;
export const WINDOW_SIZE_STORAGE_KEY = 'envelope.window.size';

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

/** The size saved by the last resize, or the default when there is none or it cannot be read. */
export async function readWindowSizeAsync(storage: ClientStorageLike): Promise<WindowSize> {
  try {
    const saved = (await storage.getAsync(WINDOW_SIZE_STORAGE_KEY)) as Partial<WindowSize> | undefined;
    if (saved && typeof saved === 'object') {
      const fitted = fitWindowSize(Number(saved.width), Number(saved.height));
      if (fitted) return fitted;
    }
  } catch {
    // A size is a convenience: never keep the plugin from opening over it.
  }
  return { ...DEFAULT_WINDOW_SIZE };
}

export function saveWindowSizeAsync(storage: ClientStorageLike, size: WindowSize): Promise<void> {
  return storage.setAsync(WINDOW_SIZE_STORAGE_KEY, { width: size.width, height: size.height });
}
