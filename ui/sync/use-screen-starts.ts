// The starts of the Sync screen: it reads the file's sync state and compares when it shows, when
// the file's design system changes while it shows, and when the badge's count, once still a
// while, differs from the list's; after a sync that ran while the link changed, it follows the
// new link and says so (back on the sync's own by then, a cancelled sync's check runs as if it had
// stayed). The rules are in screen-starts.ts; this runs them at their moments.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type StateUpdater } from 'preact/hooks';
import type { SyncItem, SyncOverview } from '../../src/shared/bridge/messages';
import { BADGE_STILL_MS } from '../../src/shared/sync/badge-timing';
import { oneAtATime } from '../components/one-at-a-time';
import { useLatest } from '../hooks/use-latest';
import { errorText } from '../messages/error-text';
import { afterStill } from './after-still';
import { heldStart } from './held-start';
import { linkChangedText, linkMovedFrom, startCompares, onlyBadgeMoved, type Followed } from './screen-starts';
import type { LiveMessage } from '../components/notice';
import type { Failure } from './sync-failure';
import type { SyncRequester } from './sync-requester';
import type { Task } from './sync-task';

/**
 * `overview`: the file's link and history as last read; `runStarts`: a sync starts (it sends to
 * the design system linked now, whatever the link becomes meanwhile); `runEnded`: a sync ended,
 * or was cancelled (the history is read again with its entry; with the link moved meanwhile, the start after the
 * run reads it and compares anew). `checkLeftAsync`: the cancel's own check, left to that start
 * (the link had moved), which runs it if the link is back on the sync's design system by then.
 */
export type ScreenStarts = [overview: SyncOverview | null, runStarts: () => void, runEnded: (cancelled: boolean, checkLeftAsync: false | (() => Promise<void>)) => void];

export interface ScreenStartsOptions {
  requester: SyncRequester;
  /** As the window says them. */
  hidden: boolean;
  designSystemId: string | null;
  badgeRows: number | null;
  /** The rows the list counts as the badge does (null before a comparison). */
  listedRows: number | null;
  /** A check or a sync on its way, after which a start waits (`working` also before its task shows). */
  task: Task | null;
  working: { current: boolean };
  /** The list shown. */
  items: { current: SyncItem[] | null };
  /** Whether the list now shows a new comparison (null: stopped). */
  compareAsync: (keepMessage?: boolean) => Promise<boolean | null>;
  setFailure: Dispatch<StateUpdater<Failure | null>>;
  setMessage: (message: LiveMessage) => void;
  /** The failure's, while the builder asked Envelope to slow down (a start by itself waits until then). */
  tryAgainAt: number | undefined;
}

export function useScreenStarts({ requester, hidden, designSystemId, badgeRows, listedRows, task, working, items, compareAsync, setFailure, setMessage, tryAgainAt }: ScreenStartsOptions): ScreenStarts {
  const [overview, setOverview] = useState<SyncOverview | null>(null);
  const overviewRef = useRef<SyncOverview | null>(null);
  const showOverview = (next: SyncOverview) => {
    overviewRef.current = next;
    setOverview(next);
  };
  // Read by a start when it runs, not when it was asked for (no run or check on its way: what they end with is newer than the count).
  const counted = useLatest({ badgeRows, listedRows, task, designSystemId });

  // One start at a time: the end of a run moves the badge and the task together, and two starts
  // side by side each read the link from before the other compared (the later one compared again
  // and wiped what the first said). Starts asked for meanwhile run as one, after.
  const latestStartOnce = useRef<() => Promise<void>>(() => Promise.resolve());
  const startAsync = useMemo(() => oneAtATime<null>(() => latestStartOnce.current(), () => null), []);
  const startOnce = async () => {
    // Coming back to the screen is no new check: a sync's or a check's failure stays with the list it left.
    setFailure((current) => (current?.source === 'start' ? null : current));
    // Taken now: a start after this one says it instead if the link moves again while this one compares.
    const run = after.current;
    after.current = null;
    try {
      const before = overviewRef.current;
      const next = await requester.overviewAsync();
      showOverview(next);
      const keepMessage = startCompares(before, next, items.current !== null, counted.current.badgeRows, counted.current.listedRows);
      const ranWith = run?.ranWith ?? null;
      const moved = linkMovedFrom(ranWith, next);
      // Back on the design system a cancelled sync sent to (the link moved away and back): the
      // cancel's own check and words, as if it had stayed (what was sent changed the remote).
      const back = !moved && next.problem === null && run?.checkLeftAsync;
      // Only the badge moved: what the screen says still stands. After a sync while the link moved,
      // its words (the cancel's) stay until the words below replace them, not blank while the check runs.
      // Another check on its way (Check again pressed meanwhile) says its own: this one does not run.
      const compared = working.current ? undefined : back ? void (await back()) : keepMessage === null ? undefined : await compareAsync(keepMessage || moved);
      // The link moved again meanwhile (the list is of one no longer linked): the start that follows says it.
      if (counted.current.designSystemId !== next.designSystemId) after.current ??= run;
      else if (moved) setMessage({ tone: 'info', text: linkChangedText(ranWith, next, run?.cancelled === true, compared) });
    } catch (error) {
      setFailure({ source: 'start', message: `Envelope could not read this file’s sync state: ${errorText(error)}`, retryLabel: 'Try again', retry: () => void startAsync(null) });
    }
  };
  // The latest committed render's (as useLatest: not written during render); a start runs after it.
  useLayoutEffect(() => {
    latestStartOnce.current = startOnce;
  });

  // A change of the link while a check or a sync runs is read once it ends (below).
  const linkMoved = useRef(false);
  // The design system the latest sync started with (the one it sends to, whatever the link becomes).
  const ranWith = useRef<string | null>(null);
  // A sync that ended with the link moved, for the start after it: whether it was cancelled (that
  // start says so with the new link: its compare wipes the cancel's words), and the cancel's check.
  const after = useRef<{ ranWith: string | null; cancelled: boolean; checkLeftAsync: false | (() => Promise<void>) } | null>(null);
  const followed = useRef<Followed | null>(null);
  // The builder asked Envelope to slow down: the starts below, made by the screen itself, would ask
  // it again and be refused again (their words replacing the ones saying by when). They wait until
  // then and run once after it; the retry, Check again and Sync are held meanwhile (sync-screen.tsx).
  const heldUntil = useLatest(tryAgainAt);
  const held = useMemo(() => heldStart(() => heldUntil.current), [heldUntil]);
  useEffect(() => () => held.cancel(), [held]);
  useEffect(() => held.recheck(), [held, tryAgainAt]);
  // A collaborator's edits move the badge several times in a row: the list compares once, when
  // the count has been still a while. A move while a run or a check is on its way needs no start:
  // the sandbox counts edits in the queue its run and check wait in (src/sync/sync-handlers.ts),
  // so the count was made before they read the file, and an edit made while they run is counted
  // (and moves the badge) only after they end.
  const badgeStill = useMemo(
    () =>
      afterStill(BADGE_STILL_MS, () =>
        held.ask(() => {
          if (!working.current) void startAsync(null);
        }),
      ),
    [startAsync, working, held],
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
    // Hidden, a start waiting for the builder's wait is left to the one when the screen shows again.
    if (hidden) return held.cancel();
    const start = () => {
      if (working.current) linkMoved.current = true;
      else void startAsync(null);
    };
    // A link other than the one read (a new one, or none) is read at once: held, the screen kept
    // the old link's list until the wait's end (hours, maybe). The link and history are the file's;
    // its comparison, while the wait runs, is refused without asking the builder (its allowance is
    // held) and says by when again.
    if (designSystemId !== (overviewRef.current?.designSystemId ?? null)) {
      held.cancel();
      start();
    } else held.ask(start);
  }, [hidden, designSystemId, badgeRows, startAsync, badgeStill, working, counted, held]);
  useEffect(() => {
    if (task !== null || working.current || hidden || !linkMoved.current) return;
    held.ask(() => void startAsync(null));
    linkMoved.current = false;
  }, [task, hidden, startAsync, working, held]);

  return [
    overview,
    () => {
      ranWith.current = overviewRef.current?.designSystemId ?? null;
    },
    (cancelled, checkLeftAsync) => {
      // Left to the start, which follows once the run's task is gone (below).
      if (checkLeftAsync) linkMoved.current = true;
      if (linkMoved.current) after.current = { ranWith: ranWith.current, cancelled, checkLeftAsync };
      else requester.overviewAsync().then(showOverview, () => undefined);
    },
  ];
}
