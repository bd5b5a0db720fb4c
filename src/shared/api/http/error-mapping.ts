// Turns an HTTP outcome that is not a usable answer into an ApiError whose message is the
// sentence the UI shows. Branches on status and the server's error code, never on its message.
import { ApiError, keyName, serviceName, type ApiErrorCode, type ApiName } from './api-error';
import { describeWait } from './describe-wait';
import { parseRetryAfterSeconds, readServerError } from './error-body';
import { retryAfterGiven } from './retry-policy';
import type { HttpResponse } from './transport';
import { originOf } from './url';
// Named, so the bundles keep only the two hosts, not the file's comment.
import { builder as defaultBuilderHost, library as defaultLibraryHost } from '../../config/api-hosts.json';
import { isStandInAddress } from '../../config/stand-in-address';

export interface ErrorContext {
  api: ApiName;
  endpoint: string;
  /** Whether this request carried a key (a 401 without one means a key is needed). */
  keySent: boolean;
  nowMs: number;
}

function codeFor(status: number, serverCode: string | null): ApiErrorCode {
  // The builder document names the code of a refused key but not its status: the code decides.
  if (status === 401 || serverCode === 'invalid_api_key') return 'unauthorized';
  if (status === 429) return serverCode === 'daily_limit_reached' ? 'daily_limit_reached' : 'rate_limited';
  // Only the API's own error body says the thing is gone: a bare 404 (a web page at a wrong
  // address, a proxy) says nothing about what the API holds.
  if (status === 404) return serverCode === 'no_insights' ? 'no_insights' : serverCode === null ? 'http_error' : 'not_found';
  if (status === 400) return serverCode === 'not_allowed' ? 'not_allowed' : 'bad_request';
  if (status === 413) return 'payload_too_large';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'server_error';
  // A 4xx the documents do not list, in the API's own error body: the API refused and says why.
  if (status >= 400 && serverCode !== null) return 'bad_request';
  return 'http_error';
}

function messageFor(code: ApiErrorCode, context: ErrorContext, status: number, serverMessage: string | null, retryAfter: number | null): string {
  const label = serviceName(context.api);
  const said = serverMessage ? ` (${serverMessage})` : '';
  switch (code) {
    case 'unauthorized':
      return context.keySent
        ? `The ${keyName(context.api)} was not accepted. Check the key in Settings; it may have been revoked.`
        : keyNeededMessage(context.api);
    case 'rate_limited':
      // No wait given: none is worded here ("a minute" stayed on screen and went untrue). The
      // screen says the stand-in wait (rateLimitWaitSeconds) counted down or by when it ends.
      return retryAfterGiven(retryAfter) ? `The ${label} asked Envelope to slow down. Try again in ${describeWait(retryAfter)}.` : `The ${label} asked Envelope to slow down.`;
    case 'daily_limit_reached':
      return `Today's brand requests are used up (50 a day). You can ask again in ${describeWait(retryAfter ?? 86_400)}, after midnight UTC.`;
    case 'not_found':
      return `The ${label} could not find this${said}. It may have been deleted.`;
    case 'no_insights':
      return 'This brand does not have enough emails in the library yet for insights.';
    case 'not_allowed':
      return `The email library does not accept this brand${said}.`;
    case 'bad_request':
      return `The ${label} refused the request${said}.`;
    case 'payload_too_large':
      return `The request was too large for the ${label}${said}.`;
    case 'unavailable':
      return `The ${label} is temporarily unavailable. Try again in a moment.`;
    case 'server_error':
      return `The ${label} had a problem on its side. Try again later.`;
    default:
      if (status === 404) return `Envelope found no ${label} at its address, so the address in Settings may be wrong.`;
      // A refusal the documents do not list, the status kept in the error for whoever helps.
      return `The ${label} turned the request away${said || ' without saying why'}. Check the ${label}’s address in Settings; if it is right, try again later.`;
  }
}

/**
 * A 429 still answered after Envelope waited as asked, each time (the client's retries, counted
 * per request, or per task such as a Sync step, in api-request.ts): the last answer's short Retry-After alone reads as if nothing was tried. No wait is worded ("Try
 * again in a minute" stayed on screen and went untrue): the window says by when it ends and holds
 * its retry until then (ui/messages/retry-countdown.ts rateLimitWait: the builder counts a rolling
 * minute, so a minute, or the server's longer wait; with no Retry-After, the stand-in one).
 */
export function stillRateLimitedError(error: ApiError, waitedSeconds: number): ApiError {
  const label = serviceName(error.api);
  const stillAsks = `Envelope waited ${describeWait(waitedSeconds)} as the ${label} asked, and it still asks Envelope to slow down.`;
  return new ApiError({
    api: error.api,
    endpoint: error.endpoint,
    status: error.status,
    code: error.code,
    message: stillAsks,
    retryAfterSeconds: error.retryAfterSeconds,
    serverCode: error.serverCode,
    waitedSeconds,
  });
}

/** The ApiError for a response with a status outside 2xx. */
export function errorFromResponse(response: HttpResponse, context: ErrorContext): ApiError {
  const server = readServerError(response.text);
  const code = codeFor(response.status, server.code);
  const retryAfterSeconds = parseRetryAfterSeconds(response.headers['retry-after'], context.nowMs);
  return new ApiError({
    api: context.api,
    endpoint: context.endpoint,
    status: response.status,
    code,
    message: messageFor(code, context, response.status, server.message, retryAfterSeconds),
    retryAfterSeconds,
    serverCode: server.code,
  });
}

/**
 * A request to `api`'s built-in stand-in (no address was entered in Settings), which no server
 * answers at: what is missing is the address. Null for any other host. The client asks it before
 * sending, so no request goes there (and no answer, or none in time, can come from there).
 */
export function standInError(context: ErrorContext, host: string): ApiError | null {
  if (!isStandInAddress(context.api, host)) return null;
  return new ApiError({ api: context.api, endpoint: context.endpoint, status: null, code: 'address_missing', message: addressMissingMessage(context.api) });
}

/** No address entered in Settings, in the words every screen uses (Browse says it before asking anything). */
export function addressMissingMessage(api: ApiName): string {
  return `The ${serviceName(api)}’s address is missing: enter it in Settings.`;
}

/**
 * No answer at all. Said in the designer's words first; the address only when it is one typed in
 * Settings (the default one is nothing the designer could have got wrong) and it has never
 * answered this client's allowance (`answeredBefore`: it has, so it is right, and only the
 * connection is to blame). Callers add what was kept or lost, which only they know.
 */
export function networkError(context: ErrorContext, host: string, answeredBefore = false): ApiError {
  const service = serviceName(context.api);
  const typed = !answeredBefore && originOf(context.api === 'library' ? defaultLibraryHost : defaultBuilderHost) !== host;
  const check = typed ? `Check your internet connection and the ${service}’s address in Settings (${host}).` : 'Check your internet connection, then try again.';
  return new ApiError({
    api: context.api,
    endpoint: context.endpoint,
    status: null,
    code: 'network_error',
    message: `Envelope could not reach the ${service}. ${check}`,
    // The words send the designer to the address in Settings: a screen may offer it beside its retry.
    ...(typed ? { problem: UNANSWERED_TYPED_ADDRESS } : {}),
  });
}

/** `problem` of a network error at an address typed in Settings (not the default one) that never answered, whose words say to check it there. */
export const UNANSWERED_TYPED_ADDRESS = 'no answer at the address typed in Settings';

export function timeoutError(context: ErrorContext, timeoutMs: number): ApiError {
  return new ApiError({
    api: context.api,
    endpoint: context.endpoint,
    status: null,
    code: 'timeout',
    message: `The ${serviceName(context.api)} did not answer within ${describeWait(timeoutMs / 1000)}. Try again.`,
  });
}

/** `sentUnanswered`: given up after the request went out and before its answer came. */
export function cancelledError(context: ErrorContext, sentUnanswered: boolean): ApiError {
  return new ApiError({ api: context.api, endpoint: context.endpoint, status: null, code: 'cancelled', message: 'The request was no longer needed.', sentUnanswered });
}

/** Any reply Envelope cannot read, one wording whichever way it is unreadable (not JSON, or JSON of the wrong shape). */
function unreadableReplyMessage(api: ApiName): string {
  return `The ${serviceName(api)} sent a reply Envelope cannot read. The service may have changed; try again later, or update Envelope if it keeps happening.`;
}

/** Whether a reply's body is markup: a web page (a sign-in page, another site), not the API's data. */
export function isWebPage(text: string): boolean {
  return text.trimStart().startsWith('<');
}

/** `problem` of a 2xx reply that is a web page: the address reaches something else, whose words say to check it in Settings. */
export const WEB_PAGE = 'web page';

/**
 * A 2xx reply that is not JSON: a web page (markup) means the address reaches something else;
 * anything else is data cut short or damaged, said as any reply Envelope cannot read.
 */
export function notJsonError(context: ErrorContext, status: number, text: string): ApiError {
  const label = serviceName(context.api);
  return new ApiError({
    api: context.api,
    endpoint: context.endpoint,
    status,
    code: 'not_json',
    ...(isWebPage(text)
      ? // `problem`: a screen offers Settings for this one, not Try again.
        { message: `The ${label}’s address sent a web page instead of data, so it may be wrong. Check the ${label}’s address in Settings.`, problem: WEB_PAGE }
      : { message: unreadableReplyMessage(context.api) }),
  });
}

export function malformedResponseError(context: ErrorContext, status: number, problem: string): ApiError {
  return new ApiError({
    api: context.api,
    endpoint: context.endpoint,
    status,
    code: 'malformed_response',
    message: unreadableReplyMessage(context.api),
    problem,
  });
}

export function invalidArgumentError(api: ApiName, endpoint: string, problem: string): ApiError {
  return new ApiError({ api, endpoint, status: null, code: 'invalid_argument', message: problem });
}

/** A request that would have left the API's host with its key (a bug, caught before sending). */
export function wrongHostMessage(api: ApiName): string {
  return `Envelope stopped a request that would have sent your ${keyName(api)} to another address, so nothing was sent. Close Envelope and open it again; if it happens again, report it.`;
}

function keyNeededMessage(api: ApiName): string {
  return `This needs a ${keyName(api)}. Add one in Settings.`;
}

/** For calls that need a key when none is saved: said before any request is spent. */
export function keyNeededError(api: ApiName, endpoint: string): ApiError {
  return new ApiError({ api, endpoint, status: null, code: 'unauthorized', message: keyNeededMessage(api) });
}
