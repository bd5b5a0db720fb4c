// Whether a moment has not come yet, for a wait nothing counts down (a held Send, up to a day):
// one timer to its end wakes the component once, not a tick every second that draws it again.
import { useEffect, useState } from 'preact/hooks';

/** setTimeout's longest delay: a longer one would fire at once. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** True while `until` (a Date.now() time) is still ahead; false when it is null. */
export function useStillBefore(until: number | null): boolean {
  const [, setWoken] = useState(0);
  const stillBefore = until !== null && Date.now() < until;
  useEffect(() => {
    if (until === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waitForEnd = () => {
      const left = until - Date.now();
      // A timer can fire a little early by Date.now(): it waits again for what is left.
      if (left > 0) timer = setTimeout(waitForEnd, Math.min(left, LONGEST_TIMER_MS));
      else setWoken((n) => n + 1);
    };
    // Effects run after the paint, which a busy or hidden window can put off past the end: what
    // was drawn as still waiting is drawn again then, or it would stay so.
    if (stillBefore) waitForEnd();
    return () => clearTimeout(timer);
    // Only a new `until` sets a new timer; what was drawn for it is read once, as it was then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return stillBefore;
}
