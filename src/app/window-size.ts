// The plugin window's size the person last gave it (clientStorage, so it is theirs alone and
// follows them across files), which the next launch opens at. Its limits: src/shared/window.
import type { ClientStorageLike } from '../platform/client-storage';
import { fitWindowSize, type WindowSize } from '../shared/window/window-size-limits';

export const DEFAULT_WINDOW_SIZE = { width: 400, height: 600 } as const;
export const WINDOW_SIZE_STORAGE_KEY = 'envelope.window.size';

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
