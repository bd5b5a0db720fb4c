// Requests waiting in the plugin for the library's per-minute allowance (after a 429, or
// anonymous at 20 a minute) would leave a section's "Loading…" standing still with no reason:
// this says why, counting down to when they go. It says nothing once nothing waits (each held
// request went, or was let go with its section), as it would be a count of nothing.
import { createContext } from 'preact';
import { useContext, useEffect } from 'preact/hooks';
import { LiveStatus } from '../components/live-status';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { plural } from '../components/count-words';

/** `until`: when the last held request goes (Date.now() time); 0 when none is held. */
export function HeldNotice({ until }: { until: number }) {
  const seconds = useSecondsLeft(until);
  // Only while a request is held; the region stays, empty and out of the layout, so its first words are announced.
  return (
    <>
      <LiveStatus class="notice notice-info library-held">{seconds > 0 ? 'The library takes a limited number of requests a minute.' : null}</LiveStatus>
      {/* Not in the status: said once, the seconds are seen ticking but not announced every second. */}
      {seconds > 0 ? <p class="muted library-held">{`Requests go again in ${plural(seconds, 'second')}.`}</p> : null}
    </>
  );
}

/** Hears a section's notice that counts the library's wait down come (+1) and go (-1). */
export const OwnCountdowns = createContext<(change: number) => void>(() => undefined);

/**
 * A section's notice that counts a 429's wait down says what the held notice would, for the same
 * wait: while one shows, the held notice says nothing (one wait, one countdown).
 */
export function useOwnCountdown(shown: boolean): void {
  const count = useContext(OwnCountdowns);
  useEffect(() => {
    if (!shown) return undefined;
    count(1);
    return () => count(-1);
  }, [shown, count]);
}
