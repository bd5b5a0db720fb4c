// The screen the person used last, kept per user in clientStorage (never in the file): Envelope
// opens at it next time when no menu command names a screen.
import type { ClientStorageLike } from '../platform/client-storage';
import { screenSchema, type Screen } from '../shared/bridge/messages';

export const LAST_SCREEN_STORAGE_KEY = 'envelope.ui.lastScreen';

/** The remembered screen, or null when none is kept or it is not one of today's screens. */
export async function readLastScreenAsync(storage: ClientStorageLike): Promise<Screen | null> {
  try {
    const parsed = screenSchema.safeParse(await storage.getAsync(LAST_SCREEN_STORAGE_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    // A remembered screen is a convenience: never keep the plugin from opening over it.
    return null;
  }
}

export function saveLastScreenAsync(storage: ClientStorageLike, screen: Screen): Promise<void> {
  return storage.setAsync(LAST_SCREEN_STORAGE_KEY, screen);
}
