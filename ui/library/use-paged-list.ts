// A list read a page at a time on request ("More"), de-duplicated by id; a new `key` starts over.
// A page whose answer can no longer be shown (a new key, the list gone) is cancelled through its
// signal, so it stops holding one of the library's slots.
// A list kept for its connection (`owner`) comes back, after its section was left, with as many
// pages as the designer had loaded, read again one after another and drawn together (so its
// scroll place applies). The pages themselves are not kept here: the response cache answers them
// for its minute, with no request, and after it the library does, so nothing it removed shows on.
// Emails it showed found removed moved the library's later pages up: the next page asked for is
// the one the next unseen email now sits on (page-after-removals), its repeats dropped by id.
// Found once it had finished, it is not finished any more: its last page may have skipped some.
// How many were found removed is not known here: a list of emails is drawn through
// useWithoutRemoved, which counts them and passes the count in (`foundRemoved`); other lists
// (journeys, brand requests) have none.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useLatest } from '../hooks/use-latest';
import { takeUnseen } from '../../src/shared/api/library/unique-pager';
import { libraryProblem, type LibraryProblem } from './library-problem';
import { readOnFrom } from './page-after-removals';
import { listedAgain, type EarlierVisits } from './removed-before-return';

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  done: boolean;
  problem: LibraryProblem | null;
  /** What the last page said besides its items (totals, counts). */
  meta: Record<string, unknown> | null;
  /** Reads on: from where the library's pages moved the next ones to after rows shown were found removed (its first page when all it listed went). */
  more: () => void;
  retry: () => void;
  /** The last page was asked for after rows read were found removed (the library's pages had moved up): empty, the library removed all it had. */
  readAgain: boolean;
  /** A kept list come back, once read again: the rows its earlier visits showed that it no longer lists (null: a first visit). */
  earlier: EarlierVisits<T> | null;
}

/** A list as read, and as it is drawn once `gone` of the rows it read are found removed (useWithoutRemoved counts them): read on from where the library's pages moved. */
export type Pager<T> = PagedList<T> & { foundRemoved: (gone: number) => PagedList<T> };

export type PageLoader<T> = (page: number, signal: AbortSignal) => Promise<{ items: T[]; perPage: number; meta?: Record<string, unknown> }>;

/**
 * How many pages each kept list had loaded, and for which connection; `rows`, the rows it drew (the
 * list's own, not a copy), `left` and `done` its earlier visits' (see PagedList's `earlier`): as it
 * comes back, those the library removed meanwhile say why it may have none left.
 */
export interface Kept {
  owner: object;
  pages: number;
  rows: ReadonlyArray<{ id: number | string }>;
  left: ReadonlyArray<{ id: number | string }>;
  done: boolean;
}
const kept = new Map<string, Kept>();

/** The rows a kept list showed before (those of its visits before too) that it does not list now it is read again (`seen`). */
function leftSince(before: Kept, seen: ReadonlySet<number | string>): ReadonlyArray<{ id: number | string }> {
  return [...before.left, ...before.rows].filter((row) => !seen.has(row.id));
}

/**
 * A list's pages, from `number` up to `upTo` (read one after another); `attempt` counts its Try
 * agains and reads on (a page may be asked for again, its next emails moved up onto it).
 * `restart`: the rows read before are dropped (a new key, a list read again from the start).
 * `before`: what an earlier visit left, for a kept list read again from the start, until that read
 * is in (a Try again after a page past the first failed reads on from it, not from the start).
 */
export interface Page {
  key: string;
  number: number;
  attempt: number;
  upTo: number;
  restart: boolean;
  readAgain: boolean;
  before?: Kept;
}

/**
 * The page a read from `asked` that stopped at page `number` is drawn for (and a Try again asks
 * for again): past its first, not read from the start any more, still compared with the visit
 * the read began from, so the rows that visit showed and the library no longer lists are not lost.
 */
export function stoppedAt(asked: Page, number: number): Page {
  return number === asked.number ? asked : { ...asked, number, restart: false };
}

const same = (one: Page | null, other: Page) => one !== null && one.key === other.key && one.number === other.number && one.attempt === other.attempt;

/** What a drawing of the list showed: its page, whether it was asking or finished, how many of its rows were found removed; `answered`: a More or Try again was taken from it. */
interface Drawn {
  page: Page;
  loading: boolean;
  done: boolean;
  gone: number;
  answered: boolean;
}

/** One empty list, so a list drawn as asking again does not look changed at every render. */
const NO_ITEMS: never[] = [];

export function usePagedList<T extends { id: number | string }>(key: string, load: PageLoader<T>, owner?: object): Pager<T> {
  const keptFor = (listKey: string) => {
    const mine = kept.get(listKey);
    return owner && mine?.owner === owner ? mine : undefined;
  };
  const start = (): Page => ({ key, number: 1, attempt: 0, upTo: keptFor(key)?.pages ?? 1, restart: true, readAgain: false });
  const [page, setPage] = useState(start);
  // `asked`: the page the state is drawn for.
  const [state, setState] = useState<Omit<PagedList<T>, 'more' | 'retry'> & { asked: Page | null }>({ items: [], loading: true, done: false, problem: null, meta: null, readAgain: false, earlier: null, asked: null });
  const loader = useLatest(load);
  const seen = useRef(new Set<number | string>());
  // The rows drawn (the state's), and what its earlier visits left, for what is kept.
  const rows = useRef<T[]>([]);
  const earlier = useRef<EarlierVisits<T> | null>(null);
  // The last page's size, and how many rows read were found removed when it was asked for: those found since moved the library's pages up.
  const perPage = useRef(Infinity);
  const goneAtAsk = useRef(0);
  // The list as last drawn, and whether a More or Try again was taken since (see `more`): this
  // render's drawing (its last foundRemoved) once committed, so a render thrown away leaves none.
  const lastDrawn = useRef<Drawn | null>(null);
  const drawing = useRef<Drawn | null>(null);
  useLayoutEffect(() => {
    lastDrawn.current = drawing.current;
  });
  // The page the state is drawn for already, once reading kept pages again has gone past the first: not asked for again.
  const reached = useRef<Page | null>(null);
  const current = page.key === key ? page : start();

  useEffect(() => {
    // The page kept follows the key: come back to a key left after a More, the list starts over
    // (or reads its kept pages again), not from that More's page added to the other key's rows.
    if (page.key !== current.key) setPage(current);
    if (same(reached.current, current)) return undefined;
    let live = true;
    const unneeded = new AbortController();
    // Read from the start: the list as an earlier visit left it, if kept (overwritten once this read is in).
    const asked = { ...current, before: current.restart ? keptFor(current.key) : current.before };
    const before = asked.before;
    if (current.restart) {
      seen.current = new Set();
      goneAtAsk.current = 0;
      rows.current = [];
      earlier.current = null;
    }
    setState((drawn) => ({ ...(current.restart ? { items: [], meta: null, earlier: null } : drawn), loading: true, done: false, problem: null, readAgain: current.readAgain, asked }));
    const fresh: T[] = [];
    // The last page read (a More goes on after it; a Try again asks for it again): the list is drawn for it.
    const stop = (number: number, drawn: Pick<PagedList<T>, 'done' | 'problem'> & { meta?: PagedList<T>['meta'] }) => {
      const at = stoppedAt(asked, number);
      if (at !== asked) {
        reached.current = at;
        setPage(at);
      }
      if (fresh.length > 0) rows.current = [...rows.current, ...fresh];
      if (before && drawn.problem === null) earlier.current = { left: leftSince(before, seen.current) as T[], done: before.done };
      // A row an earlier visit showed, read again with a More (new emails had pushed it a page on), is listed, not left.
      else if (earlier.current !== null && fresh.length > 0) earlier.current = listedAgain(earlier.current, seen.current);
      if (owner && drawn.problem === null) kept.set(asked.key, { owner, pages: number, rows: rows.current, left: earlier.current?.left ?? [], done: drawn.done });
      const items = rows.current;
      setState((state) => ({ ...state, ...drawn, loading: false, items, earlier: earlier.current, asked: at }));
    };
    const readAsync = async (number: number): Promise<void> => {
      try {
        const result = await loader.current(number, unneeded.signal);
        if (!live) return;
        fresh.push(...takeUnseen(seen.current, result.items));
        perPage.current = result.perPage;
        const done = result.items.length < result.perPage;
        if (!done && number < asked.upTo) return readAsync(number + 1);
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
  const shown = same(asked, current) ? drawn : { ...drawn, ...(current.restart ? { items: NO_ITEMS as T[], meta: null, earlier: null } : {}), loading: true, done: false, problem: null, readAgain: current.readAgain };
  // More and Try again act on the list as last drawn, whichever drawing they were handed from: an
  // email opened from the list holds the list as it was last told, an effect behind, and asked with
  // its own drawing's count of removed rows it read the page after, skipping the emails moved up
  // onto it; with its page, one read since. Taken once per drawing: pressed again before the list
  // is drawn asking, it is not asked for twice.
  const takeDrawing = (): Drawn | null => {
    const now = lastDrawn.current;
    if (now === null || now.loading || now.answered) return null;
    now.answered = true;
    return now;
  };
  const more = () => {
    const now = takeDrawing();
    if (now === null) return;
    // Taken even when finished: nothing it reads changes before the next drawing, so it would find nothing again.
    const onward = readOnFrom(now.page.number, perPage.current, now.done, now.gone - goneAtAsk.current);
    if (onward === null) return;
    setPage({ ...now.page, number: onward.page, attempt: now.page.attempt + 1, upTo: onward.upTo, restart: false, readAgain: now.gone > goneAtAsk.current, before: undefined });
    goneAtAsk.current = now.gone;
  };
  const retry = () => {
    const now = takeDrawing();
    if (now === null) return;
    setPage({ ...now.page, attempt: now.page.attempt + 1 });
  };
  // `gone` of the rows read found removed: where to read on from (null: finished, none found since it finished).
  const foundRemoved = (gone: number): PagedList<T> => {
    const next = readOnFrom(current.number, perPage.current, shown.done, gone - goneAtAsk.current);
    drawing.current = { page: current, loading: shown.loading, done: shown.done, gone, answered: false };
    return { ...shown, done: next === null, more, retry };
  };
  return { ...foundRemoved(0), foundRemoved };
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
