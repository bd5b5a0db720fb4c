// An image that failed to load, lost with the connection perhaps: forgotten once the browser is
// back online, so it is asked for again (a thumbnail, an email's screenshot).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { retryPauseMs } from './retry-after-online';

/**
 * The window's `online` events, heard from the start: a hook listens only from the paint after it
 * drew the failure (effects wait for it), and an `online` before then was missed for good.
 */
const online = { count: 0, at: Number.NEGATIVE_INFINITY };
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    online.count += 1;
    online.at = performance.now();
  });
}

interface Failure<T> {
  value: T;
  /** The `online` events heard when it failed. */
  online: number;
  /** Asked again after this pause too (it failed as the connection was settling), or only when back online. */
  pauseMs: number | null;
}

/** What failed (an address, or true), and how to mark it; null again when the browser comes back online. */
export function useFailedUntilOnline<T>(): [T | null, (failed: T) => void] {
  const [failed, setFailed] = useState<Failure<T> | null>(null);
  // Failures since the last `online`: a failure for good is not asked for again and again.
  const tries = useRef({ online: -1, count: 0 });
  const mark = useCallback((value: T) => {
    const count = tries.current.online === online.count ? tries.current.count + 1 : 1;
    tries.current = { online: online.count, count };
    // Offline now: the `online` to come asks again.
    setFailed({ value, online: online.count, pauseMs: navigator.onLine ? retryPauseMs(performance.now() - online.at, count) : null });
  }, []);
  useEffect(() => {
    if (failed === null) return undefined;
    const retry = () => setFailed(null);
    // Back online since it failed, before this effect listened.
    if (online.count !== failed.online) {
      retry();
      return undefined;
    }
    window.addEventListener('online', retry);
    const timer = failed.pauseMs === null ? undefined : setTimeout(retry, failed.pauseMs);
    return () => {
      window.removeEventListener('online', retry);
      clearTimeout(timer);
    };
  }, [failed]);
  return [failed === null ? null : failed.value, mark];
}
