// The part of figma.clientStorage that Envelope's stores use, as a type of its own so that any
// room (settings, the window size, sync state) can take it without importing another room.

/** figma.clientStorage as the stores see it (a fake or an in-memory map in tests). */
export interface ClientStorageLike {
  getAsync(key: string): Promise<unknown>;
  setAsync(key: string, value: unknown): Promise<void>;
  deleteAsync(key: string): Promise<void>;
}
