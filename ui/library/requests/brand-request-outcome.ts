// A brand request's form checked before sending, and every answer of the library in words
// (docs/api/library-api.md, POST /v1/brand-requests, rules 1–6). Pure: the time comes in.
import { describeBrandRequestStatus } from '../../../src/shared/api/library/brand-request-status';
import type { CreatedBrandRequest } from '../../../src/shared/api/library/client';
import { characterCount } from '../../../src/shared/api/http/utf8';
import { LIBRARY_LIMITS } from '../../../src/shared/api/library/requests';
import { errorText } from '../../messages/error-text';
import { shortDate } from '../search/search-query';
import { retryAtText } from '../../messages/retry-countdown';
import { WORKS_WITHOUT_KEY } from '../refused-key';

export interface BrandRequestForm {
  brand: string;
  website: string;
  /** One of the 22 categories, or '' to let the service choose. */
  category: string;
  signupUrl: string;
  notes: string;
}

export const EMPTY_BRAND_REQUEST: BrandRequestForm = { brand: '', website: '', category: '', signupUrl: '', notes: '' };

/** The form once a request went through: what was sent is cleared; a field typed in meanwhile (the next brand) keeps its text. */
export function formAfterSent(current: BrandRequestForm, sent: BrandRequestForm): BrandRequestForm {
  const next = { ...current };
  for (const field of Object.keys(sent) as Array<keyof BrandRequestForm>) if (current[field] === sent[field]) next[field] = EMPTY_BRAND_REQUEST[field];
  return next;
}

export type BrandRequestField = 'brand' | 'website' | 'signupUrl' | 'notes';

const DOMAIN = /^([a-z][a-z0-9+.-]*:\/\/)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#].*)?$/i;

/** What is wrong with the form, field by field ({} when it can be sent). */
export function brandRequestProblems(form: BrandRequestForm): Partial<Record<BrandRequestField, string>> {
  const problems: Partial<Record<BrandRequestField, string>> = {};
  if (form.brand.trim() === '') problems.brand = 'Enter the brand’s name.';
  else if (characterCount(form.brand.trim()) > 200) problems.brand = 'A brand name is at most 200 characters.';
  if (form.website.trim() === '') problems.website = 'Enter the brand’s website, such as brand.com.';
  else if (!DOMAIN.test(form.website.trim())) problems.website = 'This does not look like a website: enter something like brand.com.';
  if (form.signupUrl.trim() !== '' && !/^https?:\/\/\S+\.\S+/i.test(form.signupUrl.trim())) problems.signupUrl = 'The signup page is a full address starting with https://.';
  const notes = characterCount(form.notes);
  if (notes > LIBRARY_LIMITS.notesMaxLength) problems.notes = `Notes are at most ${LIBRARY_LIMITS.notesMaxLength} characters; these are ${notes}.`;
  return problems;
}

/** The count under the notes field, in the same characters as the limit: "12 of 500" read as said ("12 / 500" was "12 slash 500"), and by how many it is over. */
export function notesCountText(notes: string): string {
  const count = characterCount(notes);
  const over = count - LIBRARY_LIMITS.notesMaxLength;
  return `${count} of ${LIBRARY_LIMITS.notesMaxLength} characters${over > 0 ? `, ${over} too many` : ''}`;
}

export interface BrandRequestOutcome {
  tone: 'success' | 'info' | 'error';
  text: string;
  /** A brand page to offer (already in the library). */
  brandSlug?: string;
  /** The form is cleared only when the request went through. */
  keepForm: boolean;
  /** When Send may go again (Date.now() time): before then it would only be refused again. */
  sendAt?: number;
  /** The key was refused: Settings (on the library key) fixes it, and Browse hears of the refusal. */
  settings?: boolean;
  /**
   * Today's count after a request that counted, or the day's limit reached: said under My requests,
   * which is read again (a limit reached by requests made elsewhere, the MCP server's, read "3 of 50 used").
   */
  today?: { requests_today: number; daily_limit: number };
}

/** "Requested 3 Nov" (this year), "Requested 31 Dec 2025"; nothing for a time that cannot be read. The API gives no date of a status change. */
export function requestedText(requestedAt: string, nowMs: number): string {
  if (Number.isNaN(Date.parse(requestedAt))) return '';
  const date = shortDate(requestedAt);
  const thisYear = ` ${new Date(nowMs).getUTCFullYear()}`;
  return `Requested ${date.endsWith(thisYear) ? date.slice(0, -thisYear.length) : date}`;
}

/**
 * Today's count of brand requests, with which requests count and when the day ends. "3 of 50
 * requests today" read as calls to the library (which has per-minute limits too).
 */
export function requestsTodayText(used: number, limit: number): string {
  return `${used} of today’s ${limit} brand requests used (the day ends at midnight UTC; a brand already in the library or asked for before is not counted).`;
}

/** Before the form is sent: the day's counted requests all used, or null while some are left (or the count cannot be read). */
export function dayUsedText(used: number, limit: number): string | null {
  if (!Number.isFinite(used) || !Number.isFinite(limit) || limit <= 0 || used < limit) return null;
  return `You have used today’s ${limit} brand requests: a new brand can be asked for after midnight UTC. A brand already in the library, or one you asked for before, is still answered.`;
}

export function brandRequestOutcome(result: CreatedBrandRequest, nowMs: number): BrandRequestOutcome {
  const { data } = result;
  if (data.status === 'already_in_library') {
    return { tone: 'info', text: `${data.library_brand?.name ?? data.brand} is already in the library.`, brandSlug: data.library_brand?.slug, keepForm: false };
  }
  // Today's count is not said here: My requests says it just below, with what counts.
  if (result.counted) return { tone: 'success', text: `Requested ${data.brand}. ${describeBrandRequestStatus(data.status, nowMs)}`, keepForm: false, today: data };
  return { tone: 'info', text: `You already asked for ${data.brand}: it was not counted again. ${describeBrandRequestStatus(data.status, nowMs)}`, keepForm: false };
}

/** `nowMs`: when the refusal came, for the time a wait ends. */
export function brandRequestFailure(error: unknown, nowMs: number): BrandRequestOutcome {
  const { code, retryAfterSeconds } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; retryAfterSeconds?: unknown };
  const sendAt = typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? nowMs + Math.ceil(retryAfterSeconds) * 1000 : undefined;
  switch (code) {
    case 'not_allowed':
      return { tone: 'error', text: 'The library does not take this brand: it does not collect adult content.', keepForm: true };
    case 'daily_limit_reached':
      return {
        tone: 'error',
        text: `You have made today’s 50 brand requests (the day ends at midnight UTC). ${sendAt === undefined ? 'You can ask again tomorrow.' : retryAtText(sendAt, nowMs)} Your form is kept.`,
        keepForm: true,
        sendAt,
        today: { requests_today: 50, daily_limit: 50 },
      };
    case 'unavailable':
    case 'server_error':
      return { tone: 'error', text: 'The library could not save the request just now. Try again in a moment; your form is kept.', keepForm: true };
    case 'rate_limited':
      // No seconds: this stays on screen, counting nothing down; a wait of minutes or more by when it
      // ends. Words still true once the wait is over, beside "You can send your request now."
      return {
        tone: 'error',
        text: `The library had too many requests to take yours. ${sendAt !== undefined && sendAt - nowMs > 60_000 ? retryAtText(sendAt, nowMs) : 'You can send it again after a short wait.'} Your form is kept.`,
        keepForm: true,
        sendAt,
      };
    case 'unauthorized':
      // Asking needs a key, so going on without one is no way on here: what works without is said instead.
      return { tone: 'error', text: `${errorText(error)} Your form is kept. ${WORKS_WITHOUT_KEY}`, keepForm: true, settings: true };
    default:
      return { tone: 'error', text: `${errorText(error)} Your form is kept.`, keepForm: true };
  }
}
