// Library API keys (api-assumptions: "key prefix"): `<prefix>_live_<random>`, checked after trimming.
export const LIBRARY_KEY_PATTERN = /^[a-z0-9]+_live_[A-Za-z0-9]{8,}$/;

export function isLibraryKey(key: string): boolean {
  return LIBRARY_KEY_PATTERN.test(key.trim());
}
