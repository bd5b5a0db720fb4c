// The emulator's one clock: real time plus an offset that tests move through
// `/_emulator/clock`, so daily limits, processing runs and rate windows never need sleeping.

export interface EmulatorClock {
  nowMs(): number;
  now(): Date;
  /** Moves the clock forward (or back, with a negative value) by whole or fractional seconds. */
  advanceSeconds(seconds: number): void;
  /** Jumps the clock to an instant; it keeps ticking in real time from there. */
  setNow(instantMs: number): void;
}

export function createClock(startMs?: number, realNow: () => number = Date.now): EmulatorClock {
  let offsetMs = startMs === undefined ? 0 : startMs - realNow();
  const clock: EmulatorClock = {
    nowMs: () => realNow() + offsetMs,
    now: () => new Date(clock.nowMs()),
    advanceSeconds(seconds) {
      offsetMs += Math.round(seconds * 1000);
    },
    setNow(instantMs) {
      offsetMs = instantMs - realNow();
    },
  };
  return clock;
}
