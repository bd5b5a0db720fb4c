// Time, timers and randomness behind one interface so that tests drive them by hand.
// Shared code is compiled without DOM or Node types, so the host's timers are reached
// through a small structural type rather than the global declarations.
import { whenCancelled, type CancelSignal } from './cancel-signal';

export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` after `ms`; returns a function that cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
  /** A number in [0, 1). */
  random(): number;
}

interface TimerHost {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock and timers of whichever environment runs the code. */
export function createSystemScheduler(): Scheduler {
  const host = globalThis as unknown as TimerHost;
  return {
    now: () => Date.now(),
    setTimer(callback, ms) {
      const handle = host.setTimeout(callback, Math.max(0, ms));
      return () => host.clearTimeout(handle);
    },
    random: () => Math.random(),
  };
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller then sees it aborted). */
export function sleepAsync(scheduler: Scheduler, ms: number, signal?: CancelSignal): Promise<void> {
  return new Promise((resolve) => {
    const cancelTimer = scheduler.setTimer(() => {
      stopListening();
      resolve();
    }, ms);
    const stopListening = whenCancelled(signal, () => {
      cancelTimer();
      resolve();
    });
  });
}
