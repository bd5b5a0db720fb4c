// The library API client: one typed method per endpoint of docs/api/library-api.md. Failures reject
// with ApiError. Calls without a key use the anonymous tier (20 a minute per IP, so one shared
// allowance per library host); calls with a key use the keyed tier (1,200 a minute), one allowance
// per key and host.
// assumption: every library response and OPTIONS pre-flight allows any origin and the Authorization and Content-Type headers, so the plugin iframe (origin `null`) calls the library directly.
import { createApiRequester, refuseAllowance, type ApiRequester } from '../http/api-request';
import type { CancelSignal } from '../http/cancel-signal';
import { keyNeededError } from '../http/error-mapping';
import { clientScheduler, keyBucketName, resolveClientOptions, resolveKey, type ClientOptions } from '../http/client-setup';
import { normalizeBaseUrl } from '../../settings/validate-settings';
import { readWith } from '../http/read-json';
import * as requests from './requests';
import {
  createBrandRequestResponseSchema,
  getBrandInsightsResponseSchema,
  getBrandResponseSchema,
  getCollectionResponseSchema,
  getEmailResponseSchema,
  getJourneyResponseSchema,
  listBrandRequestsResponseSchema,
  listBrandsResponseSchema,
  listCollectionsResponseSchema,
  listFollowedEmailsResponseSchema,
  listFollowsResponseSchema,
  listJourneysResponseSchema,
  listLikesResponseSchema,
  searchEmailsResponseSchema,
  type CreateBrandRequestResponse,
  type GetBrandInsightsResponse,
  type GetBrandResponse,
  type GetCollectionResponse,
  type GetEmailResponse,
  type GetJourneyResponse,
  type ListBrandRequestsResponse,
  type ListBrandsResponse,
  type ListCollectionsResponse,
  type ListFollowedEmailsResponse,
  type ListFollowsResponse,
  type ListJourneysResponse,
  type ListLikesResponse,
  type SearchEmailsResponse,
} from './schemas';
import type * as z from '../../zod';

/** Documented per-minute limits (docs/api/library-api.md, Limits). */
export const LIBRARY_RATE_LIMITS = { anonymousPerMinute: 20, keyedPerMinute: 1_200 } as const;

export interface LibraryClientOptions extends ClientOptions {
  /** The library key, or null to call anonymously (no HTML, no /v1/me, no brand requests). */
  key: string | null;
}

export interface CreatedBrandRequest extends CreateBrandRequestResponse {
  /**
   * True when the request counted against the daily limit (HTTP 201, `queued`); false for a
   * brand already in the library or one this account already asked for (HTTP 200).
   */
  counted: boolean;
}

/**
 * Every read takes an optional last `signal`: when it aborts (the screen no longer needs the
 * answer), the request stops waiting, frees its slot at once and rejects with code `cancelled`.
 */
export interface LibraryClient {
  readonly hasKey: boolean;
  searchEmailsAsync(query?: requests.SearchEmailsQuery, signal?: CancelSignal): Promise<SearchEmailsResponse>;
  getEmailAsync(id: number | string, signal?: CancelSignal): Promise<GetEmailResponse>;
  listBrandsAsync(query?: requests.PageOptions & { q?: string }, signal?: CancelSignal): Promise<ListBrandsResponse>;
  getBrandAsync(slug: string, options?: requests.PageOptions, signal?: CancelSignal): Promise<GetBrandResponse>;
  getBrandInsightsAsync(slug: string, signal?: CancelSignal): Promise<GetBrandInsightsResponse>;
  listJourneysAsync(options?: requests.PageOptions, signal?: CancelSignal): Promise<ListJourneysResponse>;
  getJourneyAsync(brand: string, options?: { emailsPerStage?: number }, signal?: CancelSignal): Promise<GetJourneyResponse>;
  listFollowsAsync(signal?: CancelSignal): Promise<ListFollowsResponse>;
  listFollowedEmailsAsync(query?: requests.PageOptions & { since?: string }, signal?: CancelSignal): Promise<ListFollowedEmailsResponse>;
  listLikesAsync(options?: requests.PageOptions, signal?: CancelSignal): Promise<ListLikesResponse>;
  listCollectionsAsync(signal?: CancelSignal): Promise<ListCollectionsResponse>;
  getCollectionAsync(id: string, options?: requests.PageOptions, signal?: CancelSignal): Promise<GetCollectionResponse>;
  createBrandRequestAsync(input: requests.BrandRequestInput): Promise<CreatedBrandRequest>;
  listBrandRequestsAsync(options?: { limit?: number }, signal?: CancelSignal): Promise<ListBrandRequestsResponse>;
}

/** The allowance a client of this address (normalized) and key (resolved) uses. */
function libraryBucket(baseUrl: string, key: string | null): { name: string; limitPerMinute: number } {
  return key === null
    ? // The anonymous limit is per IP address: every anonymous caller of this host shares it.
      { name: `library anonymous ${baseUrl}`, limitPerMinute: LIBRARY_RATE_LIMITS.anonymousPerMinute }
    : { name: keyBucketName('library', baseUrl, key), limitPerMinute: LIBRARY_RATE_LIMITS.keyedPerMinute };
}

/**
 * A 429's wait too long to sit through that a client of these credentials met in the other realm
 * (the window's Browse, told through the bridge): here too, the clients of that allowance refuse
 * their requests until it ends, not sending one to earn another 429. Throws for a key no client takes.
 */
export function refuseLibraryAllowance(credentials: Pick<LibraryClientOptions, 'baseUrl' | 'key' | 'scheduler'>, waitMs: number): void {
  const bucket = libraryBucket(normalizeBaseUrl(credentials.baseUrl), resolveKey('library', credentials.key));
  refuseAllowance(clientScheduler(credentials.scheduler), bucket.name, waitMs);
}

export function createLibraryClient(options: LibraryClientOptions): LibraryClient {
  const resolved = resolveClientOptions('library', options);
  const key = resolveKey('library', options.key);
  const send: ApiRequester = createApiRequester({
    api: 'library',
    ...resolved,
    key,
    // Documented on every response; the builder's document has no such header.
    bucket: { ...libraryBucket(resolved.baseUrl, key), limitHeader: 'x-ratelimit-limit' },
  });

  function getAsync<S extends z.ZodMiniType>(request: requests.LibraryRequest, schema: S, signal: CancelSignal | undefined): Promise<z.output<S>> {
    return send.sendAsync({ method: 'GET', endpoint: request.endpoint, path: request.path, safeToRepeat: true, read: readWith(schema) }, signal);
  }

  /** `/v1/me/*` and brand requests need a key: say so without spending a request. */
  function keyedGetAsync<S extends z.ZodMiniType>(request: requests.LibraryRequest, schema: S, signal: CancelSignal | undefined): Promise<z.output<S>> {
    if (key === null) return Promise.reject(keyNeededError('library', request.endpoint));
    return getAsync(request, schema, signal);
  }

  return {
    hasKey: key !== null,
    searchEmailsAsync: async (query, signal) => getAsync(requests.searchEmailsRequest(query), searchEmailsResponseSchema, signal),
    getEmailAsync: async (id, signal) => getAsync(requests.getEmailRequest(id), getEmailResponseSchema, signal),
    listBrandsAsync: async (query, signal) => getAsync(requests.listBrandsRequest(query), listBrandsResponseSchema, signal),
    getBrandAsync: async (slug, pageOptions, signal) => getAsync(requests.getBrandRequest(slug, pageOptions), getBrandResponseSchema, signal),
    getBrandInsightsAsync: async (slug, signal) => getAsync(requests.getBrandInsightsRequest(slug), getBrandInsightsResponseSchema, signal),
    listJourneysAsync: async (pageOptions, signal) => getAsync(requests.listJourneysRequest(pageOptions), listJourneysResponseSchema, signal),
    getJourneyAsync: async (brand, journeyOptions, signal) => getAsync(requests.getJourneyRequest(brand, journeyOptions), getJourneyResponseSchema, signal),
    listFollowsAsync: async (signal) => keyedGetAsync(requests.listFollowsRequest(), listFollowsResponseSchema, signal),
    listFollowedEmailsAsync: async (query, signal) => keyedGetAsync(requests.listFollowedEmailsRequest(query), listFollowedEmailsResponseSchema, signal),
    listLikesAsync: async (pageOptions, signal) => keyedGetAsync(requests.listLikesRequest(pageOptions), listLikesResponseSchema, signal),
    listCollectionsAsync: async (signal) => keyedGetAsync(requests.listCollectionsRequest(), listCollectionsResponseSchema, signal),
    getCollectionAsync: async (id, pageOptions, signal) => keyedGetAsync(requests.getCollectionRequest(id, pageOptions), getCollectionResponseSchema, signal),
    listBrandRequestsAsync: async (listOptions, signal) => keyedGetAsync(requests.listBrandRequestsRequest(listOptions), listBrandRequestsResponseSchema, signal),
    async createBrandRequestAsync(input) {
      const endpoint = requests.CREATE_BRAND_REQUEST_ENDPOINT;
      const body = requests.createBrandRequestBody(input);
      if (key === null) throw keyNeededError('library', endpoint);
      const read = readWith(createBrandRequestResponseSchema);
      return send.sendAsync<CreatedBrandRequest>({
        method: 'POST',
        endpoint,
        path: '/v1/brand-requests',
        body,
        // Each queued request counts against 50 a day: never sent twice by the client.
        safeToRepeat: false,
        read(json, response) {
          const result = read(json);
          // assumption: a repeated request for a brand already asked for is HTTP 200 with its current status; only 201 counts.
          return result.ok ? { ok: true, value: { ...result.value, counted: response.status === 201 } } : result;
        },
      });
    },
  };
}
