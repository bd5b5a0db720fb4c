// figma.clientStorage: per-plugin key/value storage on the user's machine. Values are copied
// in and out (objects, arrays, strings, numbers, booleans, null, undefined, Uint8Array) and the
// total is capped at 5 MB, measured as Figma documents it: key size + value as JSON, with a
// Uint8Array counting its byte length.
import { isUint8ArrayValue } from './realm-checks';
import { figmaError, validationError } from './figma-errors';
import { structuredCloneValue, utf8Length, type CloneRules } from './structured-clone';

/** Figma documents "5MB"; the fake takes the stricter reading (5,000,000 bytes). */
export const CLIENT_STORAGE_LIMIT_BYTES = 5_000_000;

const RULES: CloneRules = { context: 'figma.clientStorage.setAsync', allowRichTypes: false, allowOtherTypedArrays: false };

/** Stored size of one entry: key + JSON of the value, Uint8Array counted by length. */
export function storedSize(key: string, value: unknown): number {
  let binaryBytes = 0;
  let binaryCount = 0;
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (isUint8ArrayValue(v)) {
      binaryBytes += v.length;
      binaryCount++;
      return '';
    }
    return v;
  });
  // Each Uint8Array was replaced by "" (2 bytes) in the JSON.
  return utf8Length(key) + (json === undefined ? 0 : utf8Length(json) - 2 * binaryCount) + binaryBytes;
}

export class FakeClientStorage {
  private readonly entries = new Map<string, { value: unknown; size: number }>();

  constructor(initial: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(initial)) {
      const copy = structuredCloneValue(value, RULES);
      this.entries.set(key, { value: copy, size: storedSize(key, copy) });
    }
  }

  totalBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.size;
    return total;
  }

  api(): ClientStorageAPI {
    const checkKey = (api: string, key: unknown): string => {
      if (typeof key !== 'string') throw validationError(api, 'a string key', key);
      return key;
    };
    return {
      getAsync: async (key: string) => {
        checkKey('clientStorage.getAsync', key);
        await Promise.resolve();
        const entry = this.entries.get(key);
        return entry === undefined ? undefined : structuredCloneValue(entry.value, { ...RULES, context: 'figma.clientStorage.getAsync' });
      },
      setAsync: async (key: string, value: unknown) => {
        checkKey('clientStorage.setAsync', key);
        const copy = structuredCloneValue(value, RULES);
        const size = storedSize(key, copy);
        const total = this.totalBytes() - (this.entries.get(key)?.size ?? 0) + size;
        await Promise.resolve();
        if (total > CLIENT_STORAGE_LIMIT_BYTES) {
          throw figmaError(
            'clientStorage.setAsync',
            `Storage quota exceeded: storing "${key}" (${size} bytes) would bring this plugin's client storage to ${total} bytes; the limit is 5 MB (${CLIENT_STORAGE_LIMIT_BYTES} bytes)`,
          );
        }
        this.entries.set(key, { value: copy, size });
      },
      deleteAsync: async (key: string) => {
        checkKey('clientStorage.deleteAsync', key);
        await Promise.resolve();
        this.entries.delete(key);
      },
      keysAsync: async () => {
        await Promise.resolve();
        return [...this.entries.keys()];
      },
    };
  }
}
