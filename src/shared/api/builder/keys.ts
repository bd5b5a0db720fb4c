// Builder API keys always begin with the literal prefix `ef_` (docs/api/builder-api.md, Authentication 2).
export const BUILDER_KEY_PREFIX = 'ef_';

export function isBuilderKey(key: string): boolean {
  const trimmed = key.trim();
  return trimmed.startsWith(BUILDER_KEY_PREFIX) && trimmed.length > BUILDER_KEY_PREFIX.length && !/\s/.test(trimmed);
}
