// Sends one API request the way both clients need it: on the API's own host only, inside the
// rate limits, with a timeout (Figma's fetch cannot be aborted, so a late answer is ignored),
// retried only when repeating it is safe, and read into a typed value or an ApiError.
import { ApiError, type ApiErrorCode, type ApiName } from './api-error';
import {
  errorFromResponse,
  malformedResponseError,
  networkError,
  standInError,
  stillRateLimitedError,
  notJsonError,
  isWebPage,
  wrongHostMessage,
  timeoutError,
  cancelledError,
  type ErrorContext,
} from './error-mapping';
import { createCancelSource, whenCancelled, type CancelSignal } from './cancel-signal';
import type { GateTicket, ReleaseSlot, RequestGate } from './request-gate';
import { retryDelayMs, type RetryPolicy } from './retry-policy';
import { sleepAsync, type Scheduler } from './scheduler';
import type { HttpMethod, HttpResponse, HttpTransport } from './transport';
import { originOf } from './url';

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The seconds of 429 waits sat out, added to as each begins: what a request refused after them
 * says Envelope waited (stillRateLimitedError). One request's own, or a task's that its requests share.
 */
export interface WaitTally {
  seconds: number;
}

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
  /**
   * Whose rate allowance the requests use and its documented size; `limitHeader` names the
   * response header that reports the size per minute, when the API documents one.
   */
  bucket: { name: string; limitPerMinute: number; limitHeader?: string };
  timeoutMs: number;
  retryPolicy: RetryPolicy;
  /** Told the seconds of a 429's wait before it is waited out, so a long task can say why it stands still. */
  onWait?: ((seconds: number) => void) | undefined;
  /**
   * Told the seconds before a failure that is not a 429 (a 503, a 5xx, no answer, a timeout) is
   * tried again, and why (its code), so a long task can say it is trying again rather than stand
   * still; 0 once that wait is over. Not counted in the 429s' tally: the builder did not ask for it.
   */
  onRetry?: ((seconds: number, reason: ApiErrorCode) => void) | undefined;
  /**
   * The tally a request's 429 waits add to, asked as it starts: a task said to the designer as one
   * (a Sync step) gives its own, so a refusal says what the whole task waited, not only its last
   * request; undefined, each request counts its own (Templates: a list beside a save must not add
   * its waits to the save's).
   */
  waitTally?: (() => WaitTally | undefined) | undefined;
  /**
   * Told the seconds until the requests waiting for room in the rate allowance go, so a screen can
   * say why it stands still; 0 once none waits (each went or was given up), so it stops saying so.
   */
  onHeld?: ((seconds: number) => void) | undefined;
  /**
   * Told the milliseconds of a 429's wait too long to sit through, when it begins to refuse this
   * client's allowance, so another realm's clients of it (the window's, the sandbox's) can be told
   * (refuseAllowance there). A duration, not an end: the other realm's clock may not be this one's.
   */
  onRefused?: ((waitMs: number) => void) | undefined;
}

export interface ApiRequester {
  readonly origin: string;
  /** `signal`: when it aborts, the request stops waiting and frees its slot at once, and rejects with code `cancelled`. */
  sendAsync<T>(spec: ApiRequestSpec<T>, signal?: CancelSignal): Promise<T>;
}

/** `sent` on a cancel: the request had gone out and its answer had not come (the server may still act on it). */
type Outcome = { kind: 'response'; response: HttpResponse } | { kind: 'no-response' } | { kind: 'timeout' } | { kind: 'cancelled'; sent: boolean } | { kind: 'refused' };

interface AttemptSetup {
  gate: RequestGate;
  ticket: GateTicket;
  scheduler: Scheduler;
  timeoutMs: number;
  /** Hears when the gate will let a request its bucket holds go (a scheduler time), and null once it no longer waits. */
  onHeld: (untilMs: number | null) => void;
  send: (signal: CancelSignal) => Promise<HttpResponse>;
  /** The caller's: it no longer needs the answer. */
  signal: CancelSignal | undefined;
  /** Until when (scheduler time) a hold is the server's wait too long to sit through: one that long is refused, not waited. */
  refusedUntil: () => number;
}

/**
 * Waits for a slot, sends, and waits for the answer, all inside one deadline that starts when the
 * request is asked for: a wait behind stalled answers is part of the designer's wait. Only a hold
 * the screen is told about (the rate allowance) moves the deadline, to that long after it ends.
 * Giving up frees the slot at once and ignores a late answer (Figma's fetch cannot be aborted);
 * the transport hears of it through the signal, so a fetch that can be aborted is.
 */
function attemptOutcomeAsync(setup: AttemptSetup): Promise<Outcome> {
  const { gate, scheduler, timeoutMs } = setup;
  if (setup.signal?.aborted) return Promise.resolve({ kind: 'cancelled', sent: false });
  const givenUp = createCancelSource();
  let release: ReleaseSlot | null = null;
  let sent = false;
  let held = false;
  const holdEnded = () => {
    if (held) setup.onHeld(null);
    held = false;
  };
  return new Promise((resolve) => {
    const settle = (outcome: Outcome) => {
      if (givenUp.signal.aborted) return;
      holdEnded();
      stopListening();
      cancelTimer();
      givenUp.cancel();
      release?.();
      resolve(outcome);
    };
    const startTimer = (ms: number) => scheduler.setTimer(() => settle({ kind: 'timeout' }), ms);
    let cancelTimer = startTimer(timeoutMs);
    const stopListening = whenCancelled(setup.signal, () => settle({ kind: 'cancelled', sent }));
    const onHeld = (untilMs: number) => {
      if (untilMs >= setup.refusedUntil() && setup.refusedUntil() > scheduler.now()) return settle({ kind: 'refused' });
      held = true;
      setup.onHeld(untilMs);
      cancelTimer();
      cancelTimer = startTimer(untilMs + timeoutMs - scheduler.now());
    };
    gate.acquireAsync(setup.ticket, onHeld, givenUp.signal).then(
      (granted) => {
        if (givenUp.signal.aborted) return granted();
        holdEnded();
        release = granted;
        Promise.resolve()
          .then(() => {
            sent = true;
            return setup.send(givenUp.signal);
          })
          .then(
            (response) => settle({ kind: 'response', response }),
            () => settle({ kind: 'no-response' }),
          );
      },
      // Withdrawn: the outcome is already settled.
      () => undefined,
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

/**
 * One hold per request waiting for the rate allowance, told to `report` as the seconds until the
 * last of them goes, once per change of that time; 0 once none waits.
 */
function heldRequestsReporter(scheduler: Scheduler, report: ((seconds: number) => void) | undefined): () => (untilMs: number | null) => void {
  const holds = new Map<object, number>();
  let toldUntil: number | null = null;
  return () => {
    const hold = {};
    return (untilMs) => {
      if (untilMs === null) holds.delete(hold);
      else holds.set(hold, untilMs);
      const until = holds.size === 0 ? null : Math.max(...holds.values());
      if (until === toldUntil) return;
      toldUntil = until;
      report?.(until === null ? 0 : Math.max(0, until - scheduler.now()) / 1000);
    };
  };
}

/**
 * A 429's wait too long to sit through belongs to the allowance it names (the bucket: the API, the
 * host and the key, or the anonymous host), not to one gate: every client of that allowance refuses its
 * requests until it ends, whichever gate it was given. Kept per clock, as its ends are that clock's
 * times (a test's hand-driven clock has its own); the bucket names never hold a key (keyBucketName),
 * and nothing here outlives the page.
 */
interface Allowances {
  /** Each allowance's end of such a wait (a scheduler time). */
  refusedUntil: Map<string, number>;
  /**
   * The gates the clock's clients have requests under way in, each with how many: the refusal
   * pauses the allowance in each, so what they hold (or retry) is refused too. A gate leaves once
   * none is under way: a request asked for later is refused before it reaches its gate, so a
   * short-lived client's gate is not kept for the page's life.
   */
  gates: Map<RequestGate, number>;
  /**
   * The allowances (an address and key, or an anonymous address) whose address has answered at
   * least once: a later request there with no answer is the connection's doing, not a wrong
   * address, so its words do not send the designer to Settings (networkError). Kept with the
   * allowance, not one client, as a client is made afresh for a new task with the same address.
   */
  answered: Set<string>;
}
const ALLOWANCES = new WeakMap<Scheduler, Allowances>();

function allowancesOf(scheduler: Scheduler): Allowances {
  let allowances = ALLOWANCES.get(scheduler);
  if (!allowances) ALLOWANCES.set(scheduler, (allowances = { refusedUntil: new Map(), gates: new Map(), answered: new Set() }));
  return allowances;
}

/**
 * The allowance `bucket` is refused for `waitMs` from now (a later end already known stays): every
 * client of it on `scheduler` refuses its requests until then, and the gates holding its requests
 * pause. A client does so on a 429's wait too long to sit through; a realm does so when told of one
 * its other realm's client met (onRefused there).
 */
export function refuseAllowance(scheduler: Scheduler, bucket: string, waitMs: number): void {
  const { refusedUntil, gates } = allowancesOf(scheduler);
  refusedUntil.set(bucket, Math.max(refusedUntil.get(bucket) ?? 0, scheduler.now() + waitMs));
  for (const gate of gates.keys()) gate.pause(bucket, waitMs);
}

export function createApiRequester(options: ApiRequesterOptions): ApiRequester {
  const parsedOrigin = originOf(options.baseUrl);
  if (parsedOrigin === null) throw new Error(`Not an http(s) base URL: ${options.baseUrl}`);
  const origin: string = parsedOrigin;
  const base = options.baseUrl.replace(/\/+$/, '');
  const { api, gate, scheduler, retryPolicy } = options;
  const newHold = heldRequestsReporter(scheduler, options.onHeld);
  // A 429's wait too long to sit through: until it ends, each request is refused here as the
  // server would refuse it, neither sent (a burst of 429s) nor held (a screen standing still for an hour).
  // Kept with the allowance: a client made afresh for the next task shares it, on any gate.
  const allowances = allowancesOf(scheduler);
  const ends = allowances.refusedUntil;
  const refusedUntil = () => ends.get(options.bucket.name) ?? 0;
  const refusal = (context: ErrorContext) =>
    errorFromResponse({ status: 429, headers: { 'retry-after': String(Math.ceil((refusedUntil() - scheduler.now()) / 1000)) }, text: '' }, { ...context, nowMs: scheduler.now() });

  function headersFor(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (hasBody) headers['content-type'] = 'application/json';
    if (options.key !== null) headers.authorization = `Bearer ${options.key}`;
    return headers;
  }

  function readResponse<T>(spec: ApiRequestSpec<T>, response: HttpResponse, context: ErrorContext): T {
    const parsed = parseJsonBody(response.text);
    if (!parsed.ok) throw notJsonError(context, response.status, response.text);
    let result: ReadResult<T>;
    try {
      result = spec.read(parsed.body, response);
    } catch {
      result = { ok: false, message: 'the reply could not be read' };
    }
    if (!result.ok) throw malformedResponseError(context, response.status, result.message);
    return result.value;
  }

  async function attemptAsync<T>(spec: ApiRequestSpec<T>, url: string, context: ErrorContext, attempt: number, signal: CancelSignal | undefined): Promise<T> {
    const ticket = { bucket: options.bucket.name, limitPerMinute: options.bucket.limitPerMinute, host: origin };
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const request = { method: spec.method, url, headers: headersFor(body !== undefined), ...(body === undefined ? {} : { body }) };
    const outcome = await attemptOutcomeAsync({
      gate,
      ticket,
      scheduler,
      timeoutMs: options.timeoutMs,
      onHeld: newHold(),
      refusedUntil,
      send: (givenUp) => options.transport({ ...request, signal: givenUp }),
      signal,
    });
    if (outcome.kind === 'cancelled') throw cancelledError(context, outcome.sent);
    if (outcome.kind === 'refused') throw refusal(context);
    if (outcome.kind === 'timeout') throw timeoutError(context, options.timeoutMs);
    if (outcome.kind === 'no-response') throw networkError(context, origin, allowances.answered.has(options.bucket.name));
    const { response } = outcome;
    // Any answer, an error status too, shows the address is right; a web page does not (the
    // address may reach a sign-in page or another site: notJsonError says to check it).
    if (!isWebPage(response.text)) allowances.answered.add(options.bucket.name);
    const reported = options.bucket.limitHeader === undefined ? undefined : response.headers[options.bucket.limitHeader];
    if (reported !== undefined && /^\d+$/.test(reported.trim())) gate.reportLimit(options.bucket.name, Number(reported));
    if (attempt > 1 && spec.doneOnRepeatStatuses?.includes(response.status)) return readResponse(spec, { ...response, text: '' }, context);
    if (response.status < 200 || response.status > 299) throw errorFromResponse(response, { ...context, nowMs: scheduler.now() });
    return readResponse(spec, response, context);
  }

  /** Each attempt, retried when the error and policy allow, until an answer or an error to give up on. */
  async function sendUntilDoneAsync<T>(spec: ApiRequestSpec<T>, url: string, context: ErrorContext, signal: CancelSignal | undefined): Promise<T> {
    // The task's tally when it keeps one, else this request's own, never its client's: requests
    // under way side by side (a list beside a save) each say only what they waited themselves.
    const waited: WaitTally = options.waitTally?.() ?? { seconds: 0 };
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await attemptAsync(spec, url, context, attempt, signal);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const delay = retryDelayMs(error, attempt, spec.safeToRepeat, retryPolicy, scheduler.random());
        if (delay === null) {
          // Not retried here (one attempt, not safe, or a wait too long to sit through), but the
          // server's wait still holds for the whole allowance, however long: other requests sent
          // meanwhile would only earn more 429s. (A daily limit has its own code and holds only brand requests.)
          const wait = error.code === 'rate_limited' ? error.retryAfterSeconds : null;
          // Known before the pause tells the requests waiting for room: they are refused, not held,
          // in every gate that holds requests of the allowance.
          if (wait !== null && wait > retryPolicy.maxRetryAfterSeconds) {
            refuseAllowance(scheduler, options.bucket.name, wait * 1000);
            options.onRefused?.(wait * 1000);
          } else if (wait !== null) gate.pause(options.bucket.name, wait * 1000);
          // Refused again after waiting as asked: the last answer's wait alone reads as if nothing was tried.
          throw error.code === 'rate_limited' && waited.seconds > 0 ? stillRateLimitedError(error, waited.seconds) : error;
        }
        // A 429 holds back every request on the same allowance, not just this one (a cancel
        // takes the next attempt out of the gate's queue); any other pause ends with a cancel.
        if (error.code === 'rate_limited') {
          waited.seconds += delay / 1000;
          options.onWait?.(delay / 1000);
          gate.pause(options.bucket.name, delay);
        } else {
          options.onRetry?.(delay / 1000, error.code);
          // A cancel ends the task, and its words with it: 0 only once the wait is over.
          await sleepAsync(scheduler, delay, signal);
          options.onRetry?.(0, error.code);
        }
      }
    }
  }

  return {
    origin,
    async sendAsync<T>(spec: ApiRequestSpec<T>, signal?: CancelSignal): Promise<T> {
      const context: ErrorContext = { api, endpoint: spec.endpoint, keySent: options.key !== null, nowMs: scheduler.now() };
      const url = `${base}${spec.path}`;
      // Paths are built from constants and encoded segments; this is the last line of defence
      // that a key never leaves for another host.
      if (!spec.path.startsWith('/') || spec.path.startsWith('//') || originOf(url) !== origin) {
        throw new ApiError({ api, endpoint: spec.endpoint, status: null, code: 'wrong_host', message: wrongHostMessage(api) });
      }
      // The built-in stand-in is a reserved name no server answers at: nothing is sent there.
      const missing = standInError(context, origin);
      if (missing) throw missing;
      if (refusedUntil() > scheduler.now()) throw refusal(context);
      allowances.gates.set(gate, (allowances.gates.get(gate) ?? 0) + 1);
      try {
        return await sendUntilDoneAsync(spec, url, context, signal);
      } finally {
        const underWay = (allowances.gates.get(gate) ?? 1) - 1;
        if (underWay > 0) allowances.gates.set(gate, underWay);
        else allowances.gates.delete(gate);
      }
    },
  };
}
