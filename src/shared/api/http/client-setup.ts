// What both clients share when they are created: base-URL and key checks, and the defaults
// for time, the request gate, the timeout and the retry policy.
import { baseUrlProblem, keyProblem, normalizeBaseUrl } from '../../settings/validate-settings';
import { ApiError, keyName, type ApiErrorCode, type ApiName } from './api-error';
import type { WaitTally } from './api-request';
import { createRequestGate, type RequestGate } from './request-gate';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { createSystemScheduler, type Scheduler } from './scheduler';
import type { HttpTransport } from './transport';

export interface ClientOptions {
  baseUrl: string;
  transport: HttpTransport;
  /** Clock, timers and randomness; tests pass a manual one. */
  scheduler?: Scheduler;
  /** Share one gate between clients so that they share rate allowances and host slots. */
  gate?: RequestGate;
  timeoutMs?: number;
  retryPolicy?: Partial<RetryPolicy>;
  /** See ApiRequesterOptions.onWait. */
  onWait?: (seconds: number) => void;
  /** See ApiRequesterOptions.onRetry. */
  onRetry?: (seconds: number, reason: ApiErrorCode) => void;
  /** See ApiRequesterOptions.waitTally. */
  waitTally?: () => WaitTally | undefined;
  /** See ApiRequesterOptions.onHeld. */
  onHeld?: (seconds: number) => void;
  /** See ApiRequesterOptions.onRefused. */
  onRefused?: (waitMs: number) => void;
}

export const DEFAULT_TIMEOUT_MS = 20_000;

let sharedSystemGate: { scheduler: Scheduler; gate: RequestGate } | null = null;

/** One gate per bundle for clients on the system clock, so separately created clients share limits. */
function defaultGate(): { scheduler: Scheduler; gate: RequestGate } {
  if (!sharedSystemGate) {
    const scheduler = createSystemScheduler();
    sharedSystemGate = { scheduler, gate: createRequestGate({ scheduler }) };
  }
  return sharedSystemGate;
}

/** The clock of the clients made without one (they share its allowances), or `scheduler` when given. */
export function clientScheduler(scheduler?: Scheduler): Scheduler {
  return scheduler ?? defaultGate().scheduler;
}

export interface ResolvedClientOptions {
  baseUrl: string;
  transport: HttpTransport;
  scheduler: Scheduler;
  gate: RequestGate;
  timeoutMs: number;
  retryPolicy: RetryPolicy;
  onWait: ((seconds: number) => void) | undefined;
  onRetry: ((seconds: number, reason: ApiErrorCode) => void) | undefined;
  waitTally: (() => WaitTally | undefined) | undefined;
  onHeld: ((seconds: number) => void) | undefined;
  onRefused: ((waitMs: number) => void) | undefined;
}

export function resolveClientOptions(api: ApiName, options: ClientOptions): ResolvedClientOptions {
  const problem = baseUrlProblem(options.baseUrl);
  if (problem !== null) {
    throw new ApiError({ api, endpoint: 'client setup', status: null, code: 'invalid_argument', message: problem });
  }
  const shared = options.scheduler === undefined ? defaultGate() : null;
  const scheduler = clientScheduler(options.scheduler);
  return {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    transport: options.transport,
    scheduler,
    gate: options.gate ?? shared?.gate ?? createRequestGate({ scheduler }),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy },
    onWait: options.onWait,
    onRetry: options.onRetry,
    waitTally: options.waitTally,
    onHeld: options.onHeld,
    onRefused: options.onRefused,
  };
}

/**
 * The key trimmed, or null when absent or blank; a key of the wrong form is refused in the words
 * Settings uses for it (a builder key pasted as the library's, a space inside), naming which key
 * and where to fix it: the person reads this wherever the client was made.
 */
export function resolveKey(api: ApiName, key: string | null | undefined): string | null {
  const trimmed = key?.trim() ?? '';
  if (trimmed === '') return null;
  const problem = keyProblem(api, trimmed);
  if (problem !== null) throw new ApiError({ api, endpoint: 'client setup', status: null, code: 'invalid_argument', message: `Envelope can’t use this ${keyName(api)}. ${problem} Check the key in Settings.` });
  return trimmed;
}

const keyBuckets = new Map<string, string>();

/**
 * The rate-limit bucket of a key at an address (normalized, as resolveClientOptions gives it): the
 * same for every client of that key there, as the server keeps the limit, and another for the same
 * key at another address (the emulator, a wrong address in Settings). Opaque, a number for the pair,
 * so the key itself never becomes part of an identifier that might be logged or shown.
 */
export function keyBucketName(api: ApiName, baseUrl: string, key: string): string {
  const id = JSON.stringify([api, baseUrl, key]);
  let name = keyBuckets.get(id);
  if (name === undefined) {
    name = `${api} key #${keyBuckets.size + 1}`;
    keyBuckets.set(id, name);
  }
  return name;
}
