// An image that failed to load, lost with the connection perhaps: asked for again once the browser
// is back online (a thumbnail, an email's screenshot), and shown once it comes.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { countFailure, NO_TRIES, retryPauseMs, type FailureTries } from './retry-after-online';

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

interface Failure {
  address: string;
  /** The `online` events heard when it failed. */
  online: number;
  /** Asked again after this pause too (it failed as the connection was settling), or only when back online. */
  pauseMs: number | null;
}

/**
 * Whether the image at `address` failed to load, and how to say it did. It is asked for again out
 * of sight, and the failure forgotten only once it has come: the words stay meanwhile, where
 * showing the image again at each ask left a blank box between failures.
 */
export function useFailedUntilOnline(address: string): [boolean, () => void] {
  const [failed, setFailed] = useState<Failure | null>(null);
  const tries = useRef<FailureTries>(NO_TRIES);
  const shown = useRef(address);
  shown.current = address;
  const markFailed = useCallback((which: string = shown.current) => {
    const counted = countFailure(tries.current, which, online.count);
    tries.current = counted.tries;
    // Offline now: the `online` to come asks again.
    setFailed({ address: which, online: online.count, pauseMs: navigator.onLine ? retryPauseMs(performance.now() - online.at, counted.count) : null });
  }, []);
  const current = failed !== null && failed.address === address ? failed : null;
  useEffect(() => {
    if (current === null) return undefined;
    let probe: HTMLImageElement | null = null;
    const retry = () => {
      if (probe !== null) return;
      probe = new Image();
      probe.onload = () => setFailed((now) => (now === current ? null : now));
      probe.onerror = () => markFailed(current.address);
      probe.src = current.address;
    };
    const stop = () => {
      window.removeEventListener('online', retry);
      clearTimeout(timer);
      if (probe !== null) probe.onload = probe.onerror = null;
    };
    // Back online since it failed, before this effect listened.
    if (online.count !== current.online) retry();
    else window.addEventListener('online', retry);
    const timer = current.pauseMs === null ? undefined : setTimeout(retry, current.pauseMs);
    return stop;
  }, [current, markFailed]);
  return [current !== null, useCallback(() => markFailed(), [markFailed])];
}
