// The Sync screen: whether the file can sync, the comparison (counts, the list, one
// component's detail), the run with its progress and outcome, and the history. Choices show
// at once and are saved in batches; a failed request says why and never drops the list.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { PendingRequest } from '../../src/shared/bridge/endpoint';
import { syncChangeChipSchema, type SyncChangeChip, type SyncChoice, type SyncComparison, type SyncItem, type SyncKind, type SyncOverview } from '../../src/shared/bridge/messages';
import type { Progress } from '../../src/shared/bridge/protocol';
import { Button } from '../components/button';
import { focusLost, useFocusKeeper } from '../components/focus-keeper';
import { ErrorNotice, LiveNotice, type LiveMessage } from '../components/notice';
import { oneAtATime } from '../components/one-at-a-time';
import { Spinner } from '../components/spinner';
import { errorText } from '../messages/error-text';
import { createChoiceBatcher, keepPendingChoices, type Choices } from './choice-batcher';
import { copyTextAsync } from './copy-text';
import { SyncDetailView, type PictureMode } from './sync-detail';
import { SyncHistory } from './sync-history';
import { choiceMode, KIND_ORDER, toggledChoice } from './sync-kinds';
import { SyncList } from './sync-list';
import { outcomeAfterCheck, outcomeText, type ShownOutcome } from './sync-outcome';
import { createPictureLoader } from './picture-loader';
import type { SyncRequester } from './sync-requester';
import { afterStill } from './after-still';
import { activePairs, buildRows, changeCounts, chipLabel, formatCount, formatUpdateNotice, isInSync, kindCounts, noMatchText, plural, runSummary, shownRowItems, withPairChips, type KindFilter } from './sync-rows';
import { summaryHeadline, summaryText } from './sync-summary';
import { listedRowCount } from '../../src/shared/sync/listed-rows';
import { absoluteTime, relativeTime } from '../messages/relative-time';
import { progressText, secondsLeft, timeLeftText, type ProgressSample } from './sync-time';

export interface SyncScreenProps {
  requester: SyncRequester;
  onOpenSettings: () => void;
  /** The file's name, for the copied summary. */
  fileName?: string | null;
  /** Another screen is showing; this one keeps its state and any running request. */
  hidden?: boolean;
  /** The design system the file syncs to, as the window last heard (⌘Z, ⌘⇧Z or a collaborator may change it while Sync shows). */
  designSystemId?: string | null;
  /** The badge's rows as the sandbox counts them after each edit (null before it first says): one that differs from the list's means the list is out of date (⌘Z of a take, say). */
  badgeRows?: number | null;
}

const LINK_PROBLEM_TEXT: Record<NonNullable<SyncOverview['problem']>, { title: string; body: string }> = {
  'no-builder-key': { title: 'Sync needs your builder API key.', body: 'The design system is set for this file; add your builder API key in Settings (it stays on this computer).' },
  'no-design-system': { title: 'This file is not linked to a design system yet.', body: 'Choose the design system this file syncs to in Settings. Everyone who opens the file then syncs to the same one.' },
  'no-key-and-design-system': { title: 'Sync needs a builder API key and a design system.', body: 'Add your builder API key and choose the design system this file syncs to, both in Settings.' },
};

/**
 * How long the badge's count stays still before the list compares again. Longer than the
 * sandbox's own settling of local edits (LOCAL_COUNT_DELAY_MS, 600 ms, src/sync/sync-monitor.ts),
 * so a burst the sandbox counts in steps is compared once.
 */
const BADGE_STILL_MS = 800;

interface Task {
  kind: 'compare' | 'run';
  progress: Progress | null;
  /** The first report of the current phase, for the time left. */
  first: ProgressSample | null;
  latest: ProgressSample | null;
  cancel: () => void;
}

interface Failure {
  /** 'start': the sync state could not be read (the next read clears it; other failures stay until their retry or a new check). */
  source?: 'start';
  message: string;
  retryLabel: string;
  retry: () => void;
  /** The row whose choice the retry saves again: the keyboard goes back to it (its row, or its choice in the open detail). */
  focusKey?: string;
}

/** Ends a message with a full stop, so another sentence can follow it. */
function asSentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function isCancelled(error: unknown): boolean {
  return errorCode(error) === 'cancelled';
}

export function SyncScreen({ requester, onOpenSettings, fileName = null, hidden = false, designSystemId = null, badgeRows = null }: SyncScreenProps) {
  const [overview, setOverview] = useState<SyncOverview | null>(null);
  const [items, setItems] = useState<SyncItem[] | null>(null);
  const [comparison, setComparison] = useState<Pick<SyncComparison, 'counts' | 'serverTime' | 'readOnlyReason' | 'replacements' | 'stateProblem'> | null>(null);
  const [task, setTask] = useState<Task | null>(null);
  // Sync and Check again give way to Cancel while they run, and come back after: the keyboard stays in the row.
  const actionsFocus = useFocusKeeper<HTMLDivElement>(task);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [chooseFailure, setChooseFailure] = useState<Failure | null>(null);
  const [apartFailure, setApartFailure] = useState<Failure | null>(null);
  // A failure's retry goes with its notice: the keyboard goes back to the choice it saves again,
  // else on from the actions (Cancel while it runs), not from the page's start.
  const retried = useRef<Failure | null>(null);
  const actionsRef = actionsFocus.ref;
  const screenRef = useRef<HTMLDivElement>(null);
  const focusListRow = useRef<((key: string) => boolean) | null>(null);
  const openKeyNow = useRef<string | null>(null);
  const retryFrom = useCallback((failed: Failure) => {
    retried.current = failed;
    failed.retry();
  }, []);
  useLayoutEffect(() => {
    const failed = retried.current;
    if (!failed) return;
    retried.current = null;
    if (!document.hasFocus() || !focusLost()) return;
    const key = failed.focusKey;
    if (key !== undefined && openKeyNow.current === key) {
      // The detail's choice: the chosen option of a conflict, else its tick.
      const choice = screenRef.current?.querySelector<HTMLElement>('.sync-detail .sync-choice-option input:checked') ?? screenRef.current?.querySelector<HTMLElement>('.sync-detail .sync-choice-option input');
      if (choice) return choice.focus();
    }
    if (key !== undefined && openKeyNow.current === null && focusListRow.current?.(key)) return;
    actionsRef.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [failure, chooseFailure, apartFailure, actionsRef]);
  const [message, setMessage] = useState<LiveMessage | null>(null);
  const [outcome, setOutcome] = useState<ShownOutcome | null>(null);
  const [pictureMode, setPictureMode] = useState<PictureMode>('side');
  const [filter, setFilter] = useState<KindFilter>('all');
  const [query, setQuery] = useState('');
  const [change, setChange] = useState<SyncChangeChip | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const pending = useRef<PendingRequest<unknown> | null>(null);
  // A batch of choices failed and was put back: the sync waits until they are saved.
  const unsaved = useRef(false);
  // The row of the latest choice: a failed batch's retry gives the keyboard back to it.
  const lastChosen = useRef<string | null>(null);
  const working = useRef(false);
  // The latest list, also between a change and its render: choices made in a quick run each see the one before.
  const itemsRef = useRef<SyncItem[] | null>(null);
  const updateItems = useCallback((change: (current: SyncItem[]) => SyncItem[]) => {
    if (!itemsRef.current) return;
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);
  // Counts the comparisons shown: an open detail is loaded again with each new one.
  const [comparisons, setComparisons] = useState(0);
  const pictures = useMemo(() => createPictureLoader({ requestAsync: (keys) => requester.picturesAsync(keys) }), [requester]);
  const replaceItems = useCallback(
    (next: SyncItem[]) => {
      // A new comparison: pictures may have changed with it.
      pictures.clear();
      setComparisons((count) => count + 1);
      itemsRef.current = next;
      setItems(next);
    },
    [pictures],
  );

  // Relative times ("3 minutes ago") stay true while the window is open.
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  // A request still running when the screen closes is cancelled with it.
  useEffect(() => () => pending.current?.cancel(), []);

  // The batcher and applyChoices are made together: a failed batch's retry applies its choices again.
  const { batcher, applyChoices } = useMemo(() => {
    const created = createChoiceBatcher({
      sendAsync: (choices) => requester.chooseAsync(choices),
      onSaved: (saved) => {
        const byKey = new Map(saved.map((item) => [item.key, item]));
        updateItems((current) => current.map((item) => (byKey.has(item.key) && !created.isPending(item.key) ? (byKey.get(item.key) ?? item) : item)));
      },
      onFailed: (choices, previous, error) => {
        unsaved.current = true;
        // Put back what the sandbox still has, unless the row was changed again since.
        updateItems((current) => current.map((item) => (item.key in choices && item.choice === choices[item.key] ? { ...item, choice: previous[item.key] ?? item.choice } : item)));
        const keys = Object.keys(choices);
        const count = keys.length;
        setChooseFailure({
          focusKey: lastChosen.current !== null && keys.includes(lastChosen.current) ? lastChosen.current : keys[0],
          message: `${plural(count, 'choice')} could not be saved, so ${count === 1 ? 'it was' : 'they were'} put back: ${errorText(error)}`,
          retryLabel: 'Save the choices again',
          retry: () => {
            unsaved.current = false;
            setChooseFailure(null);
            apply(choices);
          },
        });
      },
    });
    function apply(choices: Choices): void {
      updateItems((current) =>
        current.map((item) => {
          const choice = choices[item.key];
          if (choice === undefined || choice === item.choice) return item;
          created.set(item.key, choice, item.choice);
          return { ...item, choice };
        }),
      );
    }
    return { batcher: created, applyChoices: apply };
  }, [requester, updateItems]);
  // Every list the sandbox sends while choices can be made (keep apart, the recorded state after a
  // failed or cancelled sync) may predate a choice still on its way: that choice stays as shown.
  const withPendingChoices = useCallback(
    (next: SyncItem[], shown: readonly SyncItem[] | null = itemsRef.current) => keepPendingChoices(next, shown ?? [], (key) => batcher.isPending(key)),
    [batcher],
  );

  const pairs = useMemo(() => activePairs(items ?? [], comparison?.replacements), [items, comparison]);
  // Read by `choose` without making it change with every list: a replaced row's choice is both keys'.
  const pairsRef = useRef(pairs);
  pairsRef.current = pairs;
  const choose = useCallback(
    (item: SyncItem, choice: SyncChoice) => {
      const replaces = pairsRef.current.get(item.key);
      lastChosen.current = item.key;
      applyChoices(replaces ? { [item.key]: choice, [replaces.key]: choice } : { [item.key]: choice });
    },
    [applyChoices],
  );
  // One "Keep them apart" at a time (a second press while the first is on its way does nothing).
  const keeping = useRef(false);
  const keepApartAsync = useCallback(
    async (item: SyncItem, replaces: SyncItem) => {
      if (keeping.current) return;
      keeping.current = true;
      setApartFailure(null);
      try {
        const result = await requester.keepApartAsync({ oldKey: replaces.key, newKey: item.key });
        // The same comparison with the pair as two rows: the pictures stay.
        updateItems((current) => withPendingChoices(result.items, current));
        setComparison(result);
        setOpenKey((open) => (open === item.key ? null : open));
        setMessage({ tone: 'info', text: `${item.name}: the deleted and the added component are shown apart, each with its own choice.` });
      } catch (error) {
        // Nothing changed: the row stays one replaced row, with its choices, and the detail stays open.
        setApartFailure({
          message: `${item.name} could not be shown as two rows, so it is still one replaced row: ${errorText(error)}`,
          // Named for what it does: the detail may show its own "Try again" (its changes) beside it.
          retryLabel: 'Try keeping them apart again',
          retry: () => void keepApartAsync(item, replaces),
        });
      } finally {
        keeping.current = false;
      }
    },
    [requester, withPendingChoices, updateItems],
  );
  // Stable, so the open detail loads once, not again on each render of the screen.
  const loadDetailAsync = useCallback((key: string, replaces?: string) => requester.detailAsync(key, replaces), [requester]);

  function track<T>(kind: Task['kind'], start: (onProgress: (progress: Progress) => void) => PendingRequest<T>): PendingRequest<T> {
    const onProgress = (progress: Progress) => {
      const sample = { done: progress.done, atMs: Date.now() };
      setTask((current) => {
        if (!current) return current;
        // A new phase (another total, or counting from the start again) restarts the rate.
        const samePhase = current.progress && current.progress.total === progress.total && current.progress.done <= progress.done;
        return { ...current, progress, first: samePhase ? current.first : sample, latest: sample };
      });
    };
    const request = start(onProgress);
    pending.current = request;
    setTask({ kind, progress: null, first: null, latest: null, cancel: () => request.cancel() });
    return request;
  }

  /** Whether the list now shows a new comparison. */
  const compareAsync = useCallback(async (keepMessage = false): Promise<boolean> => {
    // One long request at a time (a click during the opening check starts nothing more).
    if (working.current) return false;
    working.current = true;
    setFailure(null);
    // A pair that could not be kept apart may mean nothing in the new comparison.
    setApartFailure(null);
    if (!keepMessage) setMessage(null);
    // A new comparison is not the last sync's outcome; steps left to do by hand stay until dismissed.
    setOutcome((current) => (current && current.outcome.manualSteps.length > 0 ? current : null));
    // Choices still on their way are saved first: the comparison keeps the saved ones.
    await batcher.flushAsync();
    try {
      const result = await track('compare', (onProgress) => requester.compare(onProgress));
      replaceItems(result.items);
      setComparison(result);
      // Steps of a take the check shows undone (or finished by hand) no longer stand.
      setOutcome((current) => current && outcomeAfterCheck(current, result.items));
      if (unsaved.current) {
        // Choices that failed were made for the previous rows; a row may mean something else now
        // (a local change become a conflict), so they are not saved onto this comparison.
        unsaved.current = false;
        setChooseFailure(null);
        setMessage({ tone: 'info', text: 'The choices that could not be saved were not kept for the new comparison: choose them again where needed.' });
      }
      return true;
    } catch (error) {
      if (isCancelled(error)) setMessage({ tone: 'info', text: itemsRef.current ? 'Check stopped. The list shows the previous comparison.' : 'Check stopped. Press Check again to compare.' });
      else setFailure({ message: `The comparison did not finish: ${errorText(error)}`, retryLabel: 'Check again', retry: () => void compareAsync() });
      return false;
    } finally {
      pending.current = null;
      working.current = false;
      setTask(null);
    }
  }, [batcher, requester, replaceItems]);

  // Opening the screen compares; coming back to it compares again only if the link changed
  // (say, the key or design system was just set in Settings). Later checks are the person's.
  const overviewRef = useRef<SyncOverview | null>(null);
  // One start at a time: the end of a run moves the badge and the task together, and two starts
  // side by side each read the link from before the other compared (the later one compared again
  // and wiped what the first said). Starts asked for meanwhile run as one, after.
  const latestStartOnce = useRef<(ranWith: string | null) => Promise<void>>(() => Promise.resolve());
  const startAsync = useMemo(() => oneAtATime<string | null>((ranWith) => latestStartOnce.current(ranWith), (waiting, next) => waiting ?? next), []);
  // `ranWith`: the design system a sync ran with, when the link changed while it ran (it went on
  // with the link it started with).
  const startOnceAsync = useCallback(async (ranWith: string | null) => {
    // Coming back to the screen is no new check: a sync's or a check's failure stays with the list it left.
    setFailure((current) => (current?.source === 'start' ? null : current));
    try {
      const before = overviewRef.current;
      const next = await requester.overviewAsync();
      overviewRef.current = next;
      setOverview(next);
      const linkChanged = before === null || before.problem !== null || before.designSystemId !== next.designSystemId;
      // The file changed under the list (the badge counts otherwise): ⌘Z of a take, say. Compared
      // again, the notice of that take no longer says it stands (outcomeAfterCheck).
      const listOutOfDate = badgeNow.current !== null && listedNow.current !== null && badgeNow.current !== listedNow.current;
      if (next.problem === null && (itemsRef.current === null || linkChanged || listOutOfDate)) {
        // Only the badge moved: what the screen says (the link changed during the run, say) still stands.
        await compareAsync(itemsRef.current !== null && !linkChanged);
      }
      if (ranWith !== null && next.problem === null && next.designSystemId !== ranWith) {
        setMessage({ tone: 'info', text: `This file’s design system changed to ${next.designSystemId} while the sync ran (undo, redo or a collaborator). What was sent to ${ranWith} is recorded; the list now compares with ${next.designSystemId}.` });
      }
    } catch (error) {
      setFailure({ source: 'start', message: `Envelope could not read this file’s sync state: ${errorText(error)}`, retryLabel: 'Try again', retry: () => void startAsync(null) });
    }
  }, [requester, compareAsync, startAsync]);
  latestStartOnce.current = startOnceAsync;

  // Each time the screen shows (startAsync reads the latest callbacks).
  // Also when the link changes while it shows (⌘Z of its save, say): what it says follows it.
  // A change while a check or a sync runs is read once it ends (below).
  const linkMoved = useRef<'run' | 'other' | null>(null);
  // The design system the latest sync started with (the one it sends to, whatever the link becomes).
  const ranWith = useRef<string | null>(null);
  const taskNow = useRef(task);
  taskNow.current = task;
  // The badge too (no run or check on its way: what they end with is newer than the count).
  const badgeNow = useRef(badgeRows);
  badgeNow.current = badgeRows;
  const listedNow = useRef<number | null>(null);
  const followed = useRef<{ hidden: boolean; designSystemId: string | null } | null>(null);
  // A collaborator's edits move the badge several times in a row: the list compares once, when
  // the count has been still a while (a run or a check started meanwhile counts anew anyway).
  const badgeStill = useMemo(
    () =>
      afterStill(BADGE_STILL_MS, () => {
        if (!working.current) void startAsync(null);
      }),
    [startAsync],
  );
  useEffect(() => () => badgeStill.cancel(), [badgeStill]);
  useEffect(() => {
    const badgeOnly = followed.current !== null && followed.current.hidden === hidden && followed.current.designSystemId === designSystemId;
    followed.current = { hidden, designSystemId };
    if (badgeOnly && !hidden) {
      badgeStill.poke();
      return;
    }
    // Showing the screen or a new link starts at once, and reads the badge as it is then.
    badgeStill.cancel();
    if (hidden) return;
    if (working.current) linkMoved.current = taskNow.current?.kind === 'run' ? 'run' : (linkMoved.current ?? 'other');
    else void startAsync(null);
  }, [hidden, designSystemId, badgeRows, startAsync, badgeStill]);
  useEffect(() => {
    if (task !== null || working.current || hidden || linkMoved.current === null) return;
    void startAsync(linkMoved.current === 'run' ? ranWith.current : null);
    linkMoved.current = null;
  }, [task, hidden, startAsync]);

  async function runAsync() {
    if (working.current) return;
    working.current = true;
    ranWith.current = overviewRef.current?.designSystemId ?? null;
    setFailure(null);
    setApartFailure(null);
    setMessage(null);
    setOutcome(null);
    await batcher.flushAsync();
    if (unsaved.current) {
      working.current = false;
      setFailure({ message: 'Some choices were not saved, so the sync did not start. Save them again (above), then sync.', retryLabel: 'Sync now', retry: () => void runAsync() });
      return;
    }
    let cancelled = false;
    try {
      const result = await track('run', (onProgress) => requester.run(onProgress));
      setOutcome({ outcome: result, counts: true });
      replaceItems(result.comparison.items);
      setComparison(result.comparison);
      setOpenKey(null);
    } catch (error) {
      cancelled = isCancelled(error);
      const code = errorCode(error);
      if (cancelled) setMessage({ tone: 'info', text: 'Sync cancelled. What was already sent is recorded; checking what is left…' });
      // Refused before sending anything: the same sync again would be refused again.
      else if (code === 'no_comparison') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Check again', retry: () => void compareAsync() });
      // Refused before anything was taken or sent, until a batch of references is placed: the same sync, once they are.
      else if (code === 'busy') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Sync now', retry: () => void runAsync() });
      else if (code === 'not_linked') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Open Settings', retry: onOpenSettings });
      else {
        const failed: Failure = { message: `The sync did not finish: ${asSentence(errorText(error))} What was already sent is recorded, and your choices are kept.`, retryLabel: 'Try the sync again', retry: () => void runAsync() };
        setFailure(failed);
        // The list and the button then count only what is left (the recorded state; no request, so the words above stay).
        requester.currentAsync().then(
          (left) => {
            replaceItems(withPendingChoices(left.items));
            setComparison(left);
          },
          // Unread, the list still counts what was sent: said after the failure's words, while they show.
          () => setFailure((current) => (current === failed ? { ...failed, message: `${failed.message} The list may still show what was sent: press Check again to see what is left.` } : current)),
        );
      }
    } finally {
      pending.current = null;
      working.current = false;
      setTask(null);
    }
    // The history, with this run's entry (one that stopped part-way too). With the link moved
    // meanwhile, the read after the run says so and compares anew.
    if (linkMoved.current === null) {
      requester.overviewAsync().then((next) => {
        overviewRef.current = next;
        setOverview(next);
      }, () => undefined);
    }
    if (cancelled) {
      const said = { tone: 'info', text: 'Sync cancelled. What was already sent is recorded; the list shows what is left.' } as const;
      if (await compareAsync(true)) setMessage(said);
      else {
        // The check failed or was stopped: the list from before the sync still counts what was sent, so it shows the recorded state instead.
        requester.currentAsync().then(
          (left) => {
            replaceItems(withPendingChoices(left.items));
            setComparison(left);
            setMessage(said);
          },
          () => setMessage({ tone: 'info', text: 'Sync cancelled. What was already sent is recorded; Check again to see what is left.' }),
        );
      }
    }
  }

  const shownItems = useMemo(() => withPairChips(items ?? [], pairs), [items, pairs]);
  const rows = useMemo(() => (items ? buildRows(shownItems, filter, query, change, pairs) : []), [items, shownItems, filter, query, change, pairs]);
  const changes = useMemo(() => changeCounts(shownItems, syncChangeChipSchema.options), [shownItems]);

  async function copySummaryAsync() {
    const copied = await copyTextAsync(summaryText(withPairChips(itemsRef.current ?? [], pairsRef.current), fileName, pairsRef.current));
    setMessage(
      copied
        ? { tone: 'success', text: `Summary copied: ${summaryHeadline(itemsRef.current ?? [], pairsRef.current)}.` }
        : { tone: 'error', text: 'The summary could not be copied: this window may not use the clipboard. Nothing was lost; try again.' },
    );
  }
  const counts = useMemo(() => (items && comparison ? kindCounts({ items, counts: comparison.counts }) : null), [items, comparison]);
  const summary = useMemo(() => runSummary(items ?? [], pairs), [items, pairs]);
  // Changes the Sync button sends that the search or a filter leaves out of the list (format updates have their own line).
  const hiddenChanges = useMemo(() => summary.changes - runSummary(shownRowItems(rows), pairs).changes, [summary, rows, pairs]);
  const search = useRef<HTMLInputElement>(null);
  // Its button goes with what it cleared: the keyboard goes on from the search field.
  const showAll = () => {
    setQuery('');
    setFilter('all');
    setChange(null);
    search.current?.focus();
  };
  // As the list shows it (a replaced row's chips only while it is one row).
  const openItem = openKey !== null ? (shownItems.find((item) => item.key === openKey) ?? null) : null;
  openKeyNow.current = openItem?.key ?? null;
  const readOnlyReason = comparison?.readOnlyReason ?? overview?.readOnlyReason ?? null;
  const busy = task !== null;

  const toggle = useCallback(
    (item: SyncItem) => {
      // While a check or a sync runs the ticks are disabled; Space must not change them either.
      if (readOnlyReason || busy) return;
      // A replaced row whose two keys differ is ticked by Space, as by a click on its tick.
      const replaces = pairsRef.current.get(item.key);
      const next = replaces && replaces.choice !== item.choice ? 'push' : toggledChoice(item);
      if (next) choose(item, next);
      else if (choiceMode(item.kind) === 'conflict') setMessage({ tone: 'info', text: `${item.name} is a conflict: press Enter to open it and choose keep mine, take theirs or skip for now.` });
    },
    [choose, readOnlyReason, busy],
  );

  if (overview?.problem) {
    return (
      <div class="screen sync-screen" data-testid="screen-sync" hidden={hidden}>
        <div class="empty-state" data-testid="sync-link-problem">
          <strong>{LINK_PROBLEM_TEXT[overview.problem].title}</strong>
          <p>{LINK_PROBLEM_TEXT[overview.problem].body}</p>
          <div>
            <Button variant="primary" onClick={onOpenSettings} testId="sync-open-settings">
              Open Settings
            </Button>
          </div>
        </div>
      </div>
    );
  }

  const lastSynced = overview?.lastSyncedAt ?? null;
  const formatUpdates = counts?.get('format-update') ?? 0;
  // The rows "All" counts (the badge and the copied summary count the same): format updates have their own line.
  const others = counts ? listedRowCount(Object.fromEntries(counts), pairs.size) : 0;
  listedNow.current = counts ? others : null;
  // Nothing searched for or filtered: an empty list then means only format updates are left (their line says so).
  const unfiltered = filter === 'all' && query.trim() === '' && change === null;
  return (
    <div ref={screenRef} class="screen sync-screen" data-testid="screen-sync" hidden={hidden}>
      {readOnlyReason ? (
        <p class="notice notice-error" data-testid="sync-read-only">
          {readOnlyReason}
        </p>
      ) : null}
      {comparison?.stateProblem ? (
        <p class="notice notice-error" data-testid="sync-state-problem">
          {comparison.stateProblem}
        </p>
      ) : null}
      {task ? <TaskProgress task={task} /> : null}
      {failure ? <FailureNotice failure={failure} busy={busy} onRetry={retryFrom} testId="sync-error" /> : null}
      {chooseFailure ? <FailureNotice failure={chooseFailure} busy={busy} onRetry={retryFrom} testId="sync-choose-error" /> : null}
      {apartFailure ? <FailureNotice failure={apartFailure} busy={busy} onRetry={retryFrom} testId="sync-keep-apart-error" /> : null}
      {outcome ? (
        <OutcomeNotice
          shown={outcome}
          onDismiss={() => {
            // Dismiss goes with the notice: the keyboard goes on from the screen's title, not from the page's start.
            document.getElementById('screen-title')?.focus();
            setOutcome(null);
          }}
        />
      ) : null}
      <LiveNotice message={message} testId="sync-message" />
      {/* A message here says why nothing is opening (the opening check was stopped). */}
      {!items && !task && !failure && !message ? (
        <p class="sync-inline-status" role="status">
          <Spinner /> Opening sync…
        </p>
      ) : null}
      {items && counts ? (
        openItem ? null : isInSync(counts) ? (
          <div class="empty-state" data-testid="sync-in-sync">
            <strong>Everything is in sync</strong>
            <p>
              {lastSynced ? (
                <>
                  Last synced <time title={absoluteTime(lastSynced)}>{relativeTime(lastSynced, nowMs)}</time>.
                </>
              ) : (
                'Nothing differs between this file and the design system.'
              )}
            </p>
          </div>
        ) : (
          <>
            {others > 0 ? (
              <div class="sync-chips" role="group" aria-label="Show only one kind">
                <button type="button" class="sync-chip" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
                  All {formatCount(others)}
                </button>
                {KIND_ORDER.filter((kind) => kind !== 'format-update' && (counts.get(kind) ?? 0) > 0).map((kind: SyncKind) => (
                  <button
                    key={kind}
                    type="button"
                    class={`sync-chip${kind === 'conflict' ? ' sync-chip-conflict' : ''}`}
                    aria-pressed={filter === kind}
                    onClick={() => setFilter(filter === kind ? 'all' : kind)}
                  >
                    {chipLabel(kind, counts.get(kind) ?? 0)}
                  </button>
                ))}
              </div>
            ) : null}
            {changes.length > 0 ? (
              <div class="sync-chips" role="group" aria-label="Show only one kind of change">
                {changes.map(([chip, count]) => (
                  <button key={chip} type="button" class="sync-chip sync-chip-change" aria-pressed={change === chip} onClick={() => setChange(change === chip ? null : chip)}>
                    {chip} {formatCount(count)}
                  </button>
                ))}
              </div>
            ) : null}
            {formatUpdates > 0 ? (
              <p class="sync-format-note" data-testid="sync-format-update">
                {formatUpdateNotice(formatUpdates)}{' '}
                <Button variant="link" onClick={() => setFilter(filter === 'format-update' ? 'all' : 'format-update')}>
                  {filter !== 'format-update' ? 'Show them' : others > 0 ? 'Show the other changes' : 'Hide them'}
                </Button>
              </p>
            ) : null}
            <input
              ref={search}
              type="search"
              class="field-input"
              aria-label="Search by name"
              placeholder="Search by name"
              spellcheck={false}
              autoComplete="off"
              data-testid="sync-search"
              value={query}
              onInput={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Escape clears the search (the browser does it too; this keeps the state in step).
                if (event.key === 'Escape' && query !== '') {
                  event.preventDefault();
                  setQuery('');
                }
              }}
            />
          </>
        )
      ) : null}
      {items && counts && !isInSync(counts) ? (
        <>
          <p id="sync-list-help" class="visually-hidden">
            Arrow keys move, Enter opens the changes, Space ticks or unticks.
          </p>
          {rows.length === 0 && !openItem && !unfiltered ? (
            <div class="empty-state" data-testid="sync-no-match">
              <strong>{noMatchText(query, filter, change)}</strong>
              <div>
                <Button onClick={showAll}>Show all changes</Button>
              </div>
            </div>
          ) : null}
          <SyncList
            rows={rows}
            resetKey={`${filter}\n${query}\n${change ?? ''}`}
            hidden={hidden || openItem !== null || rows.length === 0}
            readOnly={readOnlyReason !== null || busy}
            nowMs={nowMs}
            onOpen={(item) => setOpenKey(item.key)}
            onChoose={choose}
            onToggle={toggle}
            pictures={pictures}
            focusRowRef={focusListRow}
          />
        </>
      ) : null}
      {openItem ? (
        <SyncDetailView
          item={openItem}
          replaces={pairs.get(openItem.key) ?? null}
          onKeepApart={() => {
            const replaces = pairs.get(openItem.key);
            if (replaces) void keepApartAsync(openItem, replaces);
          }}
          loadAsync={loadDetailAsync}
          comparison={comparisons}
          readOnly={readOnlyReason !== null || busy}
          nowMs={nowMs}
          pictureMode={pictureMode}
          onPictureMode={setPictureMode}
          onChoose={choose}
          onBack={() => setOpenKey(null)}
        />
      ) : null}
      {items && hiddenChanges > 0 && !openItem && !task ? (
        <p class="sync-format-note" data-testid="sync-hidden-note">
          {hiddenChanges === 1 ? '1 of the changes to sync is' : `${formatCount(hiddenChanges)} of the changes to sync are`} not shown by the search or filter.
          {/* An empty list has its own "Show all changes" above. */}
          {rows.length > 0 ? (
            <>
              {' '}
              <Button variant="link" onClick={showAll}>
                Show all changes
              </Button>
            </>
          ) : null}
        </p>
      ) : null}
      <div class="sync-actions" {...actionsFocus}>
        {task ? (
          <Button onClick={task.cancel} testId="sync-cancel">
            {task.kind === 'run' ? 'Cancel sync' : 'Stop checking'}
          </Button>
        ) : (
          <>
            {items && summary.label ? (
              <Button variant="primary" onClick={() => void runAsync()} disabled={readOnlyReason !== null} testId="sync-run">
                {summary.label}
              </Button>
            ) : null}
            <Button onClick={() => void compareAsync()} testId="sync-check">
              Check again
            </Button>
            {items && items.length > 0 ? (
              <Button onClick={() => void copySummaryAsync()} testId="sync-copy-summary">
                Copy summary
              </Button>
            ) : null}
          </>
        )}
      </div>
      {overview && overview.history.length > 0 ? <SyncHistory history={overview.history} nowMs={nowMs} /> : null}
    </div>
  );
}

/**
 * A failure in words with its retry. The retry waits while a check or a sync runs: sent then, it
 * would reach the sandbox after it, onto rows that may mean something else.
 */
function FailureNotice({ failure, busy, onRetry, testId }: { failure: Failure; busy: boolean; onRetry: (failure: Failure) => void; testId: string }) {
  return (
    <div class="sync-error">
      <ErrorNotice message={failure.message} testId={testId} />
      {!busy ? <Button onClick={() => onRetry(failure)}>{failure.retryLabel}</Button> : null}
    </div>
  );
}

function TaskProgress({ task }: { task: Task }) {
  const progress = task.progress;
  const fallback = task.kind === 'run' ? 'Starting the sync…' : 'Starting the comparison…';
  const text = progress ? progressText(progress) : fallback;
  const left = task.kind === 'run' && task.latest && progress ? timeLeftText(secondsLeft(task.first, task.latest, progress.total)) : null;
  const determinate = progress !== null && progress.total !== null && progress.total > 0;
  return (
    <div class="sync-progress" data-testid="sync-progress">
      <p id="sync-progress-label">
        {text}
        {left ? ` — ${left}` : ''}
      </p>
      <progress
        aria-labelledby="sync-progress-label"
        max={determinate ? (progress.total ?? 1) : undefined}
        value={determinate ? progress.done : undefined}
      />
    </div>
  );
}

function OutcomeNotice({ shown: { outcome, counts }, onDismiss }: { shown: ShownOutcome; onDismiss: () => void }) {
  const text = counts ? outcomeText(outcome) : null;
  return (
    <div class="notice notice-success sync-outcome" role="status" data-testid="sync-outcome">
      {text ? <p>{text.summary}</p> : null}
      {text?.conflicts ? <p>{text.conflicts}</p> : null}
      {outcome.manualSteps.length > 0 ? (
        <>
          <p>{text ? 'Not everything could be done; what is left, and why:' : 'Left from the last sync, and why:'}</p>
          <ul class="sync-steps">
            {outcome.manualSteps.map((entry) => (
              <li key={entry.key}>
                {/* One step a line: they are often sentences of their own, and the first may start with the name again. */}
                <strong>{entry.name}</strong>
                <ul>
                  {entry.steps.map((step, index) => (
                    <li key={index}>{step}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div>
        <Button variant="link" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
