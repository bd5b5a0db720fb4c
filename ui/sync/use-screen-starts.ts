// The starts of the Sync screen: it reads the file's sync state and compares when it shows, when
// the file's design system changes while it shows, and when the badge's count, once still a
// while, differs from the list's; after a sync that ran while the link changed, it follows the
// new link and says so. The rules are in screen-starts.ts; this runs them at their moments.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type StateUpdater } from 'preact/hooks';
import type { SyncItem, SyncOverview } from '../../src/shared/bridge/messages';
import { BADGE_STILL_MS } from '../../src/shared/sync/badge-timing';
import { oneAtATime } from '../components/one-at-a-time';
import { useLatest } from '../hooks/use-latest';
import { errorText } from '../messages/error-text';
import { afterStill } from './after-still';
import { linkChangedText, linkMovedFrom, startCompares, onlyBadgeMoved, type Followed } from './screen-starts';
import type { LiveMessage } from '../components/notice';
import type { Failure } from './sync-failure';
import type { SyncRequester } from './sync-requester';
import type { Task } from './sync-task';

/**
 * `overview`: the file's link and history as last read; `runStarts`: a sync starts (it sends to
 * the design system linked now, whatever the link becomes meanwhile); `runEnded`: a sync ended,
 * or was cancelled (the history is read again with its entry; with the link moved meanwhile, the start after the
 * run reads it and compares anew).
 */
export type ScreenStarts = [overview: SyncOverview | null, runStarts: () => void, runEnded: (cancelled: boolean) => void];

/**
 * `hidden`, `designSystemId`, `badgeRows`: as the window says them; `listedRows`: the rows the
 * list counts as the badge does (null before a comparison); `task` and `working`: a check or a
 * sync on its way (`working` also before its task shows), after which a start waits; `items`:
 * the list shown; `compareAsync(keepMessage)`: whether the list now shows a new comparison.
 */
export function useScreenStarts(requester: SyncRequester, hidden: boolean, designSystemId: string | null, badgeRows: number | null, listedRows: number | null, task: Task | null, working: { current: boolean }, items: { current: SyncItem[] | null }, compareAsync: (keepMessage?: boolean) => Promise<boolean>, setFailure: Dispatch<StateUpdater<Failure | null>>, setMessage: (message: LiveMessage) => void): ScreenStarts {
  const [overview, setOverview] = useState<SyncOverview | null>(null);
  const overviewRef = useRef<SyncOverview | null>(null);
  const showOverview = (next: SyncOverview) => {
    overviewRef.current = next;
    setOverview(next);
  };
  // Read by a start when it runs, not when it was asked for (no run or check on its way: what they end with is newer than the count).
  const counted = useLatest({ badgeRows, listedRows, task });

  // One start at a time: the end of a run moves the badge and the task together, and two starts
  // side by side each read the link from before the other compared (the later one compared again
  // and wiped what the first said). Starts asked for meanwhile run as one, after.
  // `ranWith`: the design system a sync ran with, when the link changed while it ran (it went on
  // with the link it started with).
  const latestStartOnce = useRef<(ranWith: string | null) => Promise<void>>(() => Promise.resolve());
  const startAsync = useMemo(() => oneAtATime<string | null>((ranWith) => latestStartOnce.current(ranWith), (waiting, next) => waiting ?? next), []);
  const startOnce = async (ranWith: string | null) => {
    // Coming back to the screen is no new check: a sync's or a check's failure stays with the list it left.
    setFailure((current) => (current?.source === 'start' ? null : current));
    try {
      const before = overviewRef.current;
      const next = await requester.overviewAsync();
      showOverview(next);
      const keepMessage = startCompares(before, next, items.current !== null, counted.current.badgeRows, counted.current.listedRows);
      const moved = linkMovedFrom(ranWith, next);
      // Only the badge moved: what the screen says still stands. After a sync while the link moved,
      // its words (the cancel's) stay until the words below replace them, not blank while the check runs.
      // Another check on its way (Check again pressed meanwhile) says its own: this one does not run.
      const compared = keepMessage === null || working.current ? null : await compareAsync(keepMessage || moved);
      if (moved) setMessage({ tone: 'info', text: linkChangedText(ranWith, next, cancelledRun.current, compared) });
    } catch (error) {
      setFailure({ source: 'start', message: `Envelope could not read this file’s sync state: ${errorText(error)}`, retryLabel: 'Try again', retry: () => void startAsync(null) });
    }
  };
  // The latest committed render's (as useLatest: not written during render); a start runs after it.
  useLayoutEffect(() => {
    latestStartOnce.current = startOnce;
  });

  // A change of the link while a check or a sync runs is read once it ends (below).
  const linkMoved = useRef<'run' | 'other' | null>(null);
  // The design system the latest sync started with (the one it sends to, whatever the link becomes).
  const ranWith = useRef<string | null>(null);
  // Whether that sync was cancelled: the start after it says so with the new link (its compare wipes the cancel's words).
  const cancelledRun = useRef(false);
  const followed = useRef<Followed | null>(null);
  // A collaborator's edits move the badge several times in a row: the list compares once, when
  // the count has been still a while. A move while a run or a check is on its way needs no start:
  // the sandbox counts edits in the queue its run and check wait in (src/sync/sync-handlers.ts),
  // so the count was made before they read the file, and an edit made while they run is counted
  // (and moves the badge) only after they end.
  const badgeStill = useMemo(
    () =>
      afterStill(BADGE_STILL_MS, () => {
        if (!working.current) void startAsync(null);
      }),
    [startAsync, working],
  );
  useEffect(() => () => badgeStill.cancel(), [badgeStill]);
  // Each time the screen shows, and when the link changes while it shows (⌘Z of its save, say): what it says follows it.
  useEffect(() => {
    const now = { hidden, designSystemId };
    const badgeOnly = onlyBadgeMoved(followed.current, now);
    followed.current = now;
    if (badgeOnly && !hidden) return badgeStill.poke();
    // Showing the screen or a new link starts at once, and reads the badge as it is then.
    badgeStill.cancel();
    if (hidden) return;
    if (working.current) linkMoved.current = counted.current.task?.kind === 'run' ? 'run' : (linkMoved.current ?? 'other');
    else void startAsync(null);
  }, [hidden, designSystemId, badgeRows, startAsync, badgeStill, working, counted]);
  useEffect(() => {
    if (task !== null || working.current || hidden || linkMoved.current === null) return;
    void startAsync(linkMoved.current === 'run' ? ranWith.current : null);
    linkMoved.current = null;
  }, [task, hidden, startAsync, working]);

  return [
    overview,
    () => {
      ranWith.current = overviewRef.current?.designSystemId ?? null;
    },
    (cancelled) => {
      cancelledRun.current = cancelled;
      if (linkMoved.current === null) requester.overviewAsync().then(showOverview, () => undefined);
    },
  ];
}
