// A list read a page at a time on request ("More"), de-duplicated by id; a new `key` starts over.
// A page whose answer can no longer be shown (a new key, the list gone) is cancelled through its
// signal, so it stops holding one of the library's slots.
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
}

export type PageLoader<T> = (page: number, signal: AbortSignal) => Promise<{ items: T[]; perPage: number; meta?: Record<string, unknown> }>;

/** One empty list, so a list drawn as asking again does not look changed at every render. */
const NO_ITEMS: never[] = [];

export function usePagedList<T extends { id: number | string }>(key: string, load: PageLoader<T>): PagedList<T> {
  const [page, setPage] = useState({ key, number: 1, attempt: 0 });
  // `asked`: the page the state is drawn for.
  const [state, setState] = useState<Omit<PagedList<T>, 'more' | 'retry'> & { asked: typeof page | null }>({ items: [], loading: true, done: false, problem: null, meta: null, asked: null });
  const loader = useLatest(load);
  const seen = useRef(new Set<number | string>());
  const current = page.key === key ? page : { key, number: 1, attempt: 0 };

  useEffect(() => {
    let live = true;
    const unneeded = new AbortController();
    const asked = { key: current.key, number: current.number, attempt: current.attempt };
    if (current.number === 1) seen.current = new Set();
    setState((before) => ({ ...(current.number === 1 ? { items: [], meta: null } : before), loading: true, done: false, problem: null, asked }));
    loader.current(current.number, unneeded.signal).then(
      (result) => {
        if (!live) return;
        const fresh = takeUnseen(seen.current, result.items);
        setState((before) => ({ items: [...before.items, ...fresh], loading: false, done: result.items.length < result.perPage, problem: null, meta: result.meta ?? null, asked }));
      },
      (error: unknown) => live && setState((before) => ({ ...before, loading: false, problem: libraryProblem(error), asked })),
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [current.key, current.number, current.attempt, loader]);

  // Effects wait for the paint: until this page's has run, the state is drawn as it will be then
  // (asking), not as the page before left it. A More or Try again pressed meanwhile is not taken
  // as a second one (a More would ask for the page after the next, skipping it).
  const { asked, ...drawn } = state;
  const shown = asked !== null && asked.key === current.key && asked.number === current.number && asked.attempt === current.attempt ? drawn : { ...drawn, ...(current.number === 1 ? { items: NO_ITEMS as T[], meta: null } : {}), loading: true, done: false, problem: null };
  return {
    ...shown,
    more: () => shown.loading || setPage({ ...current, number: current.number + 1 }),
    retry: () => shown.loading || setPage({ ...current, attempt: current.attempt + 1 }),
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
