// Templates: save the selected frame as a builder template (or update its template), and the
// workspace's templates, newest change first, a page at a time, filtered by name as you type.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TemplateRow, TemplateSelection } from '../../src/shared/bridge/messages';
import type { onSandboxEvent, UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { useNoticeInSight } from '../hooks/use-notice-in-sight';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { useStillBefore } from '../hooks/use-still-before';
import { useLatest } from '../hooks/use-latest';
import { useDrawnAfterPress } from '../hooks/use-drawn-after-press';
import { retryCountdownText } from '../messages/retry-countdown';
import { TextField } from '../components/text-field';
import { ProblemLine } from './problem-line';
import { SaveSection } from './save-section';
import { TemplateItem } from './template-item';
import { answerTemplatePage, askTemplatePage, askTemplatePageAgain, deletedElsewhere, failTemplatePage, hasMoreTemplates, initialTemplateList, listedRows, markDeletionUnconfirmed, nextTemplatePage, removeTemplateRow, replaceTemplateRow, showsTemplateFilter, templateListButton, topChangedSinceRead, unlinkFrameRows } from './template-list-state';
import { BUILDER_REQUEST_TIMEOUT_MS, countText, deletedText, filterTemplates, hiddenRowProblem, listedLinkName, listReadProblem, searchingText, withAddressMissing, type TemplateProblem } from './template-words';
import { useNowMs } from '../hooks/use-now';
import { quotedName } from '../../src/shared/quoted-name';
import { goneTemplateFrame, unlinkFrameAsync, unlinkProblem } from './unlink-frame';
import { useRowRequests } from './use-row-requests';

export interface TemplatesScreenProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  subscribe: typeof onSandboxEvent;
  onOpenSettings: () => void;
  /** Opened by the "Update template" relaunch button. */
  updateNow: boolean;
  /** Changes when the builder's address or key was saved: the list is read again with it. */
  epoch?: number;
  /** Kept, not shown, while another screen is open. */
  hidden?: boolean;
  /** The builder's address is the built-in stand-in: a missing key is said with it. */
  addressMissing?: boolean;
}

export function TemplatesScreen({ endpoint, subscribe, onOpenSettings, updateNow, epoch = 0, hidden = false, addressMissing = false }: TemplatesScreenProps) {
  const [selection, setSelection] = useState<TemplateSelection | null>(null);
  const [list, setList] = useState(initialTemplateList);
  const latestList = useLatest(list);
  const requests = useRef(0);
  const [query, setQuery] = useState('');
  /** What a row's action did where its row cannot say it any more (it was deleted, or left the filter). */
  const [said, setSaid] = useState('');
  /** A rename or deletion that failed while the filter hid its row (`row`: as it was sent): said here until a row's next action (or a new key). */
  const [hiddenFailure, setHiddenFailure] = useState<{ problem: TemplateProblem; row: TemplateRow } | null>(null);
  const hiddenFailureHeld = useStillBefore(hiddenFailure?.problem.tryAgainAt ?? null);
  const latestEpoch = useLatest(epoch);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const hiddenFailureLine = useRef<HTMLDivElement>(null);
  /** Where the deleted (or filtered-out) row was among those shown, until the list without it is drawn. */
  const focusAfterDeletion = useRef<number | null>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  /** The templates shown before "Show more" was pressed from the keyboard (null: it was not). */
  const shownBeforeMore = useRef<Set<string> | null>(null);
  const renameDrafts = useRef(new Map<string, { name: string; description: string }>());
  const rowsOpen = useRef(new Set<string>());

  // A lost link is said once by the sandbox; the notice stays while that frame stays selected.
  const showSelection = useCallback(
    (next: TemplateSelection) =>
      setSelection((before) => (before?.lostLink && !next.lostLink && before.frame?.id === next.frame?.id ? { ...next, lostLink: before.lostLink } : next)),
    [],
  );
  /** Read again when a template changed from its row: the selected frame may be the one linked to it. */
  const readSelection = useCallback(() => {
    endpoint.request('templates/selection', {}).then(showSelection, () => undefined);
  }, [endpoint, showSelection]);
  useEffect(() => {
    readSelection();
    return subscribe((type, payload) => {
      if (type === 'templates/selection') showSelection(payload);
    });
  }, [readSelection, showSelection, subscribe]);

  // A rename, deletion or unlink on its way, by template: held by the list, as each outlives its row.
  const rowRequests = useRowRequests();
  /**
   * Rows kept though a read of every template lacks them (answerTemplatePage): a change on its way,
   * a rename typed, one showing more than its buttons, its failure said above the list, or the keyboard in it.
   */
  const rowInUse = useLatest((id: string) => {
    if (rowRequests.isOnItsWay(id) || renameDrafts.current.has(id) || rowsOpen.current.has(id) || hiddenFailure?.row.id === id) return true;
    const focused = [...(listElement.current?.children ?? [])].findIndex((item) => item.contains(document.activeElement));
    return focused >= 0 && drawn.current.shown[focused]?.id === id;
  });
  /** `again`: the page is read again as the list's last read said (readAgain), the list left where it stands. */
  const load = useCallback(
    (page: number, keepBelow = false, again = false) => {
      const request = ++requests.current;
      setList((before) => (again ? askTemplatePageAgain(before, page, request) : askTemplatePage(before, page, request, keepBelow)));
      endpoint.request('templates/list', { page }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }).then(
        (answer) => setList((before) => answerTemplatePage(before, request, answer, rowInUse.current)),
        (error: unknown) => setList((before) => failTemplatePage(before, request, listReadProblem(error))),
      );
    },
    [endpoint, rowInUse],
  );
  // Read on opening, and again on coming back to it (a teammate may have saved one meanwhile; the
  // pages shown stay, with what is typed in their rows), or afresh after the builder's key changed.
  const readWithEpoch = useRef<number | null>(null);
  useEffect(() => {
    if (hidden) return;
    setSaid('');
    setHiddenFailure(null);
    load(1, readWithEpoch.current === epoch);
    readWithEpoch.current = epoch;
  }, [load, epoch, hidden]);
  // After a change made here: the pages shown stay, with what is typed in their rows. What the
  // last action said goes with it (a deletion is not news after a later save); the count stays.
  const reload = () => {
    setSaid('');
    load(1, true);
  };
  // The deleted row and its buttons are gone: the focus goes to the row that takes its place (the
  // one above for the last), not to the top of a long list, and the deletion is said.
  // Only a render drawn after the row went knows it is gone: an earlier one's effect, run late (a
  // slow paint), would focus the row still drawn there, which then goes, and the keyboard with it.
  const { press: rowGone, drawnAfterPress: drawnWithoutRow } = useDrawnAfterPress();
  /**
   * `unlinked`: what its frame's unlink said, said after the deletion; the selection that unlink
   * answered with is shown, so it is not asked for again.
   */
  const onDeleted = ({ id, name }: TemplateRow, alreadyGone: boolean, asked: 'delete' | 'rename' | 'unlink', unlinked?: string) => {
    // Its row may have gone before the answer (a read afresh with a new key, without it): the
    // deletion is said all the same. One change of a template is on its way at a time (rowRequests), so it is said once.
    // Read before the row's removal drops what the list knew of an earlier deletion of it.
    const elsewhere = deletedElsewhere(latestList.current, id, alreadyGone);
    // A row the filter hid while its deletion was on its way holds no focus: the keyboard stays where the designer is (typing in the filter, say).
    // So does a row drawn again with its deletion on its way, the keyboard elsewhere.
    const place = drawn.current.shown.findIndex((row) => row.id === id);
    if (keyboardInRow(place)) {
      focusAfterDeletion.current = place;
      rowGone();
      listHeading.current?.focus();
    }
    setList((before) => removeTemplateRow(before, id, alreadyGone));
    reload();
    setSaid(`${deletedText(name, elsewhere, asked)}${unlinked === undefined ? '' : ` ${unlinked}`}`);
    // A selected frame linked to it loses its link now, and says so, instead of offering an Update that can only fail.
    if (unlinked === undefined) readSelection();
  };
  const onDeletionUnconfirmed = (id: string) => setList((state) => markDeletionUnconfirmed(state, id));
  const clearSaid = () => (setSaid(''), setHiddenFailure(null));
  // The row comes back as it was left when the filter shows it again (a rename's draft name with it): here it is only said.
  // Not one sent with the builder's old key or address: the list was read again with the new one.
  // An unlink's failure already says what failed, and of which frame.
  const onFailedHidden = (row: TemplateRow, asked: 'rename' | 'delete' | 'unlink', problem: TemplateProblem, sentIn: number) => {
    if (sentIn === latestEpoch.current) setHiddenFailure({ problem: asked === 'unlink' ? problem : hiddenRowProblem(problem, asked, row.name), row });
  };
  // Unlink the frame, offered beside a rename refused because a teammate deleted the template (as
  // an update's refusal offers it), in its row or above the list: once the frame is unlinked, nothing
  // is left of the template to show, so its row goes as for a template linked to no frame. Once: pressed twice, it was said twice.
  // Its row's actions are held meanwhile (drawn again when the filter shows it): a rename sent then waited behind it, and was refused as the template is gone.
  // Run here, as it outlives the row; it resolves with its failure in words, said by who pressed it: the row while drawn, else the line above the list.
  const onUnlinked = (frameId: string) => setList((state) => unlinkFrameRows(state, frameId));
  const unlinkGone = (row: TemplateRow, frameId: string): Promise<TemplateProblem | null> => {
    if (rowRequests.isOnItsWay(row.id)) return Promise.resolve(null);
    const target = goneTemplateFrame(row, frameId);
    const unlinked = unlinkFrameAsync(endpoint, target, {
      onSelection: showSelection,
      onUnlinked,
      onSaid: (words) => {
        // Pressed above the list for a row the filter hides: the button goes with the failure, and the keyboard to the filter the row is hidden by.
        if (!drawn.current.shown.some((each) => each.id === row.id) && listSection.current?.contains(document.activeElement)) document.getElementById('templates-filter')?.focus();
        setHiddenFailure(null);
        onDeleted(row, true, 'unlink', words);
      },
    });
    return rowRequests.track(row.id, 'unlink', unlinked).then(
      () => null,
      (error: unknown) => unlinkProblem(error, target),
    );
  };
  const hiddenUnlink = ({ problem, row }: { problem: TemplateProblem; row: TemplateRow }) => {
    const frameId = problem.action === 'unlink' ? problem.frameId : null;
    return frameId === null ? undefined : () => void unlinkGone(row, frameId).then((failure) => failure && setHiddenFailure({ problem: failure, row }));
  };
  // Not when the filter would hide it: its row, with the details Open just showed, would go.
  const onRead = (row: TemplateRow) => filterTemplates([row], query).length > 0 && setList((state) => replaceTemplateRow(state, row));
  const onRenamed = (before: TemplateRow, row: TemplateRow) => {
    // Answered for a row the filter hid meanwhile: its form is not drawn to let its draft go.
    renameDrafts.current.delete(row.id);
    setList((state) => replaceTemplateRow(state, row));
    readSelection();
    const { shown, query } = drawn.current;
    // Hidden by the filter before its answer came: nothing of it is drawn, and the keyboard stays where it is.
    if (!shown.some((each) => each.id === row.id)) {
      setSaid(`Renamed ${quotedName(before.name, 'the template with no name')} to “${row.name}”.`);
      return;
    }
    // Renamed out of the filter: its row and the focus in it go. The focus goes, as after a deletion,
    // to the row that takes its place; with none left, to the filter that hides it. Either way it is said.
    // Renamed in place: its row says so, and what an earlier action said goes.
    if (filterTemplates([row], query).length === 0) {
      setSaid(`Renamed ${quotedName(before.name, 'the template with no name')} to “${row.name}”, which the filter “${query.trim()}” hides.`);
      const place = shown.findIndex((each) => each.id === row.id);
      if (!keyboardInRow(place)) return;
      if (shown.length > 1) {
        focusAfterDeletion.current = place;
        rowGone();
        listHeading.current?.focus();
      } else document.getElementById('templates-filter')?.focus();
    } else setSaid('');
  };

  const shown = filterTemplates(list.rows, query);
  // Rows held that the builder no longer lists are not counted as templates: which they are is not known, so matches are counted at most as many as there are.
  const listed = listedRows(list);
  const total = list.last?.total ?? null;
  const matched = total === null ? shown.length : Math.min(shown.length, total);
  // A row's rename or deletion is answered after the render that sent it: what is drawn then is what counts.
  const drawn = useLatest({ shown, query });
  /**
   * Whether the keyboard is in the row drawn at `place` among those shown, nowhere (its button went),
   * or in the line above the list that says a row's failure (its Unlink the frame, pressed with the
   * row shown again: that row's, as a row's next action takes the line away and the sandbox answers
   * one change of a template at a time): then it goes on from the row when the row goes.
   */
  const keyboardInRow = (place: number) => place >= 0 && (document.activeElement === document.body || listElement.current?.children[place]?.contains(document.activeElement) === true || hiddenFailureLine.current?.contains(document.activeElement) === true);
  // A filter searches the whole workspace: the pages not read yet are read one after another.
  const searching = query.trim() !== '' && list.problem === null && hasMoreTemplates(list);
  // Templates deleted elsewhere from the pages read: the page before the one just read is read again first, or the templates that slid onto it would be skipped.
  const readAgain = !list.loading && list.problem === null ? list.readAgain : null;
  const readingAgain = readAgain !== null;
  useEffect(() => {
    if (readAgain !== null) load(readAgain, false, true);
  }, [readAgain, load]);
  useEffect(() => {
    if (searching && !list.loading && !readingAgain) load(nextTemplatePage(list));
  }, [searching, readingAgain, list, load]);
  // A template saved or changed elsewhere went above the pages read: page 1 once more shows it (after a filter's reading).
  useEffect(() => {
    if (!searching && !readingAgain && topChangedSinceRead(list)) load(1, true);
  }, [searching, readingAgain, list, load]);
  // Each row's "Updated 3 minutes ago" and the save section's "saved 3 minutes ago" stay true while the screen sits open (one redraw for both).
  const nowMs = useNowMs();
  const moreLabel = templateListButton(list);
  /** The read that failed, again: a page to read again as such (the list left where it stands), else the page as it was asked for. */
  const retryRead = () => (list.readAgain !== null ? load(list.readAgain, false, true) : load(list.page, list.keepBelow));
  // Only a render drawn after the press knows the page was asked for: an earlier one's effect (not
  // loading) would take the press as answered, and the last page's templates go unfocused.
  const { press: pressMore, drawnAfterPress: drawnAfterMore } = useDrawnAfterPress();
  const showMore = () => {
    setSaid('');
    shownBeforeMore.current = document.activeElement === moreButton.current ? new Set(shown.map((row) => row.id)) : null;
    pressMore();
    if (list.problem) retryRead();
    else load(nextTemplatePage(list));
  };
  // The button may go with the last page: the focus moves to the first template added (or stays on the button).
  useEffect(() => {
    const before = shownBeforeMore.current;
    // Not before the page before is read again: the template Show more brought may come with it.
    if (before === null || list.loading || (list.readAgain !== null && list.problem === null) || !drawnAfterMore()) return;
    shownBeforeMore.current = null;
    const added = filterTemplates(list.rows, query).findIndex((row) => !before.has(row.id));
    const target = added < 0 ? (moreButton.current ?? listHeading.current) : listElement.current?.children[added]?.querySelector('button');
    target?.focus();
    // Each new list is an answer to wait for, as drawn with the press.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, query]);
  useEffect(() => {
    const index = focusAfterDeletion.current;
    if (index === null || !drawnWithoutRow()) return;
    focusAfterDeletion.current = null;
    const rows = listElement.current?.children;
    if (index >= 0 && rows && rows.length > 0) rows[Math.min(index, rows.length - 1)]?.querySelector('button')?.focus();
    // Each new list is a chance, as drawn with the row gone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);
  // A wait the builder asked for, counted from when it was said; at its end the list reads again (no Try again meanwhile).
  const listProblem = list.problem;
  const waitUntil = useMemo(() => (listProblem?.retryAfterSeconds === undefined ? null : Date.now() + listProblem.retryAfterSeconds * 1000), [listProblem]);
  const waitLeft = useSecondsLeft(waitUntil);
  // A wait of hours: Try again is held until it is over (pressed sooner, it could only be refused again).
  const listHeld = useStillBefore(listProblem?.tryAgainAt ?? null);
  const retryAfterWait = useLatest(() => retryRead());
  useEffect(() => {
    if (waitUntil !== null && waitLeft === 0) retryAfterWait.current();
  }, [waitUntil, waitLeft, retryAfterWait]);
  // A failed read shows under the list, below the save section in a short window: it comes into
  // sight, except after a save: then the save's answer stays in sight (the list's alert is still heard).
  const listSection = useRef<HTMLElement>(null);
  const readAfterSave = useRef(0);
  const onSaved = () => {
    reload();
    readAfterSave.current = requests.current;
  };
  useNoticeInSight(listSection, list.awaiting === readAfterSave.current ? null : list.problem, null);
  // The selected frame's template is named as the list names it, unless the list was read before the frame's last save or rename here.
  return (
    <div class="templates" hidden={hidden}>
      <SaveSection endpoint={endpoint} epoch={epoch} selection={selection} onSelection={setSelection} onSaved={onSaved} onUnlinked={onUnlinked} onOpenSettings={onOpenSettings} updateNow={updateNow} nowMs={nowMs} keyMissing={list.problem?.keyMissing} linkedName={listedLinkName(list.rows, selection?.link)} rows={list.rows} listFailed={list.problem !== null} />
      <section class="settings-section" aria-labelledby="templates-list-title" ref={listSection}>
        <h2 id="templates-list-title" tabIndex={-1} ref={listHeading}>
          Templates in the workspace
        </h2>
        {/* Over no templates, a filter would look like a search that found nothing. */}
        {/* Escape empties it, as in Figma's own search fields: a filter that matched nothing had no quick way back. */}
        {showsTemplateFilter(list, query) ? <TextField id="templates-filter" label="Filter by name" value={query} onValue={setQuery} onKeyDown={(event) => event.key === 'Escape' && query !== '' && (event.preventDefault(), setQuery(''))} /> : null}
        {/* Two regions: a new count alone is not a new action, so the last action's words are not heard again with it. */}
        <p class="muted">
          <span role="status">{said ? `${said} ` : ''}</span>
          <span role="status">
            {list.last ? (searching && list.last.total !== null ? searchingText(matched, list.last.total, query) : countText(matched, listed, list.last.total, query, moreLabel)) : ''}
          </span>
        </p>
        {hiddenFailure ? (
          <div ref={hiddenFailureLine}>
            <ProblemLine problem={hiddenFailure.problem} held={hiddenFailureHeld} onOpenSettings={onOpenSettings} onUnlink={hiddenUnlink(hiddenFailure)} unlinking={rowRequests.onTheirWay.get(hiddenFailure.row.id) === 'unlink'} />
          </div>
        ) : null}
        {shown.length > 0 ? (
          <ul class="brand-list" aria-labelledby="templates-list-title" ref={listElement}>
            {shown.map((row) => (
              <TemplateItem key={row.id} endpoint={endpoint} row={row} nowMs={nowMs} epoch={epoch} onRenamed={onRenamed} onRead={onRead} onDeleted={onDeleted} onDeletionUnconfirmed={onDeletionUnconfirmed} onUnlinkGone={unlinkGone} requests={rowRequests} onItsWay={rowRequests.onTheirWay.get(row.id)} onFailedHidden={onFailedHidden} onOpenSettings={onOpenSettings} onActionStart={clearSaid} renameDrafts={renameDrafts.current} rowsOpen={rowsOpen.current} />
            ))}
          </ul>
        ) : null}
        {list.loading ? (
          <p role="status">
            <Spinner /> Reading the templates…
          </p>
        ) : null}
        {list.problem ? <ProblemLine problem={withAddressMissing(list.problem, addressMissing)} held={listHeld} onOpenSettings={onOpenSettings} /> : null}
        {/* Not a live region: the alert said the wait once, and the read that follows says itself. */}
        {waitUntil !== null ? <p class="muted notice-more">{retryCountdownText(waitLeft)}</p> : null}
        {moreLabel !== null ? (
          <div class="button-row">
            <Button onClick={showMore} busy={list.loading} held={listHeld} buttonRef={moreButton}>
              {moreLabel}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
