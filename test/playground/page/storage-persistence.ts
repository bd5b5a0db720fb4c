// Keeps the fake's figma.clientStorage across page reloads (in the page's localStorage), as
// Figma keeps a plugin's clientStorage between runs: a reload starts a fresh plugin and a fresh
// iframe, with the same saved settings.

export const PERSISTED_STORAGE_KEY = 'envelope-playground.clientStorage';

export interface ClientStorageReader {
  keysAsync(): Promise<string[]>;
  getAsync(key: string): Promise<unknown>;
}

export function readPersisted(storage: Pick<Storage, 'getItem'>): Record<string, unknown> {
  const text = storage.getItem(PERSISTED_STORAGE_KEY);
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function persistClientStorageAsync(source: ClientStorageReader, storage: Pick<Storage, 'setItem'>): Promise<void> {
  const entries: Record<string, unknown> = {};
  for (const key of await source.keysAsync()) entries[key] = await source.getAsync(key);
  storage.setItem(PERSISTED_STORAGE_KEY, JSON.stringify(entries));
}

export function clearPersisted(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(PERSISTED_STORAGE_KEY);
}
