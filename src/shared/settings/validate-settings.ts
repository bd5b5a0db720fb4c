// Rules for what a person types into Settings, shared by the UI (a message next to the field)
// and the sandbox (which refuses to store anything that breaks them).
import { isBuilderKey, BUILDER_KEY_PREFIX } from '../api/builder/keys';
import { isLibraryKey } from '../api/library/keys';
import type { ApiName } from '../api/http/api-error';
import { parseHttpUrl } from '../validation/http-url';

export type { ApiName };

// Zero-width spaces and joiners and the word joiner: neither trim() nor \s removes them.
const INVISIBLE = /[\u200b-\u200d\u2060]/g;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// Every path of the API begins with this, added by the client (seeds: paths are relative to the base).
const API_PATH: Record<ApiName, string> = { library: 'v1', builder: 'api' };

/**
 * A problem with a base URL in words, or null when it is acceptable. With `api`, an address that
 * already holds that API's own path (copied from the documents: every call would go to /v1/v1/…)
 * is refused, saying what to enter; saved addresses are read without it, as they always were.
 */
export function baseUrlProblem(input: string, api?: ApiName): string | null {
  const value = input.trim();
  if (value === '') return 'Enter the API address.';
  const url = parseHttpUrl(value);
  if (!url) return 'This is not a web address. It should look like https://api.example.com';
  if (url.hasCredentials) return 'The address must not contain a user name or password.';
  if (url.query || url.fragment) return 'The address must not contain “?” or “#”: remove the part from there on.';
  const secure = url.protocol === 'https:' || LOCAL_HOSTS.has(url.hostname);
  if (secure && api !== undefined) {
    const segments = url.path.split('/');
    const at = segments.findIndex((segment) => segment.toLowerCase() === API_PATH[api]);
    if (at > 0) return `Leave out “/${API_PATH[api]}” and what follows it: Envelope adds it to each request. Enter ${url.origin}${segments.slice(0, at).join('/')}`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null;
  // Said whether or not a key goes with the address (one may be saved alone), and with every local name allowed.
  if (url.protocol === 'http:') return 'Envelope connects over HTTPS only, except to this computer (http://localhost or http://127.0.0.1): use an https:// address.';
  return 'The address must start with https://';
}

/** True when two base URLs reach the same host (scheme, host and port): a key may follow only then. */
export function sameOrigin(a: string, b: string): boolean {
  const first = parseHttpUrl(a);
  const second = parseHttpUrl(b);
  return first !== null && second !== null && first.origin === second.origin;
}

/** The base URL as stored: trimmed, without a trailing slash. */
export function normalizeBaseUrl(input: string): string {
  return input.trim().replace(/\/+$/, '');
}

const QUOTE_MARKS = /^["'“”‘’`]+|["'“”‘’`]+$/g;
// What follows a value copied out of JSON ("ef_…",) or JavaScript ("ef_…";).
const TRAILING_PUNCTUATION = /\s*[,;]$/;

/** Where a key copied from JSON or a shell has quote marks, and which, when they are all that is wrong ("starts and ends", `"`). */
function quoteMarks(key: string, isKey: (key: string) => boolean): { where: string; mark: string } | null {
  const [first, last] = [...key.matchAll(QUOTE_MARKS)];
  if (!first || !isKey(key.replace(QUOTE_MARKS, ''))) return null;
  return { where: last ? 'starts and ends' : first.index ? 'ends' : 'starts', mark: first[0].charAt(0) };
}

/** The mark after a value in JSON or JavaScript, in words. */
function trailingMark(key: string): string {
  return key.endsWith(';') ? 'a semicolon' : 'a comma';
}

/** A key copied with its quote marks, and with the comma or semicolon after them from JSON or JavaScript ("ef_…",): each named. */
function quoteProblem(key: string, isKey: (key: string) => boolean): string | null {
  const quoted = quoteMarks(key, isKey);
  if (quoted) return `The key ${quoted.where} with a quote mark (${quoted.mark}). Paste the key without quotes.`;
  const unpunctuated = key.replace(TRAILING_PUNCTUATION, '');
  const copied = unpunctuated === key ? null : quoteMarks(unpunctuated, isKey);
  if (!copied) return null;
  return `The key ${copied.where} with a quote mark (${copied.mark}), and ${trailingMark(key)} follows it, as copied from code. Paste the key alone, without them.`;
}

/** A problem with an API key in words, or null when it has the right form. */
export function keyProblem(api: ApiName, input: string): string | null {
  const key = input.trim();
  if (key === '') return 'Paste your API key.';
  const isKey = api === 'builder' ? isBuilderKey : isLibraryKey;
  const quoted = quoteProblem(key, isKey);
  if (quoted) return quoted;
  if (isKey(key)) return null;
  if (isKey(key.replace(TRAILING_PUNCTUATION, ''))) return `The key ends with ${trailingMark(key)}. Paste the key without it.`;
  // What a paste brings along most (quote marks and a comma or semicolon aside, above): "Bearer " copied from a request, a line
  // break or an invisible character inside, or the other API's key. Refused, never cleaned
  // silently, so the key saved is exactly the one the person can see.
  if (isKey(key.replace(/^(authorization:\s*)?bearer\s+/i, ''))) return 'Paste the key alone, without “Bearer” in front of it.';
  if (isKey(key.replace(/\s+/g, ''))) return `This ${api} API key has a space or line break inside it: copy it again in one piece.`;
  if (isKey(key.replace(INVISIBLE, ''))) return `This ${api} API key has an invisible character in it: copy it again from where it was made.`;
  // More than one of those at once: each check above found the rest no key; all of them off, it is one.
  const stripped = key.replace(/^(authorization:\s*)?bearer\s+/i, '').replace(TRAILING_PUNCTUATION, '').replace(QUOTE_MARKS, '').replace(/\s+/g, '').replace(INVISIBLE, '');
  if (isKey(stripped.replace(QUOTE_MARKS, ''))) return `This ${api} API key came with more than the key (quote marks, a comma or semicolon, spaces, line breaks or “Bearer”): copy the key alone again, in one piece.`;
  const libraryRule = 'Library keys look like xxx_live_ followed by at least 8 letters or digits.';
  if (api === 'builder') {
    if (isLibraryKey(key)) return `This is a library API key: paste it under Email library. Builder keys start with "${BUILDER_KEY_PREFIX}".`;
    return `Builder keys start with "${BUILDER_KEY_PREFIX}". Copy the key from your email builder, under its Settings → API Keys.`;
  }
  if (isBuilderKey(key)) return `This is a builder API key: paste it under Email builder. ${libraryRule}`;
  return libraryRule;
}

/**
 * Why a key saved by an older version, which took it in, is not used now, in words (null: none is
 * saved, or it is used): without them the key would vanish from Settings unexplained.
 */
export function savedKeyProblem(api: ApiName, saved: string): string | null {
  const problem = saved.trim() === '' ? null : keyProblem(api, saved);
  return problem && `The ${api} API key saved earlier is not used, as the ${api} would refuse it. ${problem}`;
}

/**
 * Why an address saved earlier is now refused and, with `keySaved`, why the usable key saved with
 * it is not used either (a key does not follow the fallback to the default address), in words:
 * without them Settings would show the default address, and no key, unexplained. Null when there
 * is no address problem.
 */
export function savedAddressProblem(api: ApiName, savedBaseUrl: string, keySaved = true): string | null {
  const problem = baseUrlProblem(savedBaseUrl);
  const then = keySaved ? 'So the key saved with it is not used either: save the address again, with the key.' : 'Envelope uses the default address until you save another.';
  return problem && `The ${api} API address saved earlier, ${withoutCredentials(savedBaseUrl)}, is not used: ${problem} ${then}`;
}

/** An address as saved, less any user name and password it held: never shown on screen. */
function withoutCredentials(address: string): string {
  const url = parseHttpUrl(address);
  return url?.hasCredentials ? `${url.origin}${url.path}${url.query}${url.fragment}` : address.trim();
}

/**
 * Why saving an address alone removed a key saved earlier and not used: it was saved for another
 * host (named without any user name or password the address held), where a key is never sent.
 */
export function removedKeyText(api: ApiName, keyBaseUrl: string): string {
  const host = parseHttpUrl(keyBaseUrl)?.origin ?? 'another address';
  return `The ${api} API key saved earlier was removed, as it was saved for ${host} and a key is only sent to the host it was saved for: paste it again to use it with this address.`;
}

/** A key shown after saving: enough to recognise it, never enough to use it. */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  const live = trimmed.indexOf('_live_');
  const prefix = live >= 0 ? trimmed.slice(0, live + 6) : trimmed.slice(0, trimmed.indexOf('_') + 1);
  // Short keys show no tail: four characters of a short key give too much away.
  const tail = trimmed.length - prefix.length >= 16 ? trimmed.slice(-4) : '';
  return `${prefix}••••${tail}`;
}
