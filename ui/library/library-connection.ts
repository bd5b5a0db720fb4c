// The library client the Browse screen uses: the key and address the sandbox hands over
// (`library/credentials`), fetch from the iframe, and the response cache in front.
import { createLibraryClient, refuseLibraryAllowance, type LibraryClient } from '../../src/shared/api/library/client';
import type { LibraryRefusal } from '../../src/shared/bridge/messages';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { createBrowserFetchTransport } from '../http/browser-fetch-transport';
import { forgetEmail, withFreshReads, withResponseCache, type Attribution } from './cached-library-client';
import { createResponseCache } from './response-cache';
import { addressMissingMessage } from '../../src/shared/api/http/error-mapping';
import type { LibraryProblem } from './library-problem';

export interface LibraryConnection {
  client: LibraryClient;
  /** The same client, its reads always sent (their answers kept for `client`): for the reference check. */
  freshClient: LibraryClient;
  baseUrl: string;
  /** The key it sends (null: anonymous, none saved or browsing without the one saved). */
  key: string | null;
  /** The library removed this email: the answers kept that show it are dropped. */
  forgetEmail: (id: number) => void;
}

/**
 * `onHeld` hears the seconds until the requests waiting for the rate allowance go; 0 once none waits.
 * `withoutKey`: the library refused the saved key and the designer chose to browse anonymously.
 */
export async function connectLibraryAsync(endpoint: Pick<UiEndpoint, 'request' | 'emit'>, onAttribution?: (attribution: Attribution) => void, onHeld?: (seconds: number) => void, withoutKey = false): Promise<LibraryConnection> {
  const credentials = await endpoint.request('library/credentials', {});
  const { baseUrl } = credentials;
  const key = withoutKey ? null : credentials.key;
  // One attempt per call: the screen says what went wrong (a 429 with its countdown) and retries calmly itself.
  // A wait too long to sit through is the sandbox's too (Test connection): it is told, so it does not ask again meanwhile.
  const onRefused = (waitMs: number) => endpoint.emit('library/refused', { baseUrl, key, waitMs });
  const client = createLibraryClient({ baseUrl, key, transport: createBrowserFetchTransport(), retryPolicy: { maxAttempts: 1 }, onRefused, ...(onHeld ? { onHeld } : {}) });
  const cache = createResponseCache();
  return { client: withResponseCache(client, cache, onAttribution), freshClient: withFreshReads(client, cache, onAttribution), baseUrl, key, forgetEmail: (id) => forgetEmail(cache, id) };
}

/**
 * The sandbox's Test connection met a 429 whose wait is too long to sit through (`library/refused`):
 * until it ends, Browse's requests with those credentials are refused here as the library would
 * refuse them (said as Browse says its own wait), and none is sent to earn another 429. Browse
 * need not be open yet: the allowance is the window's, not one connection's.
 */
export function noteSandboxRefusal(refusal: LibraryRefusal): void {
  try {
    refuseLibraryAllowance(refusal, refusal.waitMs);
  } catch {
    // A key no client takes: Browse sends nothing with it (its client is refused in words first).
  }
}

/** No library address saved, and the built-in one is a stand-in: said before Browse asks anything. */
export const MISSING_ADDRESS: LibraryProblem = { kind: 'address', message: addressMissingMessage('library'), retryAfterSeconds: null };
