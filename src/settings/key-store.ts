// The user's API keys and base URLs, kept in figma.clientStorage: private to this user on this
// machine, never in the document (plugin data there travels with the file to everyone).
import { baseUrlProblem, keyProblem, normalizeBaseUrl, removedKeyText, sameOrigin, savedAddressProblem, savedKeyProblem, type ApiName } from '../shared/settings/validate-settings';
import type { ClientStorageLike } from '../platform/client-storage';
import { isStandInAddress } from '../shared/config/stand-in-address';

export interface ApiCredentials {
  /** The base URL to call: the saved one, or the default when none is saved. */
  baseUrl: string;
  key: string | null;
}

export interface KeyStore {
  readAsync(api: ApiName): Promise<ApiCredentials>;
  /**
   * Stores the base URL and, when given, the key. Both must already be valid. Answers why a key
   * saved earlier, and not used, was removed by this save, in words; null when none was.
   */
  saveAsync(api: ApiName, input: { baseUrl: string; key?: string }): Promise<string | null>;
  forgetKeyAsync(api: ApiName): Promise<void>;
  /**
   * `readAsync`'s answer with, from the same read, why a saved key or address is not used (saved
   * by an older version that took it in), in words; null when none is saved or it is used.
   * `keyUnused`: a key is saved and not used.
   */
  readWithProblemAsync(api: ApiName): Promise<ApiCredentials & { savedKeyProblem: string | null; keyUnused: boolean }>;
}

/** The stored entries as they are, before any rule is applied. */
interface SavedEntries {
  baseUrl: string | null;
  key: string | null;
}

export const API_NAMES: readonly ApiName[] = ['library', 'builder'];

/** clientStorage entry names; exported so tests can look at exactly what is stored. */
export function storageKeys(api: ApiName): { baseUrl: string; key: string } {
  return { baseUrl: `envelope.${api}.baseUrl`, key: `envelope.${api}.apiKey` };
}

/**
 * Whether a saved key may go with a new address saved alone: to the same host (scheme, host and
 * port), or from the built-in stand-in, where it was never sent (nothing is asked of a `.example`
 * host), to the first address the designer enters: Settings asks for just that after a key is
 * saved over the stand-in. Never from a real host to another: the key is asked for again.
 */
export function keyMayFollow(api: ApiName, keyAddress: string, newAddress: string): boolean {
  return sameOrigin(keyAddress, newAddress) || isStandInAddress(api, keyAddress);
}

export function createKeyStore(storage: ClientStorageLike, defaultBaseUrls: Record<ApiName, string>): KeyStore {
  async function readStringAsync(name: string): Promise<string | null> {
    const value = await storage.getAsync(name);
    return typeof value === 'string' ? value : null;
  }

  /** What is stored for `api`, as stored: each entry read once, however many answers are drawn from it. */
  async function readSavedAsync(api: ApiName): Promise<SavedEntries> {
    const names = storageKeys(api);
    const [baseUrl, key] = await Promise.all([readStringAsync(names.baseUrl), readStringAsync(names.key)]);
    return { baseUrl, key };
  }

  function credentialsFrom(api: ApiName, saved: SavedEntries): ApiCredentials {
    // Entries that no longer pass the rules (edited by hand, older versions) count as absent
    // rather than being sent anywhere.
    const savedBaseUrlUsable = saved.baseUrl === null || baseUrlProblem(saved.baseUrl) === null;
    const baseUrl = saved.baseUrl !== null && savedBaseUrlUsable ? normalizeBaseUrl(saved.baseUrl) : defaultBaseUrls[api];
    // A key is bound to the address it was saved with: when that address is refused, the key
    // does not follow the fallback to the default host.
    const key = savedBaseUrlUsable && saved.key !== null && keyProblem(api, saved.key) === null ? saved.key.trim() : null;
    return { baseUrl, key };
  }

  async function readAsync(api: ApiName): Promise<ApiCredentials> {
    return credentialsFrom(api, await readSavedAsync(api));
  }

  async function saveAsync(api: ApiName, input: { baseUrl: string; key?: string }): Promise<string | null> {
    // The handlers validate first and answer in words; this is the last line of defence.
    if (baseUrlProblem(input.baseUrl) !== null) throw new Error(`Refused to store an invalid ${api} base URL.`);
    if (input.key !== undefined && keyProblem(api, input.key) !== null) throw new Error(`Refused to store an invalid ${api} key.`);
    const saved = await readSavedAsync(api);
    let keyRemoved: string | null = null;
    if (input.key === undefined) {
      const used = credentialsFrom(api, saved);
      if (used.key !== null && !keyMayFollow(api, used.baseUrl, input.baseUrl)) throw new Error(`Refused to move the saved ${api} key to another host.`);
      if (used.key === null) keyRemoved = await removeUnusedKeyForOtherHostAsync(api, saved, input.baseUrl);
    }
    const names = storageKeys(api);
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    const previousBaseUrl = saved.baseUrl ?? undefined;
    try {
      // The default is not stored, so a later release that moves the default takes effect.
      await writeBaseUrlAsync(names.baseUrl, baseUrl === normalizeBaseUrl(defaultBaseUrls[api]) ? undefined : baseUrl);
      if (input.key !== undefined) await storage.setAsync(names.key, input.key.trim());
    } catch (error) {
      // Half a save (clientStorage full, say) must not pair the saved key with the new address:
      // the old address goes back, or, if even that fails, the key goes.
      await writeBaseUrlAsync(names.baseUrl, previousBaseUrl).catch(() => storage.deleteAsync(names.key).catch(() => undefined));
      throw error;
    }
    return keyRemoved;
  }

  /**
   * A stored key that is not used (saved with an address refused now, or refused itself) stays
   * bound to the host it was saved for, as a used one does: kept for an address on that host (where
   * Settings goes on saying why it is not used, or uses it once its address passes), removed for
   * another, where it must never be sent, and said: a designer never loses it unawares.
   */
  async function removeUnusedKeyForOtherHostAsync(api: ApiName, saved: SavedEntries, baseUrl: string): Promise<string | null> {
    const keyHost = saved.baseUrl ?? defaultBaseUrls[api];
    if (saved.key === null || sameOrigin(keyHost, baseUrl)) return null;
    await storage.deleteAsync(storageKeys(api).key);
    return saved.key.trim() === '' ? null : removedKeyText(api, keyHost);
  }

  /** `undefined` removes the entry. */
  function writeBaseUrlAsync(name: string, value: unknown): Promise<void> {
    return value === undefined ? storage.deleteAsync(name) : storage.setAsync(name, value);
  }

  async function forgetKeyAsync(api: ApiName): Promise<void> {
    await storage.deleteAsync(storageKeys(api).key);
  }

  /** Why a key or address saved earlier is not used: the key breaks the rules now, or the address saved (with it) does. */
  function savedProblemFrom(api: ApiName, saved: SavedEntries): string | null {
    const keySaved = saved.key !== null && saved.key.trim() !== '';
    return (keySaved ? savedKeyProblem(api, saved.key!) : null) ?? (saved.baseUrl === null ? null : savedAddressProblem(api, saved.baseUrl, keySaved));
  }

  async function readWithProblemAsync(api: ApiName): Promise<ApiCredentials & { savedKeyProblem: string | null; keyUnused: boolean }> {
    const saved = await readSavedAsync(api);
    const credentials = credentialsFrom(api, saved);
    return { ...credentials, savedKeyProblem: savedProblemFrom(api, saved), keyUnused: credentials.key === null && !!saved.key?.trim() };
  }

  return { readAsync, readWithProblemAsync, saveAsync, forgetKeyAsync };
}
