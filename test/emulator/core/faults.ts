// Fault injection for API responses (`POST /_emulator/faults`). Deterministic per seed so a
// failing test can be replayed.
import { createPrng, type Prng } from './prng';

export const FAULT_KINDS = ['503', '429', 'drop', 'slow', 'malformed', 'stall', 'html'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/**
 * The kinds drawn when a config names none. "stall" (headers and half the body, then nothing
 * until the connection closes) is only sent when asked for by name: it holds a socket for good.
 * "html" (a web page in place of the API, as at a wrong address) too: it is no passing fault of
 * the API, and leaving it out keeps every seed drawing what it drew before it was added.
 */
const DEFAULT_KINDS: readonly FaultKind[] = ['503', '429', 'drop', 'slow', 'malformed'];

export interface FaultConfig {
  rate: number;
  kinds: FaultKind[];
  seed: number;
  /** How long a "slow" response is held back. */
  slow_ms: number;
  /** The Retry-After of a "429", in seconds; null: 1 to 3 at random. */
  retry_after: number | null;
  /** The status of an "html" web page: 200 (a sign-in page) unless another is asked for (a 404 page, say). */
  html_status: number;
}

export const DEFAULT_SLOW_MS = 3000;
export const DEFAULT_HTML_STATUS = 200;

export interface FaultInjector {
  config(): FaultConfig;
  configure(config: FaultConfig): void;
  clear(): void;
  /** The fault for the next API response, or null. */
  draw(): FaultKind | null;
  /** A random number from the fault stream (e.g. which malformed body to send). */
  nextRandom(): number;
  /** Whether a "drop" may be drawn: the hosts then keep no connection open between requests (host-server.ts). */
  mayDrop(): boolean;
  /** Called after every `configure` and `clear`. */
  onChange(listener: () => void): void;
}

export function createFaultInjector(): FaultInjector {
  let current: FaultConfig = { rate: 0, kinds: [...DEFAULT_KINDS], seed: 1, slow_ms: DEFAULT_SLOW_MS, retry_after: null, html_status: DEFAULT_HTML_STATUS };
  let prng: Prng = createPrng(current.seed);
  const listeners: Array<() => void> = [];
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    config: () => ({ ...current, kinds: [...current.kinds] }),
    configure(config) {
      current = { ...config, kinds: [...config.kinds] };
      prng = createPrng(config.seed);
      changed();
    },
    clear() {
      current = { ...current, rate: 0 };
      changed();
    },
    draw() {
      if (current.rate <= 0 || current.kinds.length === 0) return null;
      return prng.next() < current.rate ? prng.pick(current.kinds) : null;
    },
    nextRandom: () => prng.next(),
    mayDrop: () => current.rate > 0 && current.kinds.includes('drop'),
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads the body of `POST /_emulator/faults`; `{rate: 0}` alone clears. */
export function parseFaultConfig(body: unknown): ParseResult<FaultConfig> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object like {"rate": 0.2, "kinds": ["503"], "seed": 1}.' };
  }
  const record = body as Record<string, unknown>;
  const { rate, kinds = [...DEFAULT_KINDS], seed = 1, slow_ms = DEFAULT_SLOW_MS, retry_after = null, html_status = DEFAULT_HTML_STATUS } = record;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    return { ok: false, message: 'rate must be a number from 0 to 1.' };
  }
  if (!Array.isArray(kinds) || !kinds.every((kind) => (FAULT_KINDS as readonly unknown[]).includes(kind))) {
    return { ok: false, message: `kinds must be an array of ${FAULT_KINDS.map((k) => `"${k}"`).join(', ')}.` };
  }
  if (typeof seed !== 'number' || !Number.isInteger(seed)) return { ok: false, message: 'seed must be an integer.' };
  if (typeof slow_ms !== 'number' || !Number.isInteger(slow_ms) || slow_ms < 0 || slow_ms > 60_000) {
    return { ok: false, message: 'slow_ms must be an integer from 0 to 60000.' };
  }
  if (retry_after !== null && (typeof retry_after !== 'number' || !Number.isInteger(retry_after) || retry_after < 0)) {
    return { ok: false, message: 'retry_after must be a whole number of seconds from 0, or null.' };
  }
  if (typeof html_status !== 'number' || !Number.isInteger(html_status) || html_status < 200 || html_status > 599) {
    return { ok: false, message: 'html_status must be an HTTP status from 200 to 599.' };
  }
  return { ok: true, value: { rate, kinds: kinds as FaultKind[], seed, slow_ms, retry_after, html_status } };
}
