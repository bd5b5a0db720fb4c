// The one error type both API clients reject with. `message` is already the sentence the UI
// shows; `code` is what code branches on (never the message).

export type ApiName = 'library' | 'builder';

export type ApiErrorCode =
  /** 401: the key is missing, wrong or revoked. */
  | 'unauthorized'
  /** 429 over the per-minute limit; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** 429 from the library's 50-a-day brand-request limit. */
  | 'daily_limit_reached'
  | 'not_found'
  /** Library: the brand is tracked but has too few emails for insights. */
  | 'no_insights'
  /** Library: brand request refused (adult content). */
  | 'not_allowed'
  /** 400: the server refused a parameter or body field (its message names it). */
  | 'bad_request'
  | 'payload_too_large'
  /** 503: the service is temporarily unavailable. */
  | 'unavailable'
  /** Any other 5xx. */
  | 'server_error'
  /** Any other unexpected status. */
  | 'http_error'
  /** No response arrived (connection refused, dropped, offline). */
  | 'network_error'
  /** No response from the built-in stand-in address (config/stand-in-address.ts): none was entered in Settings. */
  | 'address_missing'
  /** No response within the time limit. */
  | 'timeout'
  /** The caller no longer needed the answer and stopped waiting (its screen moved on; nothing to show). */
  | 'cancelled'
  /** A body that is not JSON where JSON was expected. */
  | 'not_json'
  /** JSON that lacks a field the plugin needs, or has it in the wrong type. */
  | 'malformed_response'
  /** The client refused to send a request to a host other than its own API's. */
  | 'wrong_host'
  /** The caller passed something the client cannot send (checked before any request). */
  | 'invalid_argument';

export interface ApiErrorInit {
  api: ApiName;
  /** The endpoint as documented, e.g. `GET /v1/emails/{id}`. */
  endpoint: string;
  status: number | null;
  code: ApiErrorCode;
  message: string;
  retryAfterSeconds?: number | null;
  /** The code the server put in its error body, when it sent one. */
  serverCode?: string | null;
  /** For developers: what exactly was wrong with a reply (kept out of the message). */
  problem?: string;
  /** See ApiError.sentUnanswered; default false. */
  sentUnanswered?: boolean;
  /** A 429 still answered after Envelope waited this long as asked, this request or its task (api-request.ts WaitTally, stillRateLimitedError): the window says so whatever the wait now. */
  waitedSeconds?: number;
}

export class ApiError extends Error {
  readonly api: ApiName;
  readonly endpoint: string;
  readonly status: number | null;
  readonly code: ApiErrorCode;
  readonly retryAfterSeconds: number | null;
  readonly serverCode: string | null;
  /**
   * A request given up (`cancelled`) after it went out and before its answer came: the server
   * may still act on it. False when it was given up waiting for its turn (a 429's wait).
   */
  readonly sentUnanswered: boolean;
  /** Plain data, so the error keeps its facts when it crosses the sandbox/UI bridge. */
  readonly details: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.api = init.api;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.serverCode = init.serverCode ?? null;
    this.sentUnanswered = init.sentUnanswered ?? false;
    this.details = {
      api: this.api,
      endpoint: this.endpoint,
      status: this.status,
      retryAfterSeconds: this.retryAfterSeconds,
      serverCode: this.serverCode,
      ...(init.problem === undefined ? {} : { problem: init.problem }),
      ...(init.waitedSeconds === undefined ? {} : { waitedSeconds: init.waitedSeconds }),
    };
  }
}

/** "the email library" / "the email builder": the service as designers know it ("API" is a developer's word). */
export function serviceName(api: ApiName): string {
  return api === 'library' ? 'email library' : 'email builder';
}

/** The key by the name Settings gives it, the thing a designer pastes ("builder API key"). */
export function keyName(api: ApiName): string {
  return api === 'library' ? 'library API key' : 'builder API key';
}
