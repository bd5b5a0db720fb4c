// Every request and response shape of the library API (docs/api/library-api.md), in one place, plus
// the project's assumptions where the document is silent (each marked `// assumption:`).
// Tolerant reader: objects are loose (unknown fields are kept); a missing or mistyped field
// that the document promises fails the parse and becomes a `malformed_response` ApiError.
import * as z from '../../zod';

const text = z.string();
const count = z.int();

/** Turns a stage name into a slug, for stages that arrive as a bare string. */
export function slugifyStage(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---- Envelope -------------------------------------------------------------------------------

export const attributionSchema = z.looseObject({ source: text, url: text });

/** `meta` of single-record responses: attribution only. */
export const attributionMetaSchema = z.looseObject({ attribution: attributionSchema });

/** `meta` of paginated lists. */
export const pageMetaSchema = z.looseObject({ page: count, per_page: count, count, attribution: attributionSchema });

// ---- Emails ---------------------------------------------------------------------------------

// assumption: thumbnail_url and preview_url are plain HTTPS image URLs readable without a key: shown as they are, never fetched with a key.
/** The fields every list that reuses the email shape carries (brand emails, likes, collections, journey stages). */
export const emailSummarySchema = z.looseObject({
  id: count,
  title: text,
  brand_slug: text,
  preview_url: text,
  url: text,
  captured_date: text,
  subject_line: z.optional(text),
  from_email: z.optional(text),
  brand: z.optional(text),
  thumbnail_url: z.optional(text),
  sent_date: z.optional(text),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** Items of `GET /v1/emails`: the full summary. */
export const searchedEmailSchema = z.extend(emailSummarySchema, {
  subject_line: text,
  from_email: text,
  brand: text,
  thumbnail_url: text,
  sent_date: text,
});
export type SearchedEmail = z.infer<typeof searchedEmailSchema>;

/** Items of `GET /v1/me/follows/emails`: the common fields plus the brand name. */
export const followedEmailSchema = z.extend(emailSummarySchema, { brand: text });
export type FollowedEmail = z.infer<typeof followedEmailSchema>;

export interface JourneyStageRef {
  stage: string;
  stage_slug: string;
}

/** A stage named by `name` and maybe `slug`; the slug is made from the name when absent. */
function stageRef(name: string, slug: string | undefined): JourneyStageRef {
  return { stage: name, stage_slug: slug ?? slugifyStage(name) };
}

// assumption: a journey_stages item is `{stage, stage_slug}`; a bare string is also accepted (read as the stage name).
// The document shows no item shape, so `{name, slug}` is read too and any other item is left out
// rather than failing the whole email.
const journeyStageItemSchema = z.union([
  z.pipe(z.looseObject({ stage: text, stage_slug: z.optional(text) }), z.transform((item) => stageRef(item.stage, item.stage_slug))),
  z.pipe(z.looseObject({ name: text, slug: z.optional(text) }), z.transform((item) => stageRef(item.name, item.slug))),
  z.pipe(text, z.transform((name) => stageRef(name, undefined))),
  z.pipe(z.unknown(), z.transform(() => null)),
]);
export const journeyStagesSchema = z.pipe(
  z.array(journeyStageItemSchema),
  z.transform((items) => items.filter((item): item is JourneyStageRef => item !== null)),
);

export const htmlStatusSchema = z.enum(['ok', 'key_required', 'not_available']);
export type HtmlStatus = z.infer<typeof htmlStatusSchema>;

/** Top-level `*_url` fields of the email detail that are not its public page. */
const IMAGE_URL_FIELDS = new Set(['thumbnail_url', 'preview_url']);

/**
 * The document's `service_url` is named after the service in the real interface ("a neutral word
 * stands in that part of it"): its page is read from `service_url`, else from the one other
 * `<name>_url` text field, else from the `url` every record carries, and kept as `service_url`.
 */
function withServiceUrl(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (typeof record['service_url'] === 'string') return record;
  const named = Object.keys(record).find((field) => /^[a-z0-9]+_url$/.test(field) && !IMAGE_URL_FIELDS.has(field) && typeof record[field] === 'string');
  const page = named === undefined ? record['url'] : record[named];
  return typeof page === 'string' ? { ...record, service_url: page } : record;
}

const emailDetailFieldsSchema = z.looseObject({
  id: count,
  title: text,
  subject_line: text,
  from_email: text,
  brand: z.looseObject({ name: text, slug: text, url: text }),
  thumbnail_url: text,
  preview_url: text,
  categories: z.array(z.looseObject({ slug: text, name: text })),
  journey_stages: journeyStagesSchema,
  captured_date: text,
  sent_date: text,
  service_url: text,
  html: z.nullable(text),
  html_status: htmlStatusSchema,
});
export const emailDetailSchema = z.pipe(z.transform(withServiceUrl), emailDetailFieldsSchema);
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const searchEmailsResponseSchema = z.looseObject({
  data: z.array(searchedEmailSchema),
  meta: z.extend(pageMetaSchema, {
    query: z.looseObject({ q: z.nullable(text), brand: z.nullable(text), category: z.nullable(text) }),
  }),
});
export type SearchEmailsResponse = z.infer<typeof searchEmailsResponseSchema>;

export const getEmailResponseSchema = z.looseObject({ data: emailDetailSchema, meta: attributionMetaSchema });
export type GetEmailResponse = z.infer<typeof getEmailResponseSchema>;

// ---- Brands ---------------------------------------------------------------------------------

export const brandSchema = z.looseObject({
  name: text,
  slug: text,
  description: text,
  email_count: count,
  url: text,
  logo_url: z.optional(text),
});
export type Brand = z.infer<typeof brandSchema>;

export const followedBrandSchema = z.extend(brandSchema, { logo_url: text });
export type FollowedBrand = z.infer<typeof followedBrandSchema>;

export const listBrandsResponseSchema = z.looseObject({ data: z.array(brandSchema), meta: pageMetaSchema });
export type ListBrandsResponse = z.infer<typeof listBrandsResponseSchema>;

export const getBrandResponseSchema = z.looseObject({
  data: z.looseObject({
    brand: z.looseObject({ name: text, slug: text, email_count: count, url: text }),
    emails: z.array(emailSummarySchema),
  }),
  meta: pageMetaSchema,
});
export type GetBrandResponse = z.infer<typeof getBrandResponseSchema>;

// ---- Insights -------------------------------------------------------------------------------

/** Counts the document shows as strings ("count is a string"); numbers are accepted too. Read as numbers. */
const countAsText = z.pipe(
  z.union([count, text.check(z.regex(/^\s*\d+\s*$/))]),
  z.transform((value) => Number(value)),
);

// assumption: every `*_pct` value is a percentage on a 0-100 scale.
const percentage = z.number().check(z.minimum(0), z.maximum(100));

export const brandInsightsSchema = z.looseObject({
  brand: z.looseObject({ slug: text, name: text, url: text }),
  frequency: z.looseObject({ total_sent: count, avg_per_week: z.number(), first_send: text, last_send: text }),
  technology: z.looseObject({
    esp_breakdown: z.array(z.looseObject({ name: text, count: countAsText })),
    responsive_pct: percentage,
    amp_pct: percentage,
    dark_mode_pct: percentage,
    outlook_opt_pct: percentage,
  }),
  subject_line: z.looseObject({
    avg_length: z.number(),
    contains_emoji_pct: percentage,
    top_words: z.array(z.looseObject({ word: text, count })),
  }),
  send_patterns: z.looseObject({ by_day_of_week: z.record(text, count), by_hour: z.record(text, count) }),
  content: z.looseObject({ avg_word_count: z.number(), avg_image_count: z.number(), animated_gif_pct: percentage }),
  deliverability: z.looseObject({ spf_pass_pct: percentage, dkim_pass_pct: percentage, dmarc_pass_pct: percentage }),
  senders: z.array(z.looseObject({ from_email: text, count: countAsText })),
  dashboard_url: text,
});
export type BrandInsights = z.infer<typeof brandInsightsSchema>;

export const getBrandInsightsResponseSchema = z.looseObject({ data: brandInsightsSchema, meta: attributionMetaSchema });
export type GetBrandInsightsResponse = z.infer<typeof getBrandInsightsResponseSchema>;

// ---- Journeys -------------------------------------------------------------------------------

export const journeySummarySchema = z.looseObject({ brand: text, brand_slug: text, email_count: count, url: text });
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const journeySchema = z.looseObject({
  brand: text,
  brand_slug: text,
  url: text,
  stages: z.array(
    z.looseObject({ stage: text, stage_slug: text, email_count: count, emails: z.array(emailSummarySchema) }),
  ),
});
export type Journey = z.infer<typeof journeySchema>;

export const listJourneysResponseSchema = z.looseObject({ data: z.array(journeySummarySchema), meta: pageMetaSchema });
export type ListJourneysResponse = z.infer<typeof listJourneysResponseSchema>;

export const getJourneyResponseSchema = z.looseObject({ data: journeySchema, meta: attributionMetaSchema });
export type GetJourneyResponse = z.infer<typeof getJourneyResponseSchema>;

// ---- The key owner's data (/v1/me) ----------------------------------------------------------

export const listFollowsResponseSchema = z.looseObject({
  data: z.array(followedBrandSchema),
  meta: z.looseObject({ count, total: count, max: count, attribution: attributionSchema }),
});
export type ListFollowsResponse = z.infer<typeof listFollowsResponseSchema>;

export const listFollowedEmailsResponseSchema = z.looseObject({
  data: z.array(followedEmailSchema),
  meta: z.extend(pageMetaSchema, { since: z.optional(text), following: count }),
});
export type ListFollowedEmailsResponse = z.infer<typeof listFollowedEmailsResponseSchema>;

export const listLikesResponseSchema = z.looseObject({
  data: z.array(emailSummarySchema),
  meta: z.extend(pageMetaSchema, { total: count }),
});
export type ListLikesResponse = z.infer<typeof listLikesResponseSchema>;

export const collectionSchema = z.looseObject({ id: text, name: text, description: text, url: text, email_count: count });
export type Collection = z.infer<typeof collectionSchema>;

export const listCollectionsResponseSchema = z.looseObject({
  data: z.array(collectionSchema),
  meta: z.looseObject({ count, attribution: attributionSchema }),
});
export type ListCollectionsResponse = z.infer<typeof listCollectionsResponseSchema>;

export const getCollectionResponseSchema = z.looseObject({
  data: z.looseObject({ collection: collectionSchema, emails: z.array(emailSummarySchema) }),
  meta: z.extend(pageMetaSchema, { total: count }),
});
export type GetCollectionResponse = z.infer<typeof getCollectionResponseSchema>;

// ---- Brand requests -------------------------------------------------------------------------

/** The 22 categories a brand request may name (docs/api/library-api.md, POST /v1/brand-requests). */
export const BRAND_REQUEST_CATEGORIES = [
  'Apparel',
  'Automotive',
  'Baby',
  'Beauty',
  'Beverage',
  'Cannabis',
  'Crypto',
  'Digital Products',
  'Electronics',
  'Food',
  'Health',
  'Higher Education',
  'Home',
  'Jewelry & Watches',
  'Luggage',
  'Non-Profit',
  'Pets',
  'Restaurants',
  'SaaS',
  'Sports Teams',
  'Travel',
  'Video Games',
] as const;
export type BrandRequestCategory = (typeof BRAND_REQUEST_CATEGORIES)[number];

export const brandRequestStatusSchema = z.enum([
  'already_in_library',
  'queued',
  'signed_up',
  'first_email_captured',
  'could_not_subscribe',
]);
export type BrandRequestStatus = z.infer<typeof brandRequestStatusSchema>;

// assumption: `library_brand`, when not null, is `{name, slug, url}`. The document shows it only
// as null, so any other value reads as null (the screens fall back to the brand as submitted)
// rather than making a request that went through look failed.
export const libraryBrandSchema = z.union([
  z.nullable(z.looseObject({ name: text, slug: text, url: text })),
  z.pipe(z.unknown(), z.transform(() => null)),
]);

/**
 * Body of `POST /v1/brand-requests`, as the request builder produces it (createBrandRequestBody:
 * brand and website not empty, notes cut to 500). A type, not a schema: nothing parses a body
 * Envelope itself builds, and a schema nobody reads still ships in both bundles.
 */
export interface BrandRequestBody {
  brand: string;
  website: string;
  category?: BrandRequestCategory;
  signup_url?: string;
  notes?: string;
}

/** A brand request as `POST /v1/brand-requests` returns it. */
export const brandRequestSchema = z.looseObject({
  brand: text,
  domain: text,
  category: text,
  status: brandRequestStatusSchema,
  message: text,
  library_brand: libraryBrandSchema,
  library_url: z.optional(z.nullable(text)),
  requested_at: text,
  requests_today: count,
  daily_limit: count,
});
export type BrandRequest = z.infer<typeof brandRequestSchema>;

/** Items of `GET /v1/brand-requests`: with `library_url`; the daily counters live in `meta`. */
export const listedBrandRequestSchema = z.extend(brandRequestSchema, {
  library_url: z.nullable(text),
  library_brand: z.optional(libraryBrandSchema),
  requests_today: z.optional(count),
  daily_limit: z.optional(count),
});
export type ListedBrandRequest = z.infer<typeof listedBrandRequestSchema>;

export const createBrandRequestResponseSchema = z.looseObject({ data: brandRequestSchema, meta: attributionMetaSchema });
export type CreateBrandRequestResponse = z.infer<typeof createBrandRequestResponseSchema>;

export const listBrandRequestsResponseSchema = z.looseObject({
  data: z.array(listedBrandRequestSchema),
  meta: z.looseObject({ count, requests_today: count, daily_limit: count, attribution: attributionSchema }),
});
export type ListBrandRequestsResponse = z.infer<typeof listBrandRequestsResponseSchema>;

// ---- Errors ---------------------------------------------------------------------------------

// The error body, `{"error": {"code", "message"}}`, is read leniently by src/shared/api/http/error-body.ts.
// assumption: 401 carries code `unauthorized` and the generic 400 `bad_request`; the client maps by status and never needs them.
