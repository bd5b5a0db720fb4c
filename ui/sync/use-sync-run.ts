// The check and the sync started on the Sync screen (by a button, a retry, or by the screen
// itself through its starts): one long request at a time, an answer asked for before the latest
// one began dropped, and what each says when it fails, is stopped or lands on another design system.
import { useCallback, useEffect, useRef, type Dispatch, type StateUpdater } from 'preact/hooks';
import type { SyncComparison, SyncItem } from '../../src/shared/bridge/messages';
import type { LiveMessage } from '../components/notice';
import { useLatest } from '../hooks/use-latest';
import { errorText } from '../messages/error-text';
import { rateLimitWait } from '../messages/retry-countdown';
import { asSentence, errorCode, isCancelled, settingsRetry, type Failure } from './sync-failure';
import { cancelledText, outcomeAfterCheck, type ShownOutcome } from './sync-outcome';
import type { SyncRequester } from './sync-requester';
import { answerFinds, type Task } from './sync-task';
import { useScreenStarts } from './use-screen-starts';
import type { useSyncChoices } from './use-sync-choices';
import type { TrackTask } from './use-sync-task';

export interface SyncRunOptions {
  requester: SyncRequester;
  onOpenSettings: () => void;
  /** As the window says them (the screen's props), for its starts. */
  hidden: boolean;
  designSystemId: string | null;
  badgeRows: number | null;
  /** The rows the list counts as the badge does (null before a comparison). */
  listedRows: number | null;
  /** The task shown, and its start and end (useSyncTask). */
  task: Task | null;
  trackTask: TrackTask;
  endTask: () => void;
  /** The latest list, also between a change and its render. */
  itemsRef: { current: SyncItem[] | null };
  setItems: (items: SyncItem[] | null) => void;
  setComparison: (comparison: SyncComparison | null) => void;
  /** Shows a new comparison (`items`: its list, unless choices on their way stay as shown). */
  showComparison: (next: SyncComparison, items?: SyncItem[]) => void;
  /** The choices' batcher and failures: saved before a check or a sync starts. */
  choices: Pick<ReturnType<typeof useSyncChoices>, 'batcher' | 'unsaved' | 'withPendingChoices' | 'setChooseFailure' | 'setApartFailure'>;
  /** The failure's, while the builder asked Envelope to slow down. */
  tryAgainAt: number | undefined;
  setFailure: Dispatch<StateUpdater<Failure | null>>;
  setMessage: (message: LiveMessage | null) => void;
  setOutcome: Dispatch<StateUpdater<ShownOutcome | null>>;
  setOpenKey: (key: string | null) => void;
}

/** `overview`: the file's link and history as last read; `compareAsync`: Check again; `runAsync`: Sync. */
export function useSyncRun({
  requester,
  onOpenSettings,
  hidden,
  designSystemId,
  badgeRows,
  listedRows,
  task,
  trackTask,
  endTask,
  itemsRef,
  setItems,
  setComparison,
  showComparison,
  choices,
  tryAgainAt,
  setFailure,
  setMessage,
  setOutcome,
  setOpenKey,
}: SyncRunOptions) {
  const { batcher, unsaved, withPendingChoices, setChooseFailure, setApartFailure } = choices;
  const working = useRef(false);
  // The checks and syncs started: an answer asked for before the latest one began is dropped, not shown over the latest's.
  const turn = useRef(0);

  // The design system the list was compared with. Once the file links another (Settings, ⌘Z),
  // the list goes as soon as nothing runs: its Sync button would start from rows of the old one
  // while a busy plugin is still to read the new link and compare.
  const linkNow = useLatest(designSystemId);
  const comparedWith = useRef<string | null>(null);
  const finds = (asked: number) => answerFinds(asked, { turn: turn.current, link: linkNow.current, comparedWith: comparedWith.current });
  useEffect(() => {
    if (task !== null || working.current || itemsRef.current === null || comparedWith.current === designSystemId) return;
    itemsRef.current = null;
    setItems(null);
    setComparison(null);
  }, [designSystemId, task, itemsRef, setItems, setComparison]);

  /** Whether the list now shows a new comparison; null: the check was stopped. */
  const compareAsync = useCallback(async (keepMessage = false): Promise<boolean | null> => {
    // One long request at a time (a click during the opening check starts nothing more).
    if (working.current) return false;
    working.current = true;
    turn.current++;
    setFailure(null);
    // A pair that could not be kept apart may mean nothing in the new comparison.
    setApartFailure(null);
    if (!keepMessage) setMessage(null);
    // A new comparison is not the last sync's outcome; steps left to do by hand stay until dismissed.
    setOutcome((current) => (current && current.outcome.manualSteps.length > 0 ? current : null));
    // Choices still on their way are saved first: the comparison keeps the saved ones.
    await batcher.flushAsync();
    try {
      const asked = linkNow.current;
      const result = await trackTask('compare', (onProgress) => requester.compare(onProgress));
      comparedWith.current = asked;
      showComparison(result);
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
      const settings = settingsRetry(error, onOpenSettings);
      if (isCancelled(error)) {
        setMessage({ tone: 'info', text: itemsRef.current ? 'Check stopped. The list shows the previous comparison.' : 'Check stopped. Press Check again to compare.' });
        return null;
      }
      // A refused key (or a missing address) is refused again by Check again: the way on is Settings, where the key (the address) is.
      if (settings) setFailure({ message: `The comparison did not finish: ${errorText(error)}`, retryLabel: 'Open Settings', retry: settings });
      else {
        // A "slow down": said by when it ends, Check again held until then.
        const wait = rateLimitWait(error);
        setFailure({ message: `The comparison did not finish: ${wait?.words ?? errorText(error)}`, retryLabel: 'Check again', retryChecks: true, retry: () => void compareAsync(), tryAgainAt: wait?.tryAgainAt });
      }
      return false;
    } finally {
      working.current = false;
      endTask();
    }
  }, [batcher, requester, showComparison, trackTask, endTask, onOpenSettings, linkNow, setApartFailure, setChooseFailure, unsaved, itemsRef, setFailure, setMessage, setOutcome]);

  const [overview, runStarts, runEnded] = useScreenStarts({ requester, hidden, designSystemId, badgeRows, listedRows, task, working, items: itemsRef, compareAsync, setFailure, setMessage, tryAgainAt });

  // The recorded state after a sync that stopped: the list and the button count only what is left
  // (no request to the builder). Whether it was read; null, and nothing shown, once it came too late (answerFinds).
  async function showRecordedAsync(): Promise<boolean | null> {
    const asked = turn.current;
    const left = await requester.currentAsync().catch(() => null);
    if (finds(asked) !== 'current') return null;
    if (left) showComparison(left, withPendingChoices(left.items));
    return left !== null;
  }

  // After a cancelled sync: what was sent changed the remote, so the list is compared again (else
  // shows the recorded state), and the words say what it shows.
  async function checkLeftAsync() {
    const checked = await compareAsync(true);
    const asked = turn.current;
    // The check failed or was stopped: the list from before the sync still counts what was sent, so it shows the recorded state instead.
    const left = checked || (await showRecordedAsync());
    // Said only by the latest answer: a check or a sync started since says its own; a link moved since, the check with it does.
    const found = finds(asked);
    if (found === 'newer') return;
    // Stopped by the designer: said so, as a stopped Check says it ("what is left" read as compared).
    const stopped = checked === null && found !== 'moved';
    const text = stopped && !left ? 'Sync cancelled. What was already sent is recorded. Check stopped. Press Check again to see what is left.' : cancelledText(found === 'moved' ? null : left ? 'shown' : 'unread');
    setMessage({ tone: 'info', text: stopped && left ? `${text} Check stopped. Press Check again to compare.` : text });
  }

  async function runAsync() {
    if (working.current) return;
    working.current = true;
    turn.current++;
    runStarts();
    setFailure(null);
    setApartFailure(null);
    setMessage(null);
    setOutcome(null);
    await batcher.flushAsync();
    if (unsaved.current) {
      working.current = false;
      setFailure({ message: 'Some choices were not saved, so the sync did not start. Save them again (above), then sync.', retryLabel: 'Sync now', retryRuns: true, retry: () => void runAsync() });
      return;
    }
    let cancelled = false;
    let moved = false;
    try {
      const result = await trackTask('run', (onProgress) => requester.run(onProgress));
      setOutcome({ outcome: result, counts: true });
      showComparison(result.comparison);
      setOpenKey(null);
    } catch (error) {
      cancelled = isCancelled(error);
      // The link moved while it ran: the start that reads it follows the run, and says the cancel with its own words.
      moved = cancelled && finds(turn.current) === 'moved';
      const code = errorCode(error);
      if (cancelled) setMessage({ tone: 'info', text: cancelledText(moved ? null : 'checking') });
      // Refused before sending anything: the same sync again would be refused again. Figma would
      // not read a component (the file's snapshot comes first): once it is fixed, the check shows the file as it is then.
      else if (code === 'no_comparison' || code === 'unreadable') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Check again', retryChecks: true, retry: () => void compareAsync() });
      // Refused before anything was taken or sent, until a batch of references is placed: the same sync, once they are.
      else if (code === 'busy') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Sync now', retryRuns: true, retry: () => void runAsync() });
      else if (code === 'not_linked') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Open Settings', retry: onOpenSettings });
      else {
        // A "slow down": said by when it ends, the sync held until then.
        const wait = rateLimitWait(error);
        const message = `The sync did not finish: ${asSentence(wait?.words ?? errorText(error))} What was already sent is recorded, and your choices are kept.`;
        const settings = settingsRetry(error, onOpenSettings);
        const failed: Failure = settings ? { message, retryLabel: 'Open Settings', retry: settings } : { message, retryLabel: 'Try the sync again', retryRuns: true, retry: () => void runAsync(), tryAgainAt: wait?.tryAgainAt };
        // The list and the button count only what is left (the recorded state; no request) before
        // the failure shows: its retry takes the button's words and the keyboard, so a count read
        // after it would change under the focus ("Sync 262 changes", then "Sync 254 changes").
        const read = await showRecordedAsync();
        // Unread, the list still counts what was sent: said after the failure's words.
        setFailure(read === false ? { ...failed, message: `${failed.message} The list may still show what was sent: press Check again to see what is left.` } : failed);
      }
    } finally {
      working.current = false;
      endTask();
    }
    // The history, with this run's entry (one that stopped part-way too). With the link moved
    // meanwhile, the read after the run says so and compares anew; back on this sync's design
    // system by then, it runs the cancel's check.
    runEnded(cancelled, moved && checkLeftAsync);
    if (cancelled && !moved) await checkLeftAsync();
  }
  return { overview, compareAsync, runAsync };
}
