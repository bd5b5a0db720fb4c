// The library emulator's in-memory records. Serialisation to the documented shapes lives in
// `shapes.ts`; these carry what the shapes and insights are computed from.

export interface Brand {
  slug: string;
  name: string;
  description: string;
  categorySlug: string;
  domain: string;
  /** Header colour of its emails and logo, RGB. */
  color: readonly [number, number, number];
  /** Sender time zone, minutes east of UTC (for `sent_date`). */
  zoneOffsetMinutes: number;
}

export interface Email {
  id: number;
  brandSlug: string;
  subject: string;
  title: string;
  fromEmail: string;
  sentAtMs: number;
  capturedAtMs: number;
  categorySlugs: string[];
  /** False for older emails captured before HTML was stored (`not_available`). */
  hasHtml: boolean;
  /** HTML a test stored through `POST /_emulator/library/emails/:id/html`; served instead of the drawn one. */
  htmlOverride?: string;
  /** A broken full-length screenshot a test asked for (`POST /_emulator/library/emails/:id/preview-fault`). */
  previewFault?: PreviewFault;
  /** When a `"429_until_waited"` screenshot's wait ends, on the emulator clock (set by its first refusal). */
  previewWaitEndsMs?: number;
  esp: string;
  responsive: boolean;
  amp: boolean;
  darkMode: boolean;
  outlookOptimized: boolean;
  wordCount: number;
  imageCount: number;
  animatedGif: boolean;
  spfPass: boolean;
  dkimPass: boolean;
  dmarcPass: boolean;
  /** Height of the full-length screenshot (600 px wide). */
  previewHeight: number;
  journeyStages: Array<{ stage: string; stage_slug: string }>;
}

/**
 * How a screenshot fails: a 404, a 200 whose body is HTML instead of an image, a 200 whose body
 * never comes, a 429 asking to wait 2 seconds, once (the host's limit then ends), a 429 for ten
 * minutes, or 429s until the 2 seconds the first one asked for have passed (`429_until_waited`).
 */
export const PREVIEW_FAULTS = ['404', 'not_image', 'stall', '429', '429_long', '429_until_waited'] as const;
export type PreviewFault = (typeof PREVIEW_FAULTS)[number];

export interface JourneyStageRecord {
  stage: string;
  stageSlug: string;
  /** In capture order, oldest first. */
  emailIds: number[];
}

export interface Journey {
  brandSlug: string;
  stages: JourneyStageRecord[];
}

export interface Collection {
  id: string;
  name: string;
  description: string;
  emailIds: number[];
}

export interface Account {
  id: string;
  /** Most recent follow first. */
  follows: Array<{ brandSlug: string; followedAtMs: number }>;
  /** Most recent like first. */
  likes: Array<{ emailId: number; likedAtMs: number }>;
  collections: Collection[];
}

export const BRAND_REQUEST_STATUSES = ['queued', 'signed_up', 'first_email_captured', 'could_not_subscribe'] as const;
export type StoredRequestStatus = (typeof BRAND_REQUEST_STATUSES)[number];

export interface BrandRequestRecord {
  accountId: string;
  brand: string;
  domain: string;
  category: string;
  signupUrl: string | null;
  notes: string | null;
  requestedAtMs: number;
  /** Status changes in time order, starting with `queued` at `requestedAtMs`. */
  history: Array<{ status: StoredRequestStatus; atMs: number }>;
  /** Set when the first email was captured. */
  libraryBrandSlug: string | null;
}

export interface ApiKeyRecord {
  accountId: string;
  revoked: boolean;
}

export interface LibraryData {
  brands: Map<string, Brand>;
  /** Newest capture first. */
  emails: Email[];
  emailsById: Map<number, Email>;
  journeys: Journey[];
  accounts: Map<string, Account>;
  keys: Map<string, ApiKeyRecord>;
  brandRequests: BrandRequestRecord[];
  nextEmailId: number;
}

export const LIBRARY_KEYS = {
  demo: 'lib_live_DemoKey0000000001',
  other: 'lib_live_OtherKey000000002',
  revoked: 'lib_live_RevokedKey0000003',
} as const;

export function emailsOfBrand(data: LibraryData, slug: string): Email[] {
  return data.emails.filter((email) => email.brandSlug === slug);
}

export function addEmail(data: LibraryData, email: Email): void {
  data.emails.push(email);
  data.emails.sort((a, b) => b.capturedAtMs - a.capturedAtMs || b.id - a.id);
  data.emailsById.set(email.id, email);
}

/**
 * Removes an email at its brand's request: gone from the records, so its detail is 404 and it
 * leaves every list (search, brand pages, journey stages, likes, collections) of every account.
 * False when there was no such email.
 */
export function removeEmail(data: LibraryData, id: number): boolean {
  if (!data.emailsById.delete(id)) return false;
  data.emails = data.emails.filter((email) => email.id !== id);
  for (const journey of data.journeys) {
    for (const stage of journey.stages) stage.emailIds = stage.emailIds.filter((emailId) => emailId !== id);
  }
  for (const account of data.accounts.values()) {
    account.likes = account.likes.filter((like) => like.emailId !== id);
    for (const collection of account.collections) collection.emailIds = collection.emailIds.filter((emailId) => emailId !== id);
  }
  return true;
}
