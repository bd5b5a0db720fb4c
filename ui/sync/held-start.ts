// A start the screen makes by itself (a collaborator's edit, the screen shown again, a new link),
// held while the builder asked Envelope to slow down: sent then, it could only be refused again
// (and its words would replace the ones saying by when the wait ends). It runs once the wait is
// over, once however many were asked for meanwhile.
import { LONGEST_TIMER_MS } from '../hooks/use-still-before';

export interface HeldStart {
  /** Runs `start` now, or once the wait is over (in place of any start asked for before it). */
  ask(start: () => void): void;
  /** The wait may have moved (a new failure, or none): a start asked for runs if it is over. */
  recheck(): void;
  /** No start after all (the screen hides or closes). */
  cancel(): void;
}

/** `until`: the Date.now() time the wait ends (read each time: the failure's `tryAgainAt`); null: no wait. */
export function heldStart(until: () => number | null | undefined): HeldStart {
  let asked: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const wake = () => {
    clear();
    if (asked === null) return;
    const left = (until() ?? 0) - Date.now();
    // A timer can fire a little early by Date.now(): it waits again for what is left.
    if (left > 0) {
      timer = setTimeout(wake, Math.min(left, LONGEST_TIMER_MS));
      return;
    }
    const start = asked;
    asked = null;
    start();
  };
  return {
    ask(start) {
      asked = start;
      wake();
    },
    recheck: wake,
    cancel() {
      clear();
      asked = null;
    },
  };
}
