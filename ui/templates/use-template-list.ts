// The Templates screen's list of the workspace's templates, read a page at a time: page 1 on
// opening (and on coming back, or afresh with a new key), the pages a filter searches, a page read
// again as the last read said, page 1 once more when a template went above the pages read, and
// after a change made here.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { useLatest } from '../hooks/use-latest';
import { useNoticeInSight } from '../hooks/use-notice-in-sight';
import { answerTemplatePage, askTemplatePage, askTemplatePageAgain, failTemplatePage, hasMoreTemplates, initialTemplateList, nextTemplatePage, topChangedSinceRead } from './template-list-state';
import { BUILDER_REQUEST_TIMEOUT_MS, listReadProblem } from './template-words';

export interface TemplateListOptions {
  endpoint: Pick<UiEndpoint, 'request'>;
  /** As the screen's props: a new epoch reads the list afresh, and a hidden screen reads nothing. */
  epoch: number;
  hidden: boolean;
  /** The filter as typed: while it is, the pages not read yet are read. */
  query: string;
  /** Rows an answer keeps though a read of every template lacks them (answerTemplatePage), asked as each answer comes. */
  rowInUse: { readonly current: (id: string) => boolean };
  /**
   * What the rows' actions said, which a read afresh, a change made here and Show more take away.
   * State setters (stable): the read on opening runs again whenever one of the two changes.
   */
  setSaid: (said: string) => void;
  setHiddenFailure: (failure: null) => void;
  /** The list's section, which a failed read comes into sight in. */
  listSection: RefObject<HTMLElement>;
}

export type TemplateList = ReturnType<typeof useTemplateList>;

/**
 * `load`: reads a page; `reload`: page 1 after a change made here; `retryRead`: the read that failed,
 * again; `searching`: a filter is reading every page; `onSaved`: the save section saved.
 */
export function useTemplateList({ endpoint, epoch, hidden, query, rowInUse, setSaid, setHiddenFailure, listSection }: TemplateListOptions) {
  const [list, setList] = useState(initialTemplateList);
  const latestList = useLatest(list);
  const requests = useRef(0);
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
  }, [load, epoch, hidden, setSaid, setHiddenFailure]);
  // After a change made here: the pages shown stay, with what is typed in their rows. What the
  // last action said goes with it (a deletion is not news after a later save); the count stays.
  const reload = () => {
    setSaid('');
    load(1, true);
  };
  // A filter searches the whole workspace: the pages not read yet are read one after another.
  const searching = query.trim() !== '' && list.problem === null && hasMoreTemplates(list);
  // Templates deleted elsewhere from the pages read: the page before the one just read is read again first, or the templates that slid onto it would be skipped.
  // None of the list's own reads while hidden (an answer that came after the tab changed asks for
  // them), nor as it comes back: that reads page 1 again (above), and they go on from its answer
  // (a page to read again is owed past it: owedAgain).
  const hiddenBefore = useRef(hidden);
  useEffect(() => {
    hiddenBefore.current = hidden;
  }, [hidden]);
  const waiting = hidden || hiddenBefore.current;
  const readAgain = !waiting && !list.loading && list.problem === null ? list.readAgain : null;
  const readingAgain = readAgain !== null;
  useEffect(() => {
    if (readAgain !== null) load(readAgain, false, true);
  }, [readAgain, load]);
  useEffect(() => {
    if (!waiting && searching && !list.loading && !readingAgain) load(nextTemplatePage(list));
  }, [waiting, searching, readingAgain, list, load]);
  // A template saved or changed elsewhere went above the pages read: page 1 once more shows it (after a filter's reading).
  useEffect(() => {
    if (!waiting && !searching && !readingAgain && topChangedSinceRead(list)) load(1, true);
  }, [waiting, searching, readingAgain, list, load]);
  /** The read that failed, again: a page to read again as such (the list left where it stands), else the page as it was asked for. */
  const retryRead = () => (list.readAgain !== null ? load(list.readAgain, false, true) : load(list.page, list.keepBelow));
  // A failed read shows under the list, below the save section in a short window: it comes into
  // sight, except after a save: then the save's answer stays in sight (the list's alert is still heard).
  const readAfterSave = useRef(0);
  const onSaved = () => {
    reload();
    readAfterSave.current = requests.current;
  };
  useNoticeInSight(listSection, list.awaiting === readAfterSave.current ? null : list.problem, null);
  return { list, setList, latestList, load, reload, retryRead, searching, onSaved };
}
