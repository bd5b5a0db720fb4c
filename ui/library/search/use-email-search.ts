// The search's state: the form, the query it makes (text after a pause in typing), the results
// loaded so far (de-duplicated across pages), whether more are coming, and what went wrong.
// Results found removed moved the library's later pages up: the pager reads on from where they moved to.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { SearchedEmail } from '../../../src/shared/api/library/schemas';
import { libraryProblem, type LibraryProblem } from '../library-problem';
import { afterPage } from './repeated-pages';
import { createSearchPager, type SearchPager } from './search-pager';
import { withoutEmail } from '../removed-email';
import { EMPTY_SEARCH, SEARCH_DEBOUNCE_MS, sameSearch, searchQuery, type SearchForm } from './search-query';

export interface SearchResults {
  /** Which search these results belong to: a new number for each new query. */
  generation: number;
  /**
   * Which search form they answer: the same number when the same search is read again through
   * another connection (a key saved, or Browse going on without it), a new one when the form changed.
   */
  query: number;
  emails: SearchedEmail[];
  loading: boolean;
  done: boolean;
  /** Asking stopped: the library's last pages held only emails already shown (done too). */
  repeating: boolean;
  problem: LibraryProblem | null;
  /** How many of this search's results were found removed from the library (its empty state says so). */
  gone: number;
}

export interface EmailSearch extends SearchResults {
  form: SearchForm;
  /** The form the results answer: the one typed waits for a pause in typing (an empty state speaks of this one). */
  searched: SearchForm;
  setForm: (form: SearchForm | ((current: SearchForm) => SearchForm)) => void;
  /** The next page, unless one is loading, all are in, or a problem waits for a retry. */
  loadMore: () => void;
  /** After a problem: the page that failed, again. */
  retry: () => void;
  /** The library removed this email: its card leaves the results (its place goes to the next). */
  remove: (id: number) => void;
}

const START: SearchResults = { generation: 0, query: 0, emails: [], loading: true, done: false, repeating: false, problem: null, gone: 0 };

export function useEmailSearch(client: LibraryClient): EmailSearch {
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const [applied, setApplied] = useState<SearchForm>(EMPTY_SEARCH);
  const [results, setResults] = useState<SearchResults>(START);
  // `signal` aborts when the search is replaced (or the screen closes): its pages stop holding the library's slots.
  // `repeated`: pages in a row that brought nothing new (repeated-pages).
  // `applied`/`query`: the form last searched for, and its number (SearchResults).
  const run = useRef<{ pager: SearchPager | null; generation: number; busy: boolean; repeated: number; results: SearchResults; signal?: AbortSignal; applied?: SearchForm; query: number }>({ pager: null, generation: 0, busy: false, repeated: 0, results: START, query: 0 });

  const publish = (next: SearchResults) => {
    run.current.results = next;
    setResults(next);
  };

  const load = useCallback(() => {
    const current = run.current;
    if (current.busy || !current.pager || current.results.done) return;
    const { pager, generation } = current;
    current.busy = true;
    publish({ ...current.results, loading: true, problem: null });
    pager.nextPageAsync(current.signal).then(
      (fresh) => {
        if (run.current.generation !== generation) return;
        current.busy = false;
        const step = afterPage(fresh.length, pager.done, current.repeated);
        current.repeated = step.repeated;
        // Nothing new: the grid, its cards the same, would not ask again.
        if (step.next === 'ask_next') return load();
        const before = run.current.results;
        const repeating = step.next === 'give_up';
        publish({ ...before, emails: fresh.length > 0 ? [...before.emails, ...fresh] : before.emails, loading: false, done: pager.done || repeating, repeating, problem: null });
      },
      (error: unknown) => {
        if (run.current.generation !== generation) return;
        current.busy = false;
        publish({ ...run.current.results, loading: false, problem: libraryProblem(error) });
      },
    );
  }, []);

  // Every change waits for a pause: typed text, a year typed a digit at a time (0002, 0020, 0202:
  // each a date) and arrow keys stepping through the categories all pass through searches nobody asked for.
  useEffect(() => {
    if (sameSearch(form, applied)) return undefined;
    const timer = setTimeout(() => setApplied(form), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [form, applied]);

  useEffect(() => {
    const current = run.current;
    const replaced = new AbortController();
    current.signal = replaced.signal;
    current.generation += 1;
    if (current.applied !== applied) current.query += 1;
    current.applied = applied;
    current.busy = false;
    current.repeated = 0;
    const { generation, query } = current;
    try {
      current.pager = createSearchPager(client, searchQuery(applied));
    } catch (error) {
      current.pager = null;
      publish({ ...START, generation, query, loading: false, done: true, problem: libraryProblem(error) });
      return;
    }
    publish({ ...START, generation, query });
    current.busy = false;
    load();
    return () => replaced.abort();
  }, [client, applied, load]);

  const loadMore = useCallback(() => {
    if (run.current.results.problem === null) load();
  }, [load]);

  const remove = useCallback(
    (id: number) => {
      const current = run.current;
      const before = current.results;
      const emails = withoutEmail(before.emails, id);
      if (emails === before.emails) return;
      const wasDone = current.pager?.done ?? true;
      current.pager?.removed();
      // A finished search is not any more: its last page may have skipped emails that moved up (search-pager).
      const reopened = before.done && !before.repeating && wasDone && current.pager?.done === false;
      publish({ ...before, emails: [...emails], gone: before.gone + 1, ...(reopened ? { done: false } : {}) });
      // Every result shown was found removed, and more are to come: no card is left to scroll to,
      // so the next ones are asked for now (from the first page again when all it read went). A
      // finished search reads on now too: the designer has scrolled to its end already. A page on its way brings its own.
      if (before.problem !== null || current.busy) return;
      if (!reopened && (emails.length > 0 || before.done)) return;
      current.repeated = 0;
      load();
    },
    [load],
  );

  return { form, setForm, searched: applied, ...results, loadMore, retry: load, remove };
}
