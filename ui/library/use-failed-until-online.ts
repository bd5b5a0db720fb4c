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
 * of sight (a probe, not the image in the page), and the failure forgotten only once it has come:
 * the words stay meanwhile, where showing the image again at each ask left a blank box between
 * failures. Asked only while `inSight`: a card scrolled away since asks once it is back on screen,
 * as a card's first load waits for it (the library counts every image asked for).
 */
export function useFailedUntilOnline(address: string, inSight: boolean): [boolean, () => void] {
  const [failed, setFailed] = useState<Failure | null>(null);
  /** The failure an ask again is due for: the connection came back since, or its pause is over. */
  const [due, setDue] = useState<Failure | null>(null);
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
    const markDue = () => setDue(current);
    // Back online since it failed, before this effect listened.
    if (online.count !== current.online) markDue();
    else window.addEventListener('online', markDue);
    const timer = current.pauseMs === null ? undefined : setTimeout(markDue, current.pauseMs);
    return () => {
      window.removeEventListener('online', markDue);
      clearTimeout(timer);
    };
  }, [current]);
  // One probe per failure: scrolled away while it is on its way, its answer still counts.
  const probe = useRef<{ failure: Failure; image: HTMLImageElement } | null>(null);
  // Due (back online since it failed, or its pause over) and on screen: one scrolled away waits, due,
  // until it is back in sight (loaded in the background, it cost a request for a picture nobody saw).
  const askNow = current !== null && due === current && inSight;
  useEffect(() => {
    if (!askNow || current === null || probe.current?.failure === current) return;
    const image = new Image();
    image.onload = () => setFailed((now) => (now === current ? null : now));
    image.onerror = () => markFailed(current.address);
    probe.current = { failure: current, image };
    image.src = current.address;
  }, [askNow, current, markFailed]);
  // Another address shown, or the card gone: an answer on its way no longer says anything here.
  useEffect(
    () => () => {
      const asked = probe.current;
      if (asked === null || asked.failure !== current) return;
      asked.image.onload = asked.image.onerror = null;
      // Its answer unheard: the same failure shown again (the address back) asks anew.
      probe.current = null;
    },
    [current],
  );
  return [current !== null, useCallback(() => markFailed(), [markFailed])];
}
