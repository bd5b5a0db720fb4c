// A list read a page at a time on request ("More"), de-duplicated by id; a new `key` starts over.
// A page whose answer can no longer be shown (a new key, the list gone) is cancelled through its
// signal, so it stops holding one of the library's slots.
// A list kept for its connection (`owner`) comes back, after its section was left, with as many
// pages as the designer had loaded, read again one after another and drawn together (so its
// scroll place applies). The pages themselves are not kept here: the response cache answers them
// for its minute, with no request, and after it the library does, so nothing it removed shows on.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLatest } from '../hooks/use-latest';
import { takeUnseen } from '../../src/shared/api/library/unique-pager';
import { libraryProblem, type LibraryProblem } from './library-problem';

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  done: boolean;
  problem: LibraryProblem | null;
  /** What the last page said besides its items (totals, counts). */
  meta: Record<string, unknown> | null;
  more: () => void;
  retry: () => void;
  /** Reads the list again from its first page (the rows shown were all found removed: the library's pages moved up). */
  fromStart: () => void;
}

export type PageLoader<T> = (page: number, signal: AbortSignal) => Promise<{ items: T[]; perPage: number; meta?: Record<string, unknown> }>;

/** How many pages each kept list had loaded, and for which connection. */
const kept = new Map<string, { owner: object; pages: number }>();

/** A list's pages, from the first up to `upTo` (read one after another); `attempt` counts its Try agains. */
interface Page {
  key: string;
  number: number;
  attempt: number;
  upTo: number;
}

const same = (one: Page | null, other: Page) => one !== null && one.key === other.key && one.number === other.number && one.attempt === other.attempt;

/** One empty list, so a list drawn as asking again does not look changed at every render. */
const NO_ITEMS: never[] = [];

export function usePagedList<T extends { id: number | string }>(key: string, load: PageLoader<T>, owner?: object): PagedList<T> {
  const start = (): Page => {
    const mine = kept.get(key);
    return { key, number: 1, attempt: 0, upTo: owner && mine?.owner === owner ? mine.pages : 1 };
  };
  const [page, setPage] = useState(start);
  // `asked`: the page the state is drawn for.
  const [state, setState] = useState<Omit<PagedList<T>, 'more' | 'retry' | 'fromStart'> & { asked: Page | null }>({ items: [], loading: true, done: false, problem: null, meta: null, asked: null });
  const loader = useLatest(load);
  const seen = useRef(new Set<number | string>());
  // The page the state is drawn for already, once reading kept pages again has gone past the first: not asked for again.
  const reached = useRef<Page | null>(null);
  const current = page.key === key ? page : start();

  useEffect(() => {
    if (same(reached.current, current)) return undefined;
    let live = true;
    const unneeded = new AbortController();
    const asked = { key: current.key, number: current.number, attempt: current.attempt, upTo: current.upTo };
    if (current.number === 1) seen.current = new Set();
    setState((before) => ({ ...(current.number === 1 ? { items: [], meta: null } : before), loading: true, done: false, problem: null, asked }));
    const fresh: T[] = [];
    // The last page read (a More goes on after it; a Try again asks for it again): the list is drawn for it.
    const stop = (number: number, drawn: Pick<PagedList<T>, 'done' | 'problem'> & { meta?: PagedList<T>['meta'] }) => {
      const at = number === asked.number ? asked : { ...asked, number };
      if (at !== asked) {
        reached.current = at;
        setPage(at);
      }
      setState((before) => ({ ...before, ...drawn, loading: false, items: [...before.items, ...fresh], asked: at }));
    };
    const readAsync = async (number: number): Promise<void> => {
      try {
        const result = await loader.current(number, unneeded.signal);
        if (!live) return;
        fresh.push(...takeUnseen(seen.current, result.items));
        const done = result.items.length < result.perPage;
        if (!done && number < asked.upTo) return readAsync(number + 1);
        if (owner) kept.set(asked.key, { owner, pages: number });
        stop(number, { done, problem: null, meta: result.meta ?? null });
      } catch (error) {
        // Drawn with what came.
        if (live) stop(number, { done: false, problem: libraryProblem(error) });
      }
    };
    void readAsync(current.number);
    return () => {
      live = false;
      unneeded.abort();
    };
    // Not with `upTo`: a list drawn for its key (its pages read again) asks for none again as what is kept changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.key, current.number, current.attempt, loader, owner]);

  // Effects wait for the paint: until this page's has run, the state is drawn as it will be then
  // (asking), not as the page before left it. A More or Try again pressed meanwhile is not taken
  // as a second one (a More would ask for the page after the next, skipping it).
  const { asked, ...drawn } = state;
  const shown = same(asked, current) ? drawn : { ...drawn, ...(current.number === 1 ? { items: NO_ITEMS as T[], meta: null } : {}), loading: true, done: false, problem: null };
  return {
    ...shown,
    more: () => shown.loading || setPage({ ...current, number: current.number + 1, upTo: current.number + 1 }),
    retry: () => shown.loading || setPage({ ...current, attempt: current.attempt + 1 }),
    fromStart: () => shown.loading || setPage({ ...current, number: 1, attempt: current.attempt + 1, upTo: 1 }),
  };
}

/** What an email opened from a list steps through: its rows so far, how to ask for more, and again after a problem. */
export type OpenedList<T> = Pick<PagedList<T>, 'items' | 'done' | 'loading' | 'problem' | 'more' | 'retry'>;

/** Calls `onChange` with the list whenever its rows or its state change: an email opened from it follows it as it grows. */
export function useListChanges<T>(list: PagedList<T>, onChange: ((list: OpenedList<T>) => void) | undefined): void {
  // Refs: the list object and the callback are new at every render, the rows and their state are not.
  const latest = useLatest({ list, onChange });
  const { items, done, loading, problem } = list;
  useEffect(() => latest.current.onChange?.(latest.current.list), [items, done, loading, problem, latest]);
}
