// Builder API keys always begin with the literal prefix `ef_` (docs/api/builder-api.md, Authentication 2).
export const BUILDER_KEY_PREFIX = 'ef_';

// Past the prefix the format is not given: any keyboard character (printable ASCII) is accepted;
// anything else (an invisible space, an accented letter) cannot go in a request header at all.
// A quote mark, a comma or a semicolon at the end (", ' `  , and ; left out of the last class) is
// what a copy from JSON, JavaScript or a shell brings along, not part of a key: the builder refuses the key with it.
const BUILDER_KEY_PATTERN = /^ef_[\x21-\x7e]*[\x21\x23-\x26\x28-\x2b\x2d-\x3a\x3c-\x5f\x61-\x7e]$/;

export function isBuilderKey(key: string): boolean {
  return BUILDER_KEY_PATTERN.test(key.trim());
}
