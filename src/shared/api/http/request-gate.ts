// Keeps the clients inside the documented limits before a server has to say no:
// a rolling-window limit per bucket (one API key, or one anonymous host) and a cap on
// requests in flight per host. Requests of one bucket leave in the order they asked.
import { whenCancelled, type CancelSignal } from './cancel-signal';
import type { Scheduler } from './scheduler';

export interface GateTicket {
  /** Whose allowance this request uses, e.g. one key, or the anonymous tier of one host. */
  bucket: string;
  /** The documented per-minute limit, used until the server reports its own. */
  limitPerMinute: number;
  /** Requests in flight are capped per host (origin). */
  host: string;
}

export type ReleaseSlot = () => void;

export interface RequestGate {
  /**
   * Waits for room in the bucket and a free slot on the host; call the result when the response is in.
   * `onHeld` hears when the request will go (a scheduler time) each time that changes while the bucket holds it.
   * When `signal` aborts first, the request leaves the queue without using the allowance, and the promise rejects.
   */
  acquireAsync(ticket: GateTicket, onHeld?: (untilMs: number) => void, signal?: CancelSignal): Promise<ReleaseSlot>;
  /** The limit the server reported (`X-RateLimit-Limit`); it replaces the documented one. */
  reportLimit(bucket: string, limitPerMinute: number): void;
  /** Holds every request of the bucket back for `ms` (after a 429). */
  pause(bucket: string, ms: number): void;
}

export interface RequestGateOptions {
  scheduler: Scheduler;
  /** At most this many requests in flight per host. */
  maxInFlightPerHost?: number;
  /**
   * The rolling window. One second more than a minute, so that a request sent just inside
   * our window is not counted in the server's previous minute because of latency.
   */
  windowMs?: number;
}

interface BucketState {
  starts: number[];
  reportedLimit: number | null;
  pausedUntil: number;
}

interface Waiter {
  ticket: GateTicket;
  grant: (release: ReleaseSlot) => void;
  onHeld: ((untilMs: number) => void) | undefined;
  /** The time last told to onHeld. */
  heldUntil: number | null;
}

/** Tells a waiter held by its bucket when it goes, once per change (a full host is a moment's wait, not told). */
function tellHeld(waiter: Waiter, at: number | null): void {
  if (at === null || at === waiter.heldUntil) return;
  waiter.heldUntil = at;
  waiter.onHeld?.(at);
}

export const DEFAULT_MAX_IN_FLIGHT_PER_HOST = 4;
export const DEFAULT_WINDOW_MS = 61_000;

export function createRequestGate(options: RequestGateOptions): RequestGate {
  const { scheduler } = options;
  const maxInFlight = Math.max(1, options.maxInFlightPerHost ?? DEFAULT_MAX_IN_FLIGHT_PER_HOST);
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const buckets = new Map<string, BucketState>();
  const inFlight = new Map<string, number>();
  let waiters: Waiter[] = [];
  let cancelWake: (() => void) | null = null;

  function bucketState(name: string): BucketState {
    let state = buckets.get(name);
    if (!state) {
      state = { starts: [], reportedLimit: null, pausedUntil: 0 };
      buckets.set(name, state);
    }
    return state;
  }

  /** When the bucket has room again, or null when it has room now. */
  function roomAt(state: BucketState, limit: number, now: number): number | null {
    while (state.starts.length > 0 && (state.starts[0] ?? 0) <= now - windowMs) state.starts.shift();
    if (now < state.pausedUntil) return state.pausedUntil;
    if (state.starts.length < limit) return null;
    return (state.starts[state.starts.length - limit] ?? now) + windowMs;
  }

  function pump(): void {
    const now = scheduler.now();
    // Buckets that can send nothing more now: when they have room (null: waiting for a host slot).
    const blocked = new Map<string, number | null>();
    let wakeAt = Infinity;
    const stillWaiting: Waiter[] = [];
    for (const waiter of waiters) {
      const { bucket, host, limitPerMinute } = waiter.ticket;
      if (blocked.has(bucket)) {
        tellHeld(waiter, blocked.get(bucket) ?? null);
        stillWaiting.push(waiter);
        continue;
      }
      const state = bucketState(bucket);
      const at = roomAt(state, Math.max(1, state.reportedLimit ?? limitPerMinute), now);
      const busy = (inFlight.get(host) ?? 0) >= maxInFlight;
      if (at !== null || busy) {
        // A full host is woken by a release, a full bucket by the timer.
        if (at !== null) wakeAt = Math.min(wakeAt, at);
        blocked.set(bucket, at);
        tellHeld(waiter, at);
        stillWaiting.push(waiter);
        continue;
      }
      state.starts.push(now);
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      waiter.grant(releaseFor(host));
    }
    waiters = stillWaiting;
    cancelWake?.();
    cancelWake = wakeAt === Infinity ? null : scheduler.setTimer(pump, Math.max(0, wakeAt - now));
  }

  function releaseFor(host: string): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight.set(host, Math.max(0, (inFlight.get(host) ?? 1) - 1));
      pump();
    };
  }

  return {
    acquireAsync(ticket, onHeld, signal) {
      return new Promise<ReleaseSlot>((resolve, reject) => {
        const waiter: Waiter = {
          ticket,
          grant: (release) => {
            stopListening();
            resolve(release);
          },
          onHeld,
          heldUntil: null,
        };
        const stopListening = whenCancelled(signal, () => {
          const before = waiters.length;
          waiters = waiters.filter((other) => other !== waiter);
          reject(new Error('The request was withdrawn before it went.'));
          // It may have been holding back the others of its bucket.
          if (waiters.length !== before) pump();
        });
        if (signal?.aborted) return;
        waiters.push(waiter);
        pump();
      });
    },
    reportLimit(bucket, limitPerMinute) {
      if (!Number.isInteger(limitPerMinute) || limitPerMinute < 1) return;
      bucketState(bucket).reportedLimit = limitPerMinute;
    },
    pause(bucket, ms) {
      const state = bucketState(bucket);
      state.pausedUntil = Math.max(state.pausedUntil, scheduler.now() + Math.max(0, ms));
      pump();
    },
  };
}
