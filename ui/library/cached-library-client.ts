// The library client with its reads going through the response cache (same call, same answer
// for a short while; identical calls in flight are joined). Writes are never cached, and clear it.
import type { LibraryClient } from '../../src/shared/api/library/client';
import type { ResponseCache } from './response-cache';
import { emailIdsIn } from './removed-email';

type ReadName = Exclude<keyof LibraryClient, 'hasKey' | 'createBrandRequestAsync'>;

/** Each read and how many arguments it takes before its optional signal (which is no part of the cache key). */
const READS: Readonly<Record<ReadName, number>> = {
  searchEmailsAsync: 1,
  getEmailAsync: 1,
  listBrandsAsync: 1,
  getBrandAsync: 2,
  getBrandInsightsAsync: 1,
  listJourneysAsync: 1,
  getJourneyAsync: 2,
  listFollowsAsync: 0,
  listFollowedEmailsAsync: 1,
  listLikesAsync: 1,
  listCollectionsAsync: 0,
  getCollectionAsync: 2,
  listBrandRequestsAsync: 1,
};

/** The service's name and site (`meta.attribution`), which every answer carries. */
export interface Attribution {
  source: string;
  url: string;
}

/** `onAttribution` hears each fresh answer's attribution, so the screens can credit the service. */
export function withResponseCache(client: LibraryClient, cache: ResponseCache, onAttribution: (attribution: Attribution) => void = () => undefined): LibraryClient {
  return throughCache(client, cache, onAttribution, false);
}

/**
 * The same client for a read that must be the library's answer now (the reference check: does
 * each email still exist?): every read is sent, and its answer replaces the one kept for the
 * other screens (a failure, such as a removed email's 404, drops it).
 */
export function withFreshReads(client: LibraryClient, cache: ResponseCache, onAttribution: (attribution: Attribution) => void = () => undefined): LibraryClient {
  return throughCache(client, cache, onAttribution, true);
}

function throughCache(client: LibraryClient, cache: ResponseCache, onAttribution: (attribution: Attribution) => void, fresh: boolean): LibraryClient {
  const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<{ meta?: { attribution?: Attribution } } | undefined>>;
  const cached: Record<string, unknown> = { ...client };
  for (const [name, arity] of Object.entries(READS)) {
    cached[name] = (...args: unknown[]) => {
      // Padded to the full count, so that the signal lands in its own place.
      const query = Array.from({ length: arity }, (_, index) => args[index]);
      // Several callers may share one request: it is cancelled only when none of them still waits.
      return cache.getAsync(
        `${name} ${JSON.stringify(query)}`,
        async (signal) => {
          const response = await methods[name]!(...query, signal);
          const attribution = response?.meta?.attribution;
          if (attribution) onAttribution(attribution);
          return response;
        },
        args[arity] as AbortSignal | undefined,
        fresh,
      );
    };
  }
  // A write changes what the reads would say (my requests, today's count): nothing older is reused.
  cached['createBrandRequestAsync'] = (...args: unknown[]) => methods['createBrandRequestAsync']!(...args).finally(() => cache.clear());
  return cached as unknown as LibraryClient;
}

/** The library removed this email: no answer kept for the minute shows it again (each is asked for anew). */
export function forgetEmail(cache: ResponseCache, id: number): void {
  // A key is the read's name, then its arguments (throughCache).
  cache.forget((key, answer) => emailIdsIn(key.slice(0, key.indexOf(' ')), answer).includes(id));
}
