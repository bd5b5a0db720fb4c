// The Sync screen: whether the file can sync, the comparison (counts, the list, one
// component's detail), the run with its progress and outcome, and the history. Choices show
// at once and are saved in batches; a failed request says why and never drops the list.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type SyncComparison, type SyncItem, type SyncKind } from '../../src/shared/bridge/messages';
import { listedRowCount } from '../../src/shared/sync/listed-rows';
import { Button } from '../components/button';
import { useFocusKeeper } from '../components/focus-keeper';
import { LiveNotice, type LiveMessage } from '../components/notice';
import { Spinner } from '../components/spinner';
import { useLatest } from '../hooks/use-latest';
import { errorText } from '../messages/error-text';
import { rateLimitWait } from '../messages/retry-countdown';
import { useStillBefore } from '../hooks/use-still-before';
import { absoluteTime, relativeTime } from '../messages/relative-time';
import { pressedChip, useChipsFoldFocus } from './chips-fold-focus';
import { createPictureLoader } from './picture-loader';
import { SyncDetailView, type PictureMode } from './sync-detail';
import { asSentence, errorCode, isCancelled, settingsRetry, type Failure } from './sync-failure';
import { SyncHistory } from './sync-history';
import { choiceMode, KIND_ORDER, toggledChoice } from './sync-kinds';
import { SyncList } from './sync-list';
import { revealKeepingFocus } from './reveal-keeping-focus';
import { FailureNotice, LinkProblem, OutcomeNotice, SyncAnnouncement, TaskProgress } from './sync-notices';
import { cancelledText, outcomeAfterCheck, type ShownOutcome } from './sync-outcome';
import type { SyncRequester } from './sync-requester';
import { activePairs, chipLabel, formatCount, formatUpdateNotice, hasNoComponents, isInSync, kindCounts, noMatchText, runSummary } from './sync-rows';
import { answerFinds } from './sync-task';
import { useSyncTask } from './use-sync-task';
import { useScreenStarts } from './use-screen-starts';
import { useSyncListView } from './use-sync-list-view';
import { useSyncChoices } from './use-sync-choices';
import { useSummaryCopy } from './use-summary-copy';
import { useRetryFocus } from './use-retry-focus';

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
  /** The builder's address is the built-in stand-in: a missing key or design system is said with it. */
  addressMissing?: boolean;
}

const firstAction = (failures: HTMLElement) => failures.parentElement!.querySelector<HTMLElement>('.sync-actions button:not(:disabled)');

export function SyncScreen({ requester, onOpenSettings, fileName = null, hidden = false, designSystemId = null, badgeRows = null, addressMissing = false }: SyncScreenProps) {
  const [items, setItems] = useState<SyncItem[] | null>(null);
  const [comparison, setComparison] = useState<Pick<SyncComparison, 'counts' | 'serverTime' | 'readOnlyReason' | 'replacements' | 'stateProblem'> | null>(null);
  const [task, trackTask, endTask] = useSyncTask();
  // Sync and Check again give way to Cancel while they run, and come back after: the keyboard stays in the row.
  const actionsFocus = useFocusKeeper<HTMLDivElement>(task);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [message, setMessage] = useState<LiveMessage | null>(null);
  const [outcome, setOutcome] = useState<ShownOutcome | null>(null);
  const [pictureMode, setPictureMode] = useState<PictureMode>('side');
  const [pictureAmount, setPictureAmount] = useState(50);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const working = useRef(false);
  // The checks and syncs started: an answer asked for before the latest one began is dropped, not shown over the latest's.
  const turn = useRef(0);
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
  // `items`: the comparison's, unless choices on their way must stay as shown (withPendingChoices).
  const showComparison = useCallback(
    (next: SyncComparison, items = next.items) => {
      // A new comparison: pictures may have changed with it.
      pictures.clear();
      setComparisons((count) => count + 1);
      itemsRef.current = items;
      setItems(items);
      setComparison(next);
    },
    [pictures],
  );

  const pairs = useMemo(() => activePairs(items ?? [], comparison?.replacements), [items, comparison]);
  const counts = useMemo(() => (items && comparison ? kindCounts({ items, counts: comparison.counts }) : null), [items, comparison]);
  // The rows "All" counts (the badge and the copied summary count the same): format updates have their own line.
  const listedRows = counts ? listedRowCount(Object.fromEntries(counts), pairs.size) : null;
  // Read by `choose` without making it change with every list: a replaced row's choice is both keys'.
  const pairsRef = useLatest(pairs);
  const [copied, copySummaryAsync] = useSummaryCopy(items, itemsRef, pairsRef, fileName, actionsFocus.ref);

  const started = task !== null;
  const outcomeBox = useRef<HTMLDivElement>(null);
  // A sync's outcome, and what a check leaves of it, come into sight beside the buttons once the
  // check or the sync has ended (and the keyboard has its button back), the focused button staying in sight.
  useEffect(() => {
    if (outcome && !started) revealKeepingFocus(outcomeBox.current);
  }, [outcome, started]);
  // The progress of a check or a sync started here, and what the screen says, come into sight with the buttons.
  useEffect(() => {
    const actions = actionsFocus.ref.current;
    if (message || (started && actions?.contains(document.activeElement))) revealKeepingFocus(actions);
  }, [message, started, actionsFocus.ref]);

  // Relative times ("3 minutes ago") stay true while the window is open.
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const { chooseFailure, setChooseFailure, apartFailure, setApartFailure, unsaved, batcher, withPendingChoices, choose, keepApartAsync } = useSyncChoices({ requester, updateItems, itemsRef, pairsRef, setComparison, setOpenKey, setMessage });
  // Stable, so the open detail loads once, not again on each render of the screen.
  const loadDetailAsync = useCallback((key: string, replaces?: string) => requester.detailAsync(key, replaces), [requester]);

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
  }, [designSystemId, task]);

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
        setFailure({ message: `The comparison did not finish: ${wait?.words ?? errorText(error)}`, retryLabel: 'Check again', retry: () => void compareAsync(), tryAgainAt: wait?.tryAgainAt });
      }
      return false;
    } finally {
      working.current = false;
      endTask();
    }
  }, [batcher, requester, showComparison, trackTask, endTask, onOpenSettings, linkNow, setApartFailure, setChooseFailure, unsaved]);

  const [overview, runStarts, runEnded] = useScreenStarts(requester, hidden, designSystemId, badgeRows, listedRows, task, working, itemsRef, compareAsync, setFailure, setMessage, failure?.tryAgainAt);

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
      setFailure({ message: 'Some choices were not saved, so the sync did not start. Save them again (above), then sync.', retryLabel: 'Sync now', retry: () => void runAsync() });
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
      // Refused before sending anything: the same sync again would be refused again.
      else if (code === 'no_comparison') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Check again', retry: () => void compareAsync() });
      // Refused before anything was taken or sent, until a batch of references is placed: the same sync, once they are.
      else if (code === 'busy') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Sync now', retry: () => void runAsync() });
      else if (code === 'not_linked') setFailure({ message: `The sync did not start: ${errorText(error)}`, retryLabel: 'Open Settings', retry: onOpenSettings });
      else {
        // A "slow down": said by when it ends, the sync held until then.
        const wait = rateLimitWait(error);
        const message = `The sync did not finish: ${asSentence(wait?.words ?? errorText(error))} What was already sent is recorded, and your choices are kept.`;
        const settings = settingsRetry(error, onOpenSettings);
        const failed: Failure = settings ? { message, retryLabel: 'Open Settings', retry: settings } : { message, retryLabel: 'Try the sync again', retry: () => void runAsync(), tryAgainAt: wait?.tryAgainAt };
        setFailure(failed);
        // The list and the button then count only what is left (the recorded state; no request, so the words above stay).
        void showRecordedAsync().then(
          // Unread, the list still counts what was sent: said after the failure's words, while they show.
          (read) => read === false && setFailure((current) => (current === failed ? { ...failed, message: `${failed.message} The list may still show what was sent: press Check again to see what is left.` } : current)),
        );
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

  const summary = useMemo(() => runSummary(items ?? [], pairs), [items, pairs]);
  const { filter, setFilter, chipsOpen, setChipsOpen, query, setQuery, change, setChange, shownItems, rows, kindShown, changes, hiddenChanges, search, showAll } = useSyncListView(items, pairs, summary);
  // As the list shows it (a replaced row's chips only while it is one row).
  const openItem = openKey !== null ? (shownItems.find((item) => item.key === openKey) ?? null) : null;
  const openKeyNow = useLatest(openItem?.key ?? null);
  // After the open key's latest (its layout effect runs first): a retry's focus reads the detail open now.
  const [retryFrom, screenRef, focusListRow] = useRetryFocus(actionsFocus.ref, openKeyNow, failure, chooseFailure, apartFailure);
  const readOnlyReason = comparison?.readOnlyReason ?? overview?.readOnlyReason ?? null;
  const busy = task !== null;
  // The builder asked Envelope to slow down: Check again and Sync, which ask it too, are held with the failure's retry.
  const held = useStillBefore(failure?.tryAgainAt ?? null);
  // A failure's retry goes with its notice (or hides while a check runs), also for a check started by
  // itself (a collaborator's edit): the keyboard goes on from the buttons below, not the page's top.
  const failuresFocus = useFocusKeeper<HTMLDivElement>(`${busy}${!failure}${!chooseFailure}${!apartFailure}`, firstAction);
  // The note on changes hidden by the search goes while a check runs (one started by itself too), and its link with it.
  const noteFocus = useFocusKeeper<HTMLDivElement>(busy, firstAction);
  const chipsFocus = useFocusKeeper<HTMLDivElement>(`${filter}${change}`, pressedChip);
  // A chip with the keyboard hides as the window gets short: the keyboard goes to the button standing for the chips;
  // that button with the keyboard hides as the window gets tall: the keyboard goes to the chip pressed.
  const chipsFold = useChipsFoldFocus(chipsFocus.ref);
  // The open component left the list (a check found nothing to sync for it any more: put back as
  // it was, or added and deleted here): its detail closes and says why, rather than vanishing, and
  // does not open again by itself should the component change later.
  const openName = useRef<string | null>(null);
  if (openItem) openName.current = openItem.name;
  useEffect(() => {
    if (openKey === null || openItem !== null || items === null || busy) return;
    setOpenKey(null);
    if (openName.current === null) return;
    setMessage({ tone: 'info', text: `${openName.current} has nothing to sync any more, so its changes were closed.` });
    // The keyboard was in the detail that went: it goes on at the buttons, beside those words.
    if (document.hasFocus() && (document.activeElement === null || document.activeElement === document.body)) actionsFocus.ref.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [openKey, openItem, items, busy, actionsFocus.ref]);

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
    [choose, readOnlyReason, busy, pairsRef],
  );

  if (overview?.problem) return <LinkProblem problem={overview.problem} addressMissing={addressMissing} hidden={hidden} onOpenSettings={onOpenSettings} />;

  const lastSynced = overview?.lastSyncedAt ?? null;
  const formatUpdates = counts?.get('format-update') ?? 0;
  const others = listedRows ?? 0;
  // Nothing searched for or filtered: an empty list then means only format updates are left (their line says so).
  const unfiltered = filter === 'all' && query.trim() === '' && change === null;
  const kindGroup = others > 0 || (filter !== 'all' && filter !== 'format-update');
  const hasChips = kindGroup || changes.length > 0;
  // A kind's count as its chip says it, and as the folded chips' button does.
  const kindCount = (kind: SyncKind) => (kindShown?.counts ?? counts)?.get(kind) ?? 0;
  // The folded chips' button says what they show: the kind pressed, with its count, and the kind of change pressed.
  const shownKind = filter === 'all' ? `All ${formatCount(kindShown?.all ?? others)}` : chipLabel(filter, kindCount(filter));
  const shownChange = change === null ? null : changes.find(([chip]) => chip === change);
  const shownFilterText = shownChange ? `${shownKind}, ${shownChange[0]} ${formatCount(shownChange[1])}` : shownKind;
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
      <SyncAnnouncement task={task} outcome={outcome} />
      <div class="sync-kept" {...failuresFocus}>
        {failure ? <FailureNotice failure={failure} busy={busy} onRetry={retryFrom} testId="sync-error" /> : null}
        {chooseFailure ? <FailureNotice failure={chooseFailure} busy={busy} onRetry={retryFrom} testId="sync-choose-error" /> : null}
        {apartFailure ? <FailureNotice failure={apartFailure} busy={busy} onRetry={retryFrom} testId="sync-keep-apart-error" /> : null}
      </div>
      {/* A message here says why nothing is opening (the opening check was stopped). */}
      {!items && !task && !failure && !message ? (
        <p class="sync-inline-status" role="status">
          <Spinner /> Opening sync…
        </p>
      ) : null}
      {items && counts ? (
        openItem ? null : comparison && hasNoComponents(comparison.counts) ? (
          <div class="empty-state" data-testid="sync-no-components">
            <strong>No components to sync</strong>
            <p>This file has no components of its own, and the design system has none yet. Sync sends the components made in this file; those used from a library sync from the file they are made in.</p>
          </div>
        ) : isInSync(counts) ? (
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
            {/* A short window (320 × 240) folds the chips behind one button beside the search, so the list's first rows show under them: unfolded, they took four lines there. */}
            <div class="sync-filters">
              {hasChips ? (
                <button ref={chipsFold} type="button" class="sync-chips-fold" aria-expanded={chipsOpen} aria-controls="sync-chip-panel" onClick={() => setChipsOpen((open) => !open)}>
                  <span class="sync-chips-fold-text">Show: {shownFilterText}</span>
                  <span class="sync-chips-fold-arrow" aria-hidden="true">
                    ▾
                  </span>
                </button>
              ) : null}
              {/* A chip pressed at 0 goes once let go: the keyboard goes on from the chip pressed then (in the page, Tab started again from the top). */}
              <div
                id="sync-chip-panel"
                class="sync-chip-panel"
                data-open={chipsOpen ? '' : undefined}
                {...chipsFocus}
                onKeyDown={(event) => {
                  // Folded (a short window): Escape folds the chips again, the keyboard back on their button.
                  const fold = event.currentTarget.previousElementSibling;
                  if (event.key !== 'Escape' || !(fold instanceof HTMLElement) || fold.getClientRects().length === 0) return;
                  event.preventDefault();
                  setChipsOpen(false);
                  fold.focus();
                }}
              >
                {kindGroup ? (
                  <div class="sync-chips" role="group" aria-labelledby="sync-kind-label">
                    {/* As "Changed:" below: says on screen what these chips do; also the group's name. */}
                    <span id="sync-kind-label" class="muted">
                      Show:
                    </span>
                    <button type="button" class="sync-chip" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
                      All {formatCount(kindShown?.all ?? others)}
                    </button>
                    {KIND_ORDER.filter((kind) => kind !== 'format-update' && (kindCount(kind) > 0 || kind === filter)).map((kind: SyncKind) => (
                      <button
                        key={kind}
                        type="button"
                        class={`sync-chip${kind === 'conflict' ? ' sync-chip-conflict' : ''}`}
                        aria-pressed={filter === kind}
                        onClick={() => setFilter(filter === kind ? 'all' : kind)}
                      >
                        {chipLabel(kind, kindCount(kind))}
                      </button>
                    ))}
                  </div>
                ) : null}
                {changes.length > 0 ? (
                  <div class="sync-chips" role="group" aria-labelledby="sync-change-label">
                    {/* Says on screen what these chips filter by; also the group's name. */}
                    <span id="sync-change-label" class="muted">
                      Changed:
                    </span>
                    {changes.map(([chip, count]) => (
                      <button key={chip} type="button" class="sync-chip sync-chip-change" aria-pressed={change === chip} onClick={() => setChange(change === chip ? null : chip)}>
                        {chip} {formatCount(count)}
                      </button>
                    ))}
                  </div>
                ) : null}
              </div>
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
            </div>
            {formatUpdates > 0 ? (
              <p class="sync-format-note" data-testid="sync-format-update">
                {formatUpdateNotice(formatUpdates)}{' '}
                <Button variant="link" onClick={() => setFilter(filter === 'format-update' ? 'all' : 'format-update')}>
                  {filter !== 'format-update' ? 'Show them' : others > 0 ? 'Show the other changes' : 'Hide them'}
                </Button>
              </p>
            ) : null}
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
          pictureAmount={pictureAmount}
          onPictureAmount={setPictureAmount}
          onChoose={choose}
          onBack={() => setOpenKey(null)}
        />
      ) : null}
      <div class="sync-kept" {...noteFocus}>
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
      </div>
      {/* Just above the buttons (outside their group, which gives the keyboard to its first button): at the screen's top, the outcome and the buttons were too far apart to show at once at 320 × 240. */}
      {outcome ? (
        <OutcomeNotice
          shown={outcome}
          boxRef={outcomeBox}
          onDismiss={() => {
            // Dismiss goes with the notice: the keyboard goes on at what came after it, the first of the
            // buttons just below (the screen's title, up at the top, scrolled a small window away from them).
            const next = actionsFocus.ref.current?.querySelector<HTMLElement>('button:not(:disabled)') ?? document.getElementById('screen-title');
            next?.focus();
            setOutcome(null);
          }}
        />
      ) : null}
      <div class="sync-actions" {...actionsFocus}>
        {/* Beside the buttons that start a check or a sync (and near the list): at the screen's top, a small window scrolled to the buttons hid them. */}
        {task ? <TaskProgress task={task} /> : null}
        <LiveNotice message={message} testId="sync-message" />
        {task ? (
          <Button onClick={task.cancel} testId="sync-cancel">
            {task.kind === 'run' ? 'Cancel sync' : 'Stop checking'}
          </Button>
        ) : (
          <>
            {items && summary.label ? (
              <Button variant="primary" onClick={() => void runAsync()} disabled={readOnlyReason !== null} held={held} testId="sync-run">
                {summary.label}
              </Button>
            ) : null}
            <Button onClick={() => void compareAsync()} held={held} testId="sync-check">
              Check again
            </Button>
            {items && items.length > 0 ? (
              <Button onClick={() => void copySummaryAsync()} testId="sync-copy-summary">
                Copy summary
              </Button>
            ) : null}
          </>
        )}
        <LiveNotice message={copied} testId="sync-copy-message" />
      </div>
      {overview && overview.history.length > 0 ? <SyncHistory history={overview.history} nowMs={nowMs} /> : null}
    </div>
  );
}
