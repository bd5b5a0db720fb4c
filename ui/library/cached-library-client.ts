// The library client with its reads going through the response cache (same call, same answer
// for a short while; identical calls in flight are joined). Writes are never cached, and clear it.
import type { LibraryClient } from '../../src/shared/api/library/client';
import type { ResponseCache } from './response-cache';

type ReadName = Exclude<keyof LibraryClient, 'hasKey' | 'createBrandRequestAsync'>;

const READS: readonly ReadName[] = [
  'searchEmailsAsync',
  'getEmailAsync',
  'listBrandsAsync',
  'getBrandAsync',
  'getBrandInsightsAsync',
  'listJourneysAsync',
  'getJourneyAsync',
  'listFollowsAsync',
  'listFollowedEmailsAsync',
  'listLikesAsync',
  'listCollectionsAsync',
  'getCollectionAsync',
  'listBrandRequestsAsync',
];

/** The service's name and site (`meta.attribution`), which every answer carries. */
export interface Attribution {
  source: string;
  url: string;
}

/** `onAttribution` hears each fresh answer's attribution, so the screens can credit the service. */
export function withResponseCache(client: LibraryClient, cache: ResponseCache, onAttribution: (attribution: Attribution) => void = () => undefined): LibraryClient {
  const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<{ meta?: { attribution?: Attribution } } | undefined>>;
  const cached: Record<string, unknown> = { ...client };
  for (const name of READS) {
    cached[name] = (...args: unknown[]) =>
      cache.getAsync(`${name} ${JSON.stringify(args)}`, async () => {
        const response = await methods[name]!(...args);
        const attribution = response?.meta?.attribution;
        if (attribution) onAttribution(attribution);
        return response;
      });
  }
  // A write changes what the reads would say (my requests, today's count): nothing older is reused.
  cached['createBrandRequestAsync'] = (...args: unknown[]) => methods['createBrandRequestAsync']!(...args).finally(() => cache.clear());
  return cached as unknown as LibraryClient;
}
