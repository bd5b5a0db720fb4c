// Reading a brand-request body and deciding which numbered rule of docs/api/library-api.md applies.
// Pure: no I/O, the caller stores the result.
import { startOfUtcDay } from '../core/dates';
import { isPlainObject } from '../http/query-params';
import { CATEGORY_NAMES, categoryBySlug, closestCategory } from './categories';
import { ADULT_CONTENT_BRANDS, ADULT_CONTENT_WORDS } from './demo-names';
import type { Brand, BrandRequestRecord, LibraryData } from './model';
import { DAILY_BRAND_REQUEST_LIMIT } from './shapes';

export const MAX_NOTES_LENGTH = 500;

// assumption (README): "characters" are code points, so an emoji is one.
function characters(text: string): number {
  return Array.from(text).length;
}

export interface BrandRequestInput {
  brand: string;
  domain: string;
  category: string | null;
  signupUrl: string | null;
  notes: string | null;
}

export type ReadResult = { ok: true; value: BrandRequestInput } | { ok: false; message: string };

/** `https://www.Example.com/path` → `example.com`; null when it does not look like a domain. */
export function domainOf(website: string): string | null {
  const host = website.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#]/)[0]!.replace(/:\d+$/, '').replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

function optionalString(body: Record<string, unknown>, field: string): { ok: true; value: string | null } | { ok: false; message: string } {
  const value = body[field];
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return { ok: false, message: `${field} must be a string.` };
  return { ok: true, value };
}

export function readBrandRequestBody(body: unknown): ReadResult {
  if (!isPlainObject(body)) return { ok: false, message: 'The body must be a JSON object with brand and website.' };
  const { brand, website } = body;
  if (typeof brand !== 'string' || brand.trim() === '') return { ok: false, message: 'brand is required: the brand name as text.' };
  if (characters(brand) > 200) return { ok: false, message: 'brand must be at most 200 characters.' };
  if (typeof website !== 'string' || website.trim() === '') return { ok: false, message: 'website is required: the brand website or domain.' };
  const domain = domainOf(website);
  if (!domain) return { ok: false, message: 'website must be a website address or a domain such as brand.com.' };
  const category = optionalString(body, 'category');
  if (!category.ok) return category;
  if (category.value !== null && !(CATEGORY_NAMES as readonly string[]).includes(category.value)) {
    return { ok: false, message: `category must be one of: ${CATEGORY_NAMES.join(', ')}.` };
  }
  const signupUrl = optionalString(body, 'signup_url');
  if (!signupUrl.ok) return signupUrl;
  const notes = optionalString(body, 'notes');
  if (!notes.ok) return notes;
  if (notes.value !== null && characters(notes.value) > MAX_NOTES_LENGTH) {
    return { ok: false, message: `notes must be at most ${MAX_NOTES_LENGTH} characters (got ${characters(notes.value)}).` };
  }
  return { ok: true, value: { brand: brand.trim(), domain, category: category.value, signupUrl: signupUrl.value, notes: notes.value } };
}

const normalName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isAdultContent(input: BrandRequestInput): boolean {
  return (
    ADULT_CONTENT_WORDS.test(input.brand) ||
    ADULT_CONTENT_WORDS.test(input.domain.replace(/[.-]/g, ' ')) ||
    ADULT_CONTENT_BRANDS.some((brand) => normalName(brand.name) === normalName(input.brand) || brand.domain === input.domain)
  );
}

export function libraryBrandFor(data: LibraryData, input: BrandRequestInput): Brand | undefined {
  return [...data.brands.values()].find((brand) => normalName(brand.name) === normalName(input.brand) || brand.domain === input.domain);
}

export function previousRequest(data: LibraryData, accountId: string, input: BrandRequestInput): BrandRequestRecord | undefined {
  return data.brandRequests.find(
    (record) => record.accountId === accountId && (record.domain === input.domain || normalName(record.brand) === normalName(input.brand)),
  );
}

/** Counted requests of the account in the UTC day of `nowMs`. */
export function requestsToday(data: LibraryData, accountId: string, nowMs: number): number {
  const dayStart = startOfUtcDay(nowMs);
  return data.brandRequests.filter((record) => record.accountId === accountId && record.requestedAtMs >= dayStart && record.requestedAtMs <= nowMs).length;
}

export function isOverDailyLimit(data: LibraryData, accountId: string, nowMs: number): boolean {
  return requestsToday(data, accountId, nowMs) >= DAILY_BRAND_REQUEST_LIMIT;
}

export function categoryNameFor(input: BrandRequestInput): string {
  return input.category ?? closestCategory(`${input.brand} ${input.domain} ${input.notes ?? ''}`);
}

export function brandCategoryName(brand: Brand): string {
  return categoryBySlug(brand.categorySlug)?.name ?? 'Digital Products';
}
