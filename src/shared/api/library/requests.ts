// Request builders for the library API: every query the client sends is built here, so it
// never sends an out-of-range value (the server would answer 400).
import { invalidArgumentError } from '../http/error-mapping';
import { truncateCharacters, truncateText } from '../http/utf8';
import { pathSegment, queryString } from '../http/url';
import { BRAND_REQUEST_CATEGORIES, slugifyStage, type BrandRequestBody, type BrandRequestCategory } from './schemas';

// assumption: out-of-range `per_page`, `emails_per_stage` and `limit` are a 400, so they are clamped before sending.
export const LIBRARY_LIMITS = {
  perPage: { min: 1, max: 50 },
  emailsPerStage: { min: 1, max: 10 },
  brandRequestListLimit: { min: 1, max: 200 },
  // assumption: `q` may be at most 200 characters; longer is a 400, so it is trimmed.
  queryMaxLength: 200,
  notesMaxLength: 500,
} as const;

export interface LibraryRequest {
  /** As documented, for messages. */
  endpoint: string;
  path: string;
}

export interface PageOptions {
  page?: number;
  perPage?: number;
}

export interface SearchEmailsQuery extends PageOptions {
  q?: string;
  brand?: string;
  category?: string;
  /** A date (`YYYY-MM-DD`) or ISO 8601 date-time; only newer captures. */
  since?: string;
}

/** A whole number within [min, max]; undefined stays undefined (the server default applies). */
export function clampInteger(value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function page(value: number | undefined): number | undefined {
  return clampInteger(value, 1, Number.MAX_SAFE_INTEGER);
}

function perPage(value: number | undefined): number | undefined {
  return clampInteger(value, LIBRARY_LIMITS.perPage.min, LIBRARY_LIMITS.perPage.max);
}

/** Trimmed text, or undefined when empty. */
function optionalText(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function searchText(value: string | undefined): string | undefined {
  const trimmed = optionalText(value);
  return trimmed === undefined ? undefined : truncateText(trimmed, LIBRARY_LIMITS.queryMaxLength).trim();
}

const DATE_OR_DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * A date (`YYYY-MM-DD`) or ISO 8601 date-time that names a real instant: the service answers 400
 * to `since` that is not a date, so an impossible day or hour is refused here, before sending.
 */
export function isDateOrDateTime(text: string): boolean {
  const match = DATE_OR_DATE_TIME.exec(text);
  if (!match) return false;
  const month = Number(match[2]) - 1;
  const date = new Date(Date.UTC(Number(match[1]), month, Number(match[3])));
  return date.getUTCMonth() === month && date.getUTCDate() === Number(match[3]);
}

function sinceParameter(endpoint: string, value: string | undefined): string | undefined {
  const since = optionalText(value);
  if (since !== undefined && !isDateOrDateTime(since)) {
    throw invalidArgumentError('library', endpoint, `"Since" should be a date like 2026-11-21 or a date-time like 2026-11-21T10:00:00Z.`);
  }
  return since;
}

function requiredSegment(endpoint: string, what: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidArgumentError('library', endpoint, `A ${what} is needed.`);
  return pathSegment(trimmed);
}

export function searchEmailsRequest(query: SearchEmailsQuery = {}): LibraryRequest {
  const endpoint = 'GET /v1/emails';
  return {
    endpoint,
    path: `/v1/emails${queryString({
      q: searchText(query.q),
      brand: optionalText(query.brand),
      category: optionalText(query.category),
      since: sinceParameter(endpoint, query.since),
      page: page(query.page),
      per_page: perPage(query.perPage),
    })}`,
  };
}

export function getEmailRequest(id: number | string): LibraryRequest {
  const endpoint = 'GET /v1/emails/{id}';
  const numeric = typeof id === 'number' ? id : /^\s*\d+\s*$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(numeric) || numeric < 1) {
    throw invalidArgumentError('library', endpoint, 'An email id is a positive whole number.');
  }
  return { endpoint, path: `/v1/emails/${numeric}` };
}

export function listBrandsRequest(query: PageOptions & { q?: string } = {}): LibraryRequest {
  return {
    endpoint: 'GET /v1/brands',
    path: `/v1/brands${queryString({ q: searchText(query.q), page: page(query.page), per_page: perPage(query.perPage) })}`,
  };
}

export function getBrandRequest(slug: string, options: PageOptions = {}): LibraryRequest {
  const endpoint = 'GET /v1/brands/{slug}';
  return {
    endpoint,
    path: `/v1/brands/${requiredSegment(endpoint, 'brand', slug)}${queryString({ page: page(options.page), per_page: perPage(options.perPage) })}`,
  };
}

export function getBrandInsightsRequest(slug: string): LibraryRequest {
  const endpoint = 'GET /v1/brands/{slug}/insights';
  return { endpoint, path: `/v1/brands/${requiredSegment(endpoint, 'brand', slug)}/insights` };
}

export function listJourneysRequest(options: PageOptions = {}): LibraryRequest {
  return {
    endpoint: 'GET /v1/journeys',
    path: `/v1/journeys${queryString({ page: page(options.page), per_page: perPage(options.perPage) })}`,
  };
}

export function getJourneyRequest(brand: string, options: { emailsPerStage?: number } = {}): LibraryRequest {
  const endpoint = 'GET /v1/journeys/{brand}';
  const { min, max } = LIBRARY_LIMITS.emailsPerStage;
  return {
    endpoint,
    path: `/v1/journeys/${requiredSegment(endpoint, 'brand', brand)}${queryString({ emails_per_stage: clampInteger(options.emailsPerStage, min, max) })}`,
  };
}

export function listFollowsRequest(): LibraryRequest {
  return { endpoint: 'GET /v1/me/follows', path: '/v1/me/follows' };
}

export function listFollowedEmailsRequest(query: PageOptions & { since?: string } = {}): LibraryRequest {
  const endpoint = 'GET /v1/me/follows/emails';
  return {
    endpoint,
    path: `/v1/me/follows/emails${queryString({ since: sinceParameter(endpoint, query.since), page: page(query.page), per_page: perPage(query.perPage) })}`,
  };
}

export function listLikesRequest(options: PageOptions = {}): LibraryRequest {
  return {
    endpoint: 'GET /v1/me/likes',
    path: `/v1/me/likes${queryString({ page: page(options.page), per_page: perPage(options.perPage) })}`,
  };
}

export function listCollectionsRequest(): LibraryRequest {
  return { endpoint: 'GET /v1/me/collections', path: '/v1/me/collections' };
}

export function getCollectionRequest(id: string, options: PageOptions = {}): LibraryRequest {
  const endpoint = 'GET /v1/me/collections/{id}';
  return {
    endpoint,
    path: `/v1/me/collections/${requiredSegment(endpoint, 'collection id', id)}${queryString({ page: page(options.page), per_page: perPage(options.perPage) })}`,
  };
}

export function listBrandRequestsRequest(options: { limit?: number } = {}): LibraryRequest {
  const { min, max } = LIBRARY_LIMITS.brandRequestListLimit;
  return {
    endpoint: 'GET /v1/brand-requests',
    path: `/v1/brand-requests${queryString({ limit: clampInteger(options.limit, min, max) })}`,
  };
}

export interface BrandRequestInput {
  brand: string;
  website: string;
  /** One of the 22 categories (any letter case); omitted lets the service choose. */
  category?: string;
  signupUrl?: string;
  notes?: string;
}

// assumption: a category's slug (the `category` filter of GET /v1/emails, `categories[].slug`) is its name in lower case with each run of other characters one hyphen: "Jewelry & Watches" → "jewelry-watches".
export function categorySlug(name: string): string {
  return slugifyStage(name);
}

/** The category as the service spells it, or null when it is not one of the 22. */
export function matchCategory(input: string): BrandRequestCategory | null {
  const wanted = input.trim().toLowerCase();
  return BRAND_REQUEST_CATEGORIES.find((category) => category.toLowerCase() === wanted) ?? null;
}

export const CREATE_BRAND_REQUEST_ENDPOINT = 'POST /v1/brand-requests';

export function createBrandRequestBody(input: BrandRequestInput): BrandRequestBody {
  const endpoint = CREATE_BRAND_REQUEST_ENDPOINT;
  const brand = input.brand.trim();
  const website = input.website.trim();
  if (brand === '') throw invalidArgumentError('library', endpoint, 'Enter the brand name.');
  if (website === '') throw invalidArgumentError('library', endpoint, "Enter the brand's website or domain.");
  const body: BrandRequestBody = { brand, website };
  const categoryText = optionalText(input.category);
  if (categoryText !== undefined) {
    const category = matchCategory(categoryText);
    if (category === null) {
      throw invalidArgumentError('library', endpoint, `"${truncateText(categoryText, 40)}" is not a category. Choose one of: ${BRAND_REQUEST_CATEGORIES.join(', ')}.`);
    }
    body.category = category;
  }
  const signupUrl = optionalText(input.signupUrl);
  if (signupUrl !== undefined) body.signup_url = signupUrl;
  const notes = optionalText(input.notes);
  if (notes !== undefined) body.notes = truncateCharacters(notes, LIBRARY_LIMITS.notesMaxLength);
  return body;
}
