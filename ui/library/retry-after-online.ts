// A failure soon after the connection came back: the browser says it is online a moment before
// requests get through (the network still settling), or a request sent before the drop fails only
// then. Such a failure is not yet one for good: asked again after a pause, a few times.

/** How long after the browser says it is online a failure may still be the connection's. */
export const SETTLING_MS = 10_000;
/** The pauses before each ask again, doubling: 1 s, 2 s, 4 s, then no more. */
const FIRST_PAUSE_MS = 1_000;
const MOST_TRIES = 3;

/**
 * The pause before asking again for what failed `sinceOnlineMs` after the connection came back, the
 * `tries`-th failure since (1 for the first); null when it is left until the connection comes back again.
 */
export function retryPauseMs(sinceOnlineMs: number, tries: number): number | null {
  if (!(sinceOnlineMs >= 0 && sinceOnlineMs <= SETTLING_MS) || tries < 1 || tries > MOST_TRIES) return null;
  return FIRST_PAUSE_MS * 2 ** (tries - 1);
}
