// assumption: library keys look like `<prefix>_live_<random>` and are checked after trimming (any lower-case prefix; the emulator uses `lib`).
export const LIBRARY_KEY_PATTERN = /^[a-z0-9]+_live_[A-Za-z0-9]{8,}$/;

export function isLibraryKey(key: string): boolean {
  return LIBRARY_KEY_PATTERN.test(key.trim());
}
