// The documented response shapes of the library API, exactly: each list carries the summary
// fields docs/api/library-api.md gives it, nothing more.
import { formatRfc2822, formatYmd } from '../core/dates';
import { categoryBySlug } from './categories';
import type { Brand, BrandRequestRecord, Collection, Email, Journey, LibraryData, StoredRequestStatus } from './model';

/** The service's public site (record pages); images are served by the emulator itself. */
export const SITE_URL = 'https://mailvault.example';
export const SERVICE_NAME = 'MailVault';
export const DAILY_BRAND_REQUEST_LIMIT = 50;
export const FOLLOW_LIMIT = 50;

export const ATTRIBUTION = { source: SERVICE_NAME, url: SITE_URL } as const;

export interface ShapeContext {
  data: LibraryData;
  /** Base URL of the emulator's library host (image URLs). */
  libraryUrl: string;
}

const emailUrl = (id: number): string => `${SITE_URL}/emails/${id}`;
export const brandUrl = (slug: string): string => `${SITE_URL}/brands/${slug}`;
const thumbnailUrl = (ctx: ShapeContext, id: number): string => `${ctx.libraryUrl}/images/emails/${id}/thumbnail.png`;
const previewUrl = (ctx: ShapeContext, id: number): string => `${ctx.libraryUrl}/images/emails/${id}/preview.png`;

function brandOf(ctx: ShapeContext, email: Email): Brand {
  return ctx.data.brands.get(email.brandSlug)!;
}

function sentDate(ctx: ShapeContext, email: Email): string {
  return formatRfc2822(email.sentAtMs, brandOf(ctx, email).zoneOffsetMinutes);
}

/** Items of `GET /v1/emails`. */
export function listEmailSummary(ctx: ShapeContext, email: Email) {
  return {
    id: email.id,
    title: email.title,
    subject_line: email.subject,
    from_email: email.fromEmail,
    brand: brandOf(ctx, email).name,
    brand_slug: email.brandSlug,
    thumbnail_url: thumbnailUrl(ctx, email.id),
    preview_url: previewUrl(ctx, email.id),
    url: emailUrl(email.id),
    captured_date: formatYmd(email.capturedAtMs),
    sent_date: sentDate(ctx, email),
  };
}

/**
 * Items of `GET /v1/me/follows/emails`: carry `brand`; without `from_email` ("the other lists may
 * omit it") and `sent_date` (documented as present in list-emails only), so the plugin cannot
 * come to rely on either here.
 */
export function feedEmailSummary(ctx: ShapeContext, email: Email) {
  const { from_email: _sender, sent_date: _sent, ...rest } = listEmailSummary(ctx, email);
  return rest;
}

/** Brand emails, likes, collections (with subject) and journey stages (without). */
export function reducedEmailSummary(ctx: ShapeContext, email: Email, withSubject: boolean) {
  return {
    id: email.id,
    title: email.title,
    ...(withSubject ? { subject_line: email.subject } : {}),
    brand_slug: email.brandSlug,
    preview_url: previewUrl(ctx, email.id),
    url: emailUrl(email.id),
    captured_date: formatYmd(email.capturedAtMs),
  };
}

export type HtmlStatus = 'ok' | 'key_required' | 'not_available';

export function emailDetail(ctx: ShapeContext, email: Email, html: string | null, htmlStatus: HtmlStatus) {
  const brand = brandOf(ctx, email);
  return {
    id: email.id,
    title: email.title,
    subject_line: email.subject,
    from_email: email.fromEmail,
    brand: { name: brand.name, slug: brand.slug, url: brandUrl(brand.slug) },
    thumbnail_url: thumbnailUrl(ctx, email.id),
    preview_url: previewUrl(ctx, email.id),
    categories: email.categorySlugs.map((slug) => ({ slug, name: categoryBySlug(slug)?.name ?? slug })),
    journey_stages: email.journeyStages.map((stage) => ({ ...stage })),
    captured_date: formatYmd(email.capturedAtMs),
    sent_date: sentDate(ctx, email),
    // The seed's `service_url` stands in for a name that carries the service's own: so does ours.
    mailvault_url: emailUrl(email.id),
    html,
    html_status: htmlStatus,
  };
}

export function brandEmailCount(ctx: ShapeContext, slug: string): number {
  let count = 0;
  for (const email of ctx.data.emails) if (email.brandSlug === slug) count++;
  return count;
}

export function brandListItem(ctx: ShapeContext, brand: Brand, emailCount: number) {
  return { name: brand.name, slug: brand.slug, description: brand.description, email_count: emailCount, url: brandUrl(brand.slug) };
}

export function followedBrandItem(ctx: ShapeContext, brand: Brand, emailCount: number) {
  return { ...brandListItem(ctx, brand, emailCount), logo_url: `${ctx.libraryUrl}/images/brands/${brand.slug}/logo.png` };
}

export function journeyListItem(journey: Journey) {
  return {
    brand: journey.brandSlug,
    brand_slug: journey.brandSlug,
    email_count: journey.stages.reduce((sum, stage) => sum + stage.emailIds.length, 0),
    url: `${SITE_URL}/journeys/${journey.brandSlug}`,
  };
}

export function collectionItem(collection: Collection) {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    url: `${SITE_URL}/collections/${collection.id}`,
    email_count: collection.emailIds.length,
  };
}

export type RequestStatus = StoredRequestStatus | 'already_in_library';

export function requestMessage(status: RequestStatus, brand: string): string {
  switch (status) {
    case 'already_in_library':
      return `${brand} is already in the library.`;
    case 'queued':
      return `Queued: we will sign up for emails from ${brand} at the next processing run.`;
    case 'signed_up':
      return `Signed up for emails from ${brand}; waiting for the first one.`;
    case 'first_email_captured':
      return `The first email from ${brand} was captured; the brand is now in the library.`;
    case 'could_not_subscribe':
      return `Could not subscribe to ${brand}: signup is only possible through an app or an account.`;
  }
}

export function libraryBrandValue(ctx: ShapeContext, slug: string | null) {
  const brand = slug === null ? undefined : ctx.data.brands.get(slug);
  return brand ? { name: brand.name, slug: brand.slug, url: brandUrl(brand.slug) } : null;
}

/** `POST /v1/brand-requests` data (no `library_url`). */
export function brandRequestResult(
  ctx: ShapeContext,
  fields: { brand: string; domain: string; category: string; status: RequestStatus; libraryBrandSlug: string | null; requestedAtMs: number },
  requestsToday: number,
) {
  return {
    brand: fields.brand,
    domain: fields.domain,
    category: fields.category,
    status: fields.status,
    message: requestMessage(fields.status, fields.brand),
    library_brand: fields.status === 'queued' ? null : libraryBrandValue(ctx, fields.libraryBrandSlug),
    requested_at: new Date(fields.requestedAtMs).toISOString(),
    requests_today: requestsToday,
    daily_limit: DAILY_BRAND_REQUEST_LIMIT,
  };
}

/** Items of `GET /v1/brand-requests` (with `library_url`). */
export function brandRequestListItem(ctx: ShapeContext, record: BrandRequestRecord, status: StoredRequestStatus, requestsToday: number) {
  const captured = status === 'first_email_captured';
  const result = brandRequestResult(
    ctx,
    { ...record, status, libraryBrandSlug: captured ? record.libraryBrandSlug : null },
    requestsToday,
  );
  return { ...result, library_url: captured && record.libraryBrandSlug ? brandUrl(record.libraryBrandSlug) : null };
}
