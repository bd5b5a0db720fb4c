// A hand-driven clock for the API clients: time moves only when a test advances it.
import type { Scheduler } from '../../../../src/shared/api/http/scheduler';

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

export interface ManualScheduler {
  scheduler: Scheduler;
  now(): number;
  /** Runs every timer due within `ms`, in time order, letting promises settle in between. */
  advanceAsync(ms: number): Promise<void>;
  /** Lets pending promise callbacks run without moving time. */
  settleAsync(): Promise<void>;
  pendingTimers(): number;
  /** The value `random()` returns from now on. */
  setRandom(value: number): void;
}

/** Settles promise chains: a macrotask turn lets every queued microtask run. */
export function settleAsync(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createManualScheduler(startMs = Date.UTC(2026, 10, 22, 1, 0, 0)): ManualScheduler {
  let now = startMs;
  let order = 0;
  let randomValue = 0.5;
  const timers = new Set<Timer>();
  const scheduler: Scheduler = {
    now: () => now,
    setTimer(callback, ms) {
      const timer: Timer = { at: now + Math.max(0, ms), order: order++, callback };
      timers.add(timer);
      return () => {
        timers.delete(timer);
      };
    },
    random: () => randomValue,
  };
  function nextDue(limit: number): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of timers) {
      if (timer.at > limit) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    }
    return next;
  }
  return {
    scheduler,
    now: () => now,
    async advanceAsync(ms) {
      const target = now + ms;
      for (;;) {
        await settleAsync();
        const timer = nextDue(target);
        if (!timer) break;
        timers.delete(timer);
        now = timer.at;
        timer.callback();
      }
      now = target;
      await settleAsync();
    },
    settleAsync,
    pendingTimers: () => timers.size,
    setRandom(value) {
      randomValue = value;
    },
  };
}
