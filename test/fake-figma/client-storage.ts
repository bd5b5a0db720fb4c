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

/**
 * A fault for tests: slow storage. While held, every call a plugin run makes waits; released
 * calls finish in the order they were made. Calls from outside any run are never held.
 */
export interface ClientStorageHold {
  /** Calls the plugin makes from now on wait until released. */
  hold(): void;
  /** Ends the hold for new calls and lets the oldest `count` held calls finish (all when omitted); the rest keep waiting. */
  release(count?: number): void;
  /** How many calls are waiting. */
  held(): number;
}

export class FakeClientStorage {
  private readonly entries = new Map<string, { value: unknown; size: number }>();
  private holding = false;
  private readonly waiting: Array<() => void> = [];

  readonly hold: ClientStorageHold = {
    hold: () => {
      this.holding = true;
    },
    release: (count?: number) => {
      this.holding = false;
      for (const resume of this.waiting.splice(0, count ?? this.waiting.length)) resume();
    },
    held: () => this.waiting.length,
  };

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

  /** `holdable`: the plugin's own calls, which a hold makes wait. */
  api(options: { holdable?: boolean } = {}): ClientStorageAPI {
    // Where Figma's storage answers, a held call waits for its release.
    const turnAsync = (): Promise<void> =>
      options.holdable === true && this.holding ? new Promise<void>((resume) => this.waiting.push(resume)) : Promise.resolve();
    const checkKey = (api: string, key: unknown): string => {
      if (typeof key !== 'string') throw validationError(api, 'a string key', key);
      return key;
    };
    return {
      getAsync: async (key: string) => {
        checkKey('clientStorage.getAsync', key);
        await turnAsync();
        const entry = this.entries.get(key);
        return entry === undefined ? undefined : structuredCloneValue(entry.value, { ...RULES, context: 'figma.clientStorage.getAsync' });
      },
      setAsync: async (key: string, value: unknown) => {
        checkKey('clientStorage.setAsync', key);
        const copy = structuredCloneValue(value, RULES);
        const size = storedSize(key, copy);
        const total = this.totalBytes() - (this.entries.get(key)?.size ?? 0) + size;
        await turnAsync();
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
        await turnAsync();
        this.entries.delete(key);
      },
      keysAsync: async () => {
        await turnAsync();
        return [...this.entries.keys()];
      },
    };
  }
}
