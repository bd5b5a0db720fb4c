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
import { useStillBefore } from '../hooks/use-still-before';
import { useEscapeBack } from '../hooks/use-escape-back';
import { absoluteTime, relativeTime } from '../messages/relative-time';
import { pressedChip, useChipsFoldFocus } from './chips-fold-focus';
import { createPictureLoader } from './picture-loader';
import { SyncDetailView, type PictureMode } from './sync-detail';
import type { Failure } from './sync-failure';
import { SyncHistory } from './sync-history';
import { chipText, choiceMode, KIND_ORDER, toggledChoice } from './sync-kinds';
import { SyncList } from './sync-list';
import { revealKeepingFocus } from './reveal-keeping-focus';
import { FailureNotice, LinkProblem, OutcomeNotice, SyncAnnouncement, TaskProgress } from './sync-notices';
import type { ShownOutcome } from './sync-outcome';
import type { SyncRequester } from './sync-requester';
import { activePairs, chipLabel, formatCount, formatUpdateNotice, hasNoComponents, isInSync, kindCounts, noMatchText, runSummary } from './sync-rows';
import { useSyncTask } from './use-sync-task';
import { useSyncListView } from './use-sync-list-view';
import { useOpenRow } from './use-open-row';
import { useSyncRun } from './use-sync-run';
import { useSyncChoices } from './use-sync-choices';
import { useSummaryCopy } from './use-summary-copy';
import { useRetryFocus } from './use-retry-focus';
import { countWord } from '../components/count-words';

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

/** The button the keyboard goes back to when a check or a sync ends: Check again after a check it started, else the first one there. */
function afterTask(actions: HTMLElement, byCheck: boolean): HTMLElement | null {
  // A failed check's Check again is its notice's (the one below hides meanwhile).
  const check = byCheck ? (actions.querySelector<HTMLElement>('[data-testid="sync-check"]') ?? actions.parentElement?.querySelector<HTMLElement>('[data-testid="sync-error"] ~ button')) : null;
  return check ?? actions.querySelector<HTMLElement>('button:not(:disabled)');
}

const firstAction = (failures: HTMLElement) => failures.parentElement!.querySelector<HTMLElement>('.sync-actions button:not(:disabled)');

export function SyncScreen({ requester, onOpenSettings, fileName = null, hidden = false, designSystemId = null, badgeRows = null, addressMissing = false }: SyncScreenProps) {
  const [items, setItems] = useState<SyncItem[] | null>(null);
  const [comparison, setComparison] = useState<Pick<SyncComparison, 'counts' | 'serverTime' | 'readOnlyReason' | 'replacements' | 'stateProblem'> | null>(null);
  const [task, trackTask, endTask] = useSyncTask();
  // Sync and Check again give way to Cancel while they run, and come back after: the keyboard stays in the row,
  // on Check again after a check it started (on Sync, the first button, a second Enter to check again pushed instead).
  const checkPressed = useRef(false);
  const taskStart = useRef<{ cancel: () => void; byCheck: boolean } | null>(null);
  if (task && taskStart.current?.cancel !== task.cancel) {
    taskStart.current = { cancel: task.cancel, byCheck: task.kind === 'compare' && checkPressed.current };
    checkPressed.current = false;
  }
  const actionsFocus = useFocusKeeper<HTMLDivElement>(task, useCallback((group: HTMLDivElement) => afterTask(group, taskStart.current?.byCheck ?? false), []));
  const [failure, setFailure] = useState<Failure | null>(null);
  const [message, setMessage] = useState<LiveMessage | null>(null);
  const [outcome, setOutcome] = useState<ShownOutcome | null>(null);
  const [pictureMode, setPictureMode] = useState<PictureMode>('side');
  const [pictureAmount, setPictureAmount] = useState(50);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
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

  const choices = useSyncChoices({ requester, updateItems, itemsRef, pairsRef, setComparison, setOpenKey, setMessage });
  const { chooseFailure, apartFailure, choose, keepApartAsync, endApartMessage } = choices;
  // Another component opened: "… shown apart" was about the list, not its detail.
  useEffect(() => setMessage((current) => endApartMessage(current, openKey)), [openKey, endApartMessage]);
  // Stable, so the open detail loads once, not again on each render of the screen.
  const loadDetailAsync = useCallback((key: string, replaces?: string) => requester.detailAsync(key, replaces), [requester]);

  const { overview, compareAsync, runAsync } = useSyncRun({
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
    tryAgainAt: failure?.tryAgainAt,
    setFailure,
    setMessage,
    setOutcome,
    setOpenKey,
  });

  const summary = useMemo(() => runSummary(items ?? [], pairs), [items, pairs]);
  const { filter, setFilter, chipsOpen, setChipsOpen, query, setQuery, change, setChange, shownItems, rows, kindShown, changes, hiddenChanges, search, showAll } = useSyncListView(items, pairs, summary);
  const readOnlyReason = comparison?.readOnlyReason ?? overview?.readOnlyReason ?? null;
  const busy = task !== null;
  // The builder asked Envelope to slow down: Check again and Sync, which ask it too, are held with the failure's retry.
  // (Before the open row's: its effect, the open detail's closing, runs after this one's, as it did when declared last.)
  const held = useStillBefore(failure?.tryAgainAt ?? null);
  const { openItem, openKeyNow } = useOpenRow({ openKey, setOpenKey, shownItems, items, busy, setMessage, actions: actionsFocus.ref });
  // A deletion open when a check paired it with a component added under its name: its detail is
  // the pair's, as its row is now (it went on offering the old key's tick alone, without Keep them apart).
  useEffect(() => {
    if (openKey === null || pairs.has(openKey)) return;
    for (const [newKey, replaced] of pairs) if (replaced.key === openKey) return setOpenKey(newKey);
  }, [openKey, pairs]);
  // Escape goes back to the list from the buttons under an open component too (Check again, Copy
  // summary): only the detail heard it, and after a check the keyboard is on Check again.
  useEscapeBack(hidden || openItem === null ? null : () => setOpenKey(null));
  // After the open key's latest (its layout effect runs first): a retry's focus reads the detail open now.
  const [retryFrom, screenRef, focusListRow] = useRetryFocus(actionsFocus.ref, openKeyNow, failure, chooseFailure, apartFailure);
  // A failure's retry goes with its notice (or hides while a check runs), also for a check started by
  // itself (a collaborator's edit): the keyboard goes on from the buttons below, not the page's top.
  const failuresFocus = useFocusKeeper<HTMLDivElement>(`${busy}${!failure}${!chooseFailure}${!apartFailure}`, firstAction);
  // The note on changes hidden by the search goes while a check runs (one started by itself too), and its link with it.
  const noteFocus = useFocusKeeper<HTMLDivElement>(busy, firstAction);
  const chipsFocus = useFocusKeeper<HTMLDivElement>(`${filter}${change}`, pressedChip);
  // A chip with the keyboard hides as the window gets short: the keyboard goes to the button standing for the chips;
  // that button with the keyboard hides as the window gets tall: the keyboard goes to the chip pressed.
  const chipsFold = useChipsFoldFocus(chipsFocus.ref);

  const toggle = useCallback(
    (item: SyncItem) => {
      // While a check or a sync runs the ticks are disabled; Space must not change them either.
      if (readOnlyReason || busy) return;
      // A replaced row whose two keys differ is ticked by Space, as by a click on its tick.
      const replaces = pairsRef.current.get(item.key);
      const next = replaces && replaces.choice !== item.choice ? 'push' : toggledChoice(item);
      if (next) choose(item, next);
      else if (choiceMode(item.kind) === 'conflict') setMessage({ tone: 'info', text: `${item.name} is a conflict: press Enter to open it and choose keep mine, take theirs or skip for now.` });
      else if (choiceMode(item.kind) === 'deletion') setMessage({ tone: 'info', text: `${item.name} was deleted in the design system: press Enter to open it and choose to add it back, delete it from this file or skip for now.` });
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
  const shownFilterText = shownChange ? `${shownKind}, ${chipText(shownChange[0])} ${formatCount(shownChange[1])}` : shownKind;
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
        {failure ? (
          <FailureNotice
            failure={failure}
            busy={busy}
            // A retry that is the sync takes the Sync button's words (hidden below meanwhile): one button, counting what is left.
            retryLabel={failure.retryRuns && items && summary.label ? summary.label : undefined}
            retryTestId={failure.retryRuns && items && summary.label ? 'sync-run' : undefined}
            onRetry={(failed) => {
              checkPressed.current = failed.retryChecks === true;
              retryFrom(failed);
            }}
            testId="sync-error"
          />
        ) : null}
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
                        {chipText(chip)} {formatCount(count)}
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
            {`${formatCount(hiddenChanges)} of the changes to sync ${countWord(hiddenChanges, 'is', 'are')}`} not shown by the search or filter.
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
            {items && summary.label && !failure?.retryRuns ? (
              <Button variant="primary" onClick={() => void runAsync()} disabled={readOnlyReason !== null} held={held} testId="sync-run">
                {summary.label}
              </Button>
            ) : null}
            {failure?.retryChecks ? null : (
              <Button
                onClick={() => {
                  checkPressed.current = true;
                  void compareAsync();
                }}
                held={held}
                testId="sync-check"
              >
                Check again
              </Button>
            )}
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
