// Templates: save the selected frame as a builder template (or update its template), and the
// workspace's templates, newest change first, a page at a time, filtered by name as you type.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { TemplateSelection } from '../../src/shared/bridge/messages';
import type { onSandboxEvent, UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { useStillBefore } from '../hooks/use-still-before';
import { useLatest } from '../hooks/use-latest';
import { retryCountdownText } from '../messages/retry-countdown';
import { TextField } from '../components/text-field';
import { ProblemLine } from './problem-line';
import { SaveSection } from './save-section';
import { TemplateItem } from './template-item';
import { listedRows, showsTemplateFilter, templateListButton } from './template-list-state';
import { countText, filterTemplates, listedLinkName, searchingText, withAddressMissing } from './template-words';
import { useNowMs } from '../hooks/use-now';
import { useRowRequests } from './use-row-requests';
import { useTemplateList } from './use-template-list';
import { useShowMore } from './use-show-more';
import { useTemplateRowActions, type HiddenFailure } from './use-template-row-actions';
import { useListWait } from './use-list-wait';

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
  const [query, setQuery] = useState('');
  /** What a row's action did where its row cannot say it any more (it was deleted, or left the filter). */
  const [said, setSaid] = useState('');
  /** A rename or deletion that failed while the filter hid its row (`row`: as it was sent): said here until a row's next action (or a new key). */
  const [hiddenFailure, setHiddenFailure] = useState<HiddenFailure | null>(null);
  const hiddenFailureHeld = useStillBefore(hiddenFailure?.problem.tryAgainAt ?? null);
  const listSection = useRef<HTMLElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const hiddenFailureLine = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
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
  // The hooks below run their effects in the order they are called here, as before they were split
  // out: the list's reads after the selection's, then Show more's focus, the focus after a deletion, and a wait's end.
  const templates = useTemplateList({ endpoint, epoch, hidden, query, rowInUse, setSaid, setHiddenFailure, listSection });
  const { list, load, retryRead, searching, onSaved } = templates;

  const shown = filterTemplates(list.rows, query);
  // Rows held that the builder no longer lists are not counted as templates: which they are is not known, so matches are counted at most as many as there are.
  const listed = listedRows(list);
  const total = list.last?.total ?? null;
  const matched = total === null ? shown.length : Math.min(shown.length, total);
  // A row's rename or deletion is answered after the render that sent it: what is drawn then is what counts.
  const drawn = useLatest({ shown, query });
  // Each row's "Updated 3 minutes ago" and the save section's "saved 3 minutes ago" stay true while the screen sits open (one redraw for both).
  const nowMs = useNowMs();
  const moreLabel = templateListButton(list);
  const showMore = useShowMore({ list, query, hidden, searching, shown, load, retryRead, setSaid, moreButton, listHeading, listElement });
  const { onDeleted, onDeletionUnconfirmed, clearSaid, onFailedHidden, onUnlinked, unlinkGone, hiddenUnlink, onRead, onRenamed } = useTemplateRowActions({
    endpoint,
    epoch,
    query,
    templates,
    rowRequests,
    showSelection,
    readSelection,
    drawn,
    renameDrafts,
    setSaid,
    setHiddenFailure,
    listSection,
    listHeading,
    listElement,
    hiddenFailureLine,
  });
  const { waitUntil, waitLeft, listHeld } = useListWait(list.problem, retryRead);
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
