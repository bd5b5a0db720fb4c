// "Test connection": one cheap authenticated call per API with the saved key, through the
// real clients, answered in words. The library also works without a key (Browse): without one,
// its open search is what is tested.
import { createBuilderClient } from '../shared/api/builder/client';
import { createLibraryClient, refuseLibraryAllowance } from '../shared/api/library/client';
import type { HttpTransport } from '../shared/api/http/transport';
import type { ConnectionResult, LibraryRefusal } from '../shared/bridge/messages';
import type { ApiName } from '../shared/settings/validate-settings';
import { builderConnectedResult, connectionFailedResult, libraryConnectedResult, libraryReachedResult, noKeyResult } from './connection-messages';

// A test should answer while the person waits: one retry at most, and a shorter time limit
// (the UI waits 30 s for the answer).
export const TEST_CLIENT_OPTIONS = { timeoutMs: 12_000, retryPolicy: { maxAttempts: 2, maxRetryAfterSeconds: 5 } };

export async function testConnectionAsync(
  api: ApiName,
  /** `key` null: the library without a key (the sandbox asks for the builder's key first). */
  credentials: { baseUrl: string; key: string | null },
  transport: HttpTransport,
  /**
   * Told when the library's 429 asks for a wait too long to sit through, for these credentials:
   * the window's Browse, which calls the library itself, is told (`library/refused`) so it sends
   * nothing the library already refused until the wait ends.
   */
  onRefused?: (refusal: LibraryRefusal) => void,
): Promise<ConnectionResult> {
  // The client's error says only that the reply was not JSON: the reply itself tells a web page
  // (a wrong address) from data cut short on its way (the right address, a damaged answer).
  let lastReply = '';
  const watched: HttpTransport = async (request) => {
    const response = await transport(request);
    lastReply = response.text;
    return response;
  };
  try {
    if (api === 'builder') {
      if (credentials.key === null) return noKeyResult(api);
      const client = createBuilderClient({ ...TEST_CLIENT_OPTIONS, baseUrl: credentials.baseUrl, key: credentials.key, transport: watched });
      const list = await client.listTemplatesAsync({ page: 1, perPage: 1 });
      return builderConnectedResult(list.meta ? list.meta.total : null);
    }
    const refused = (waitMs: number) => onRefused?.({ baseUrl: credentials.baseUrl, key: credentials.key, waitMs });
    const client = createLibraryClient({ ...TEST_CLIENT_OPTIONS, baseUrl: credentials.baseUrl, key: credentials.key, transport: watched, onRefused: refused });
    if (credentials.key === null) {
      await client.searchEmailsAsync({ perPage: 1 });
      return libraryReachedResult();
    }
    const collections = await client.listCollectionsAsync();
    return libraryConnectedResult(collections.data.length);
  } catch (error) {
    return connectionFailedResult(api, credentials.baseUrl, error, lastReply, credentials.key !== null);
  }
}

/**
 * The window's Browse met a 429 whose wait is too long to sit through (`library/refused`): until it
 * ends, the test of those credentials answers from it (the refusal, and when it ends) and sends
 * nothing, rather than earn another 429 and spend the allowance.
 */
export function noteWindowRefusal(refusal: LibraryRefusal): void {
  try {
    refuseLibraryAllowance(refusal, refusal.waitMs);
  } catch {
    // A key no client takes: no test sends with it (its client is refused in words first).
  }
}
