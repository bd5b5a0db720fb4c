// Try again, once per failure, for a request made again by an effect. Effects wait for the paint:
// until then the window still drew the problem with its Try again, and a second press started a
// request only to cancel the first (one of the library's request slots spent). From the render of
// the press on, the problem is drawn gone (asking), and a press meanwhile does nothing.
import { useState } from 'preact/hooks';

/** `shown`: the problem, unless Try again was pressed for it. `attempt`: one more each press, for the request's effect. */
export function useRetryOnce<P>(problem: P | null): { shown: P | null; attempt: number; retry: () => void } {
  const [retried, setRetried] = useState<{ problem: P | null; attempt: number }>({ problem: null, attempt: 0 });
  // A new failure is a new problem: shown again.
  const shown = problem === retried.problem ? null : problem;
  return {
    shown,
    attempt: retried.attempt,
    retry: () => setRetried((before) => (shown === null || before.problem === shown ? before : { problem: shown, attempt: before.attempt + 1 })),
  };
}
