// The library API client: one typed method per endpoint of docs/api/library-api.md. Failures reject
// with ApiError. Calls without a key use the anonymous tier (20 a minute per IP, so one shared
// allowance per library host); calls with a key use the keyed tier (1,200 a minute).
// assumption: every library response and OPTIONS pre-flight allows any origin and the Authorization and Content-Type headers, so the plugin iframe (origin `null`) calls the library directly.
import { createApiRequester, type ApiRequester } from '../http/api-request';
import { keyNeededError } from '../http/error-mapping';
import { keyBucketName, resolveClientOptions, resolveKey, type ClientOptions } from '../http/client-setup';
import { readWith } from '../http/read-json';
import { isLibraryKey } from './keys';
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

export interface LibraryClient {
  readonly hasKey: boolean;
  searchEmailsAsync(query?: requests.SearchEmailsQuery): Promise<SearchEmailsResponse>;
  getEmailAsync(id: number | string): Promise<GetEmailResponse>;
  listBrandsAsync(query?: requests.PageOptions & { q?: string }): Promise<ListBrandsResponse>;
  getBrandAsync(slug: string, options?: requests.PageOptions): Promise<GetBrandResponse>;
  getBrandInsightsAsync(slug: string): Promise<GetBrandInsightsResponse>;
  listJourneysAsync(options?: requests.PageOptions): Promise<ListJourneysResponse>;
  getJourneyAsync(brand: string, options?: { emailsPerStage?: number }): Promise<GetJourneyResponse>;
  listFollowsAsync(): Promise<ListFollowsResponse>;
  listFollowedEmailsAsync(query?: requests.PageOptions & { since?: string }): Promise<ListFollowedEmailsResponse>;
  listLikesAsync(options?: requests.PageOptions): Promise<ListLikesResponse>;
  listCollectionsAsync(): Promise<ListCollectionsResponse>;
  getCollectionAsync(id: string, options?: requests.PageOptions): Promise<GetCollectionResponse>;
  createBrandRequestAsync(input: requests.BrandRequestInput): Promise<CreatedBrandRequest>;
  listBrandRequestsAsync(options?: { limit?: number }): Promise<ListBrandRequestsResponse>;
}

export function createLibraryClient(options: LibraryClientOptions): LibraryClient {
  const resolved = resolveClientOptions('library', options);
  const key = resolveKey('library', options.key, isLibraryKey, 'Library keys look like xxx_live_ followed by at least 8 letters or digits.');
  const send: ApiRequester = createApiRequester({
    api: 'library',
    ...resolved,
    key,
    bucket:
      key === null
        ? // The anonymous limit is per IP address: every anonymous caller of this host shares it.
          { name: `library anonymous ${resolved.baseUrl}`, limitPerMinute: LIBRARY_RATE_LIMITS.anonymousPerMinute }
        : { name: keyBucketName('library', key), limitPerMinute: LIBRARY_RATE_LIMITS.keyedPerMinute },
  });

  function getAsync<S extends z.ZodMiniType>(request: requests.LibraryRequest, schema: S): Promise<z.output<S>> {
    return send.sendAsync({ method: 'GET', endpoint: request.endpoint, path: request.path, safeToRepeat: true, read: readWith(schema) });
  }

  /** `/v1/me/*` and brand requests need a key: say so without spending a request. */
  function keyedGetAsync<S extends z.ZodMiniType>(request: requests.LibraryRequest, schema: S): Promise<z.output<S>> {
    if (key === null) return Promise.reject(keyNeededError('library', request.endpoint));
    return getAsync(request, schema);
  }

  return {
    hasKey: key !== null,
    searchEmailsAsync: async (query) => getAsync(requests.searchEmailsRequest(query), searchEmailsResponseSchema),
    getEmailAsync: async (id) => getAsync(requests.getEmailRequest(id), getEmailResponseSchema),
    listBrandsAsync: async (query) => getAsync(requests.listBrandsRequest(query), listBrandsResponseSchema),
    getBrandAsync: async (slug, pageOptions) => getAsync(requests.getBrandRequest(slug, pageOptions), getBrandResponseSchema),
    getBrandInsightsAsync: async (slug) => getAsync(requests.getBrandInsightsRequest(slug), getBrandInsightsResponseSchema),
    listJourneysAsync: async (pageOptions) => getAsync(requests.listJourneysRequest(pageOptions), listJourneysResponseSchema),
    getJourneyAsync: async (brand, journeyOptions) => getAsync(requests.getJourneyRequest(brand, journeyOptions), getJourneyResponseSchema),
    listFollowsAsync: async () => keyedGetAsync(requests.listFollowsRequest(), listFollowsResponseSchema),
    listFollowedEmailsAsync: async (query) => keyedGetAsync(requests.listFollowedEmailsRequest(query), listFollowedEmailsResponseSchema),
    listLikesAsync: async (pageOptions) => keyedGetAsync(requests.listLikesRequest(pageOptions), listLikesResponseSchema),
    listCollectionsAsync: async () => keyedGetAsync(requests.listCollectionsRequest(), listCollectionsResponseSchema),
    getCollectionAsync: async (id, pageOptions) => keyedGetAsync(requests.getCollectionRequest(id, pageOptions), getCollectionResponseSchema),
    listBrandRequestsAsync: async (listOptions) => keyedGetAsync(requests.listBrandRequestsRequest(listOptions), listBrandRequestsResponseSchema),
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
