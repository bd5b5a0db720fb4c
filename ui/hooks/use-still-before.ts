// Whether a moment has not come yet, for a wait nothing counts down (a held Send, up to a day):
// one timer to its end wakes the component once, not a tick every second that draws it again.
import { useEffect, useState } from 'preact/hooks';

/** setTimeout's longest delay: a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** True while `until` (a Date.now() time) is still ahead; false when it is null. */
export function useStillBefore(until: number | null): boolean {
  const [, setWoken] = useState(0);
  useEffect(() => {
    if (until === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waitForEnd = () => {
      const left = until - Date.now();
      // A timer can fire a little early by Date.now(): it waits again for what is left.
      if (left > 0) timer = setTimeout(waitForEnd, Math.min(left, LONGEST_TIMER_MS));
      else setWoken((n) => n + 1);
    };
    if (until > Date.now()) waitForEnd();
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && Date.now() < until;
}
