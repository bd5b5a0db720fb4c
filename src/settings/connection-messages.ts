// The result of "Test connection" in words. Pure: the handler makes the call, this says what
// it means for the person looking at the Settings screen.
import { MAX_COUNTDOWN_SECONDS, rateLimitWaitSeconds } from '../shared/api/http/retry-policy';
import type { ApiName } from '../shared/settings/validate-settings';
import type { ConnectionResult } from '../shared/bridge/messages';

const API_LABEL: Record<ApiName, string> = { builder: 'builder', library: 'library' };
/** The service as designers know it: "API" is a developer's word (kept only in the key's name). */
const SERVICE: Record<ApiName, string> = { builder: 'email builder', library: 'email library' };

/** The fields of an ApiError this module reads (src/shared/api/http/api-error.ts). */
export interface ApiFailure {
  status: number | null;
  /** The ApiError's code (`timeout`, `network_error`…), when known. */
  code?: string;
  message: string;
  retryAfterSeconds?: number | null;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function noKeyResult(api: ApiName): ConnectionResult {
  return { ok: false, message: `No ${API_LABEL[api]} API key is saved yet. Paste the key, choose Save, then test again.` };
}

/** A key is saved but not used (saved by an older version, or with an address now refused): Settings says why beside the key field. */
export function unusedKeyResult(api: ApiName): ConnectionResult {
  return { ok: false, message: `The ${API_LABEL[api]} API key saved earlier is not used, for the reason given with the key field above. Paste the key, choose Save, then test again.` };
}

/**
 * The library tested without its saved key, as that key is not used: what the test found, then
 * why no key was sent (it read as if none was saved). Not a success: the key asks for something.
 * Apart from the answer, so that the window says the answer's wait ("You can try again after
 * 14:05") with it, before the key (answerWithWaitText): said last, the wait read as the key's, as
 * if a test after "Paste the key, choose Save" had to wait too, though a key has its own limit.
 */
export function withUnusedKeyResult(api: ApiName, tested: ConnectionResult): ConnectionResult {
  return { ...tested, ok: false, unusedKeyText: unusedKeyResult(api).message };
}

/**
 * The address is the built-in stand-in (src/shared/config/stand-in-address.ts): none was entered.
 * `keyMissing`: no key is saved either, and both are asked for at once, not one test at a time;
 * `unused`: one is saved and not used, said after the address.
 */
export function addressMissingResult(api: ApiName, keyMissing: boolean | 'unused' = false): ConnectionResult {
  const missing = `The ${SERVICE[api]}’s address is missing`;
  if (keyMissing === 'unused') return { ok: false, message: `${missing}: enter it above. ${unusedKeyResult(api).message}` };
  const what = keyMissing ? ` and no ${API_LABEL[api]} API key is saved: enter both` : ': enter it';
  return { ok: false, message: `${missing}${what} above, choose Save, then test again.` };
}

/** `templateCount` is null when the server sent no total (a bare list). */
export function builderConnectedResult(templateCount: number | null): ConnectionResult {
  if (templateCount === null) return { ok: true, message: 'Connected to the builder: the key was accepted.' };
  const templates = templateCount === 0 ? 'no templates yet' : plural(templateCount, 'template', 'templates');
  return { ok: true, message: `Connected to the builder: ${templates} in this workspace.` };
}

/** The library reached without a key: what Browse does until one is saved. */
export function libraryReachedResult(): ConnectionResult {
  return { ok: true, message: 'Reached the library: browsing works without a key. A library API key adds HTML previews and your follows, likes and collections.' };
}

export function libraryConnectedResult(collectionCount: number): ConnectionResult {
  const collections = collectionCount === 0 ? 'no saved collections yet' : plural(collectionCount, 'saved collection', 'saved collections');
  return { ok: true, message: `Connected to the library: ${collections} in this account.` };
}

function isApiFailure(error: unknown): error is ApiFailure {
  if (typeof error !== 'object' || error === null) return false;
  const { status, message } = error as { status?: unknown; message?: unknown };
  return (status === null || typeof status === 'number') && typeof message === 'string';
}

function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** True when a reply's text is a web page (markup), not data. */
function isWebPage(reply: string): boolean {
  return reply.trimStart().startsWith('<');
}

/**
 * Why the test call failed, in words, with what to do next. Never includes the key.
 * `lastReply`: the text of the last answer, when one came (it tells a web page from damaged data).
 * `keySent`: false for the library tested without a key, whose limit is not a key's.
 */
export function connectionFailedResult(api: ApiName, baseUrl: string, error: unknown, lastReply = '', keySent = true): ConnectionResult {
  const label = API_LABEL[api];
  const service = SERVICE[api];
  if (!isApiFailure(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The ${label} connection test failed unexpectedly: ${withStop(detail)}` };
  }
  const { status } = error;
  // The ApiError's own message is a whole sentence for other screens: this one says the same
  // facts for the person testing the connection, once.
  if (status === null) {
    // The built-in stand-in (src/shared/config/stand-in-address.ts): no address was entered.
    if (error.code === 'address_missing') return addressMissingResult(api);
    if (error.code === 'timeout') {
      return { ok: false, message: `${baseUrl} did not answer in time. The ${service} may be slow or down: test again in a minute.` };
    }
    return { ok: false, message: `Could not reach ${baseUrl}. Check the address above and your network connection, then test again.` };
  }
  // A 2xx that is not the service's answer: the address reaches something else (a web page, another API).
  if (error.code === 'not_json') {
    if (!isWebPage(lastReply)) {
      return {
        ok: false,
        message: `${baseUrl} answered with data cut short or damaged, which Envelope cannot read. Test again; if it happens again, check that this is the ${service}’s address.`,
      };
    }
    return { ok: false, message: `${baseUrl} answered with a web page, not the ${service}’s data: is this the ${service}’s address?` };
  }
  if (error.code === 'malformed_response') {
    return { ok: false, message: `${baseUrl} answered, but not as the ${service} does: is this the ${service}’s address?` };
  }
  if (status === 401 || status === 403) {
    // The library tested without a key: no key was refused, the service wants one.
    if (!keySent) return { ok: false, message: `The ${service} refused the test made without a key: it needs a ${label} API key.` };
    const where =
      api === 'builder'
        ? 'Check it, or create a new key in your email builder, under its Settings → API Keys.'
        : 'Check it, or copy a new key from your library account.';
    return { ok: false, message: `The ${label} API key was not accepted. ${where}` };
  }
  if (status === 404) {
    return { ok: false, message: `${baseUrl} answered "not found": is this the ${service}’s address?` };
  }
  if (status === 429) {
    // Without a key the library's limit is that of every call made without one from this network.
    const message = keySent ? `The ${service} asked Envelope to slow down for this key.` : `The ${service} asked Envelope to slow down: it limits requests made without a key. A library API key has a much higher limit.`;
    // None given: the wait every screen says then (rateLimitWaitSeconds), not "a minute" in words,
    // which stayed on screen and went untrue. A wait of minutes the screen counts down; a longer
    // one the window says by when it ends, as a clock time that stays true while it is on screen.
    const seconds = rateLimitWaitSeconds(error.retryAfterSeconds);
    if (seconds <= MAX_COUNTDOWN_SECONDS) return { ok: false, message, retryAfterSeconds: seconds };
    return { ok: false, message, retryAt: Date.now() + seconds * 1000 };
  }
  if (status >= 500) {
    return { ok: false, message: `The ${service} had a problem on its side. Test again later.` };
  }
  return { ok: false, message: `The ${service} refused the test call. Check that the address above is the ${service}’s.` };
}
