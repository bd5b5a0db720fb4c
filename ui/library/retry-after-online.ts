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

/** Failures since the last `online`, per address: a failure for good is not asked for again and again. */
export interface FailureTries {
  /** The `online` events heard when these were counted. */
  online: number;
  /** By address. */
  counts: ReadonlyMap<string, number>;
}

export const NO_TRIES: FailureTries = { online: -1, counts: new Map() };

/**
 * `address` failed with `online` events heard so far: its count since the last `online` (1 for its
 * first), and the tries with it counted. Another address starts afresh: the detail shows one email
 * after another in one place, and the one before failing for good must not cost the next its asks.
 */
export function countFailure(tries: FailureTries, address: string, online: number): { count: number; tries: FailureTries } {
  const counts = new Map(tries.online === online ? tries.counts : []);
  const count = (counts.get(address) ?? 0) + 1;
  counts.set(address, count);
  return { count, tries: { online, counts } };
}
