// Sends one API request the way both clients need it: on the API's own host only, inside the
// rate limits, with a timeout (Figma's fetch cannot be aborted, so a late answer is ignored),
// retried only when repeating it is safe, and read into a typed value or an ApiError.
import { ApiError, type ApiName } from './api-error';
import {
  errorFromResponse,
  malformedResponseError,
  networkError,
  notJsonError,
  wrongHostMessage,
  timeoutError,
  type ErrorContext,
} from './error-mapping';
import type { RequestGate } from './request-gate';
import { retryDelayMs, type RetryPolicy } from './retry-policy';
import { sleepAsync, type Scheduler } from './scheduler';
import type { HttpMethod, HttpResponse, HttpTransport } from './transport';
import { originOf } from './url';

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ApiRequestSpec<T> {
  method: HttpMethod;
  /** The endpoint as documented, for messages: `GET /v1/emails/{id}`. */
  endpoint: string;
  /** Path and query, starting with a single `/`, appended to the base URL. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** True only when sending the request twice has the same effect as once. */
  safeToRepeat: boolean;
  /** Statuses that, on a repeated attempt, mean the first attempt already did the work (DELETE → 404). */
  doneOnRepeatStatuses?: readonly number[];
  /** Reads a 2xx body (undefined when empty) into the value. */
  read(body: unknown, response: HttpResponse): ReadResult<T>;
}

export interface ApiRequesterOptions {
  api: ApiName;
  baseUrl: string;
  key: string | null;
  transport: HttpTransport;
  gate: RequestGate;
  scheduler: Scheduler;
  /** Whose rate allowance the requests use and its documented size. */
  bucket: { name: string; limitPerMinute: number };
  timeoutMs: number;
  retryPolicy: RetryPolicy;
  /** Told the seconds of a 429's wait before it is waited out, so a long task can say why it stands still. */
  onWait?: ((seconds: number) => void) | undefined;
  /** Told the seconds a request waits for room in the rate allowance before it goes, so a screen can say why it stands still. */
  onHeld?: ((seconds: number) => void) | undefined;
}

export interface ApiRequester {
  readonly origin: string;
  sendAsync<T>(spec: ApiRequestSpec<T>): Promise<T>;
}

type Outcome = { kind: 'response'; response: HttpResponse } | { kind: 'no-response' } | { kind: 'timeout' };

function raceTimeoutAsync(send: () => Promise<HttpResponse>, scheduler: Scheduler, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      cancel();
      resolve(outcome);
    };
    const cancel = scheduler.setTimer(() => settle({ kind: 'timeout' }), timeoutMs);
    send().then(
      (response) => settle({ kind: 'response', response }),
      () => settle({ kind: 'no-response' }),
    );
  });
}

function parseJsonBody(text: string): { ok: true; body: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function createApiRequester(options: ApiRequesterOptions): ApiRequester {
  const parsedOrigin = originOf(options.baseUrl);
  if (parsedOrigin === null) throw new Error(`Not an http(s) base URL: ${options.baseUrl}`);
  const origin: string = parsedOrigin;
  const base = options.baseUrl.replace(/\/+$/, '');
  const { api, gate, scheduler, retryPolicy } = options;

  function headersFor(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (hasBody) headers['content-type'] = 'application/json';
    if (options.key !== null) headers.authorization = `Bearer ${options.key}`;
    return headers;
  }

  function readResponse<T>(spec: ApiRequestSpec<T>, response: HttpResponse, context: ErrorContext): T {
    const parsed = parseJsonBody(response.text);
    if (!parsed.ok) throw notJsonError(context, response.status);
    let result: ReadResult<T>;
    try {
      result = spec.read(parsed.body, response);
    } catch {
      result = { ok: false, message: 'the reply could not be read' };
    }
    if (!result.ok) throw malformedResponseError(context, response.status, result.message);
    return result.value;
  }

  async function attemptAsync<T>(spec: ApiRequestSpec<T>, url: string, context: ErrorContext, attempt: number): Promise<T> {
    const { onHeld } = options;
    const ticket = { bucket: options.bucket.name, limitPerMinute: options.bucket.limitPerMinute, host: origin };
    const release = await gate.acquireAsync(ticket, onHeld && ((untilMs) => onHeld(Math.max(0, untilMs - scheduler.now()) / 1000)));
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const request = { method: spec.method, url, headers: headersFor(body !== undefined), ...(body === undefined ? {} : { body }) };
    let outcome: Outcome;
    try {
      outcome = await raceTimeoutAsync(() => Promise.resolve().then(() => options.transport(request)), scheduler, options.timeoutMs);
    } finally {
      release();
    }
    if (outcome.kind === 'timeout') throw timeoutError(context, options.timeoutMs);
    if (outcome.kind === 'no-response') throw networkError(context, origin);
    const { response } = outcome;
    const reported = response.headers['x-ratelimit-limit'];
    if (reported !== undefined && /^\d+$/.test(reported.trim())) gate.reportLimit(options.bucket.name, Number(reported));
    if (attempt > 1 && spec.doneOnRepeatStatuses?.includes(response.status)) return readResponse(spec, { ...response, text: '' }, context);
    if (response.status < 200 || response.status > 299) throw errorFromResponse(response, { ...context, nowMs: scheduler.now() });
    return readResponse(spec, response, context);
  }

  return {
    origin,
    async sendAsync<T>(spec: ApiRequestSpec<T>): Promise<T> {
      const context: ErrorContext = { api, endpoint: spec.endpoint, keySent: options.key !== null, nowMs: scheduler.now() };
      const url = `${base}${spec.path}`;
      // Paths are built from constants and encoded segments; this is the last line of defence
      // that a key never leaves for another host.
      if (!spec.path.startsWith('/') || spec.path.startsWith('//') || originOf(url) !== origin) {
        throw new ApiError({ api, endpoint: spec.endpoint, status: null, code: 'wrong_host', message: wrongHostMessage(api) });
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await attemptAsync(spec, url, context, attempt);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const delay = retryDelayMs(error, attempt, spec.safeToRepeat, retryPolicy, scheduler.random());
          if (delay === null) {
            // Not retried here (one attempt, or not safe), but the server's wait still holds for
            // the whole allowance: other requests sent meanwhile would only earn more 429s.
            const wait = error.code === 'rate_limited' ? error.retryAfterSeconds : null;
            if (wait !== null && wait <= retryPolicy.maxRetryAfterSeconds) gate.pause(options.bucket.name, wait * 1000);
            throw error;
          }
          // A 429 holds back every request on the same allowance, not just this one.
          if (error.code === 'rate_limited') {
            options.onWait?.(delay / 1000);
            gate.pause(options.bucket.name, delay);
          } else await sleepAsync(scheduler, delay);
        }
      }
    },
  };
}
