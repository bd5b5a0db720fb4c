// The time now, for words like "3 minutes ago" that must stay true while nothing else redraws:
// a redraw every half minute (as Sync's "Last synced"), never one a second.
import { useEffect, useState } from 'preact/hooks';

const REDRAW_EVERY_MS = 30_000;

/** Date.now() at each draw; the component draws again at least every half minute. */
export function useNowMs(): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), REDRAW_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return Date.now();
}
