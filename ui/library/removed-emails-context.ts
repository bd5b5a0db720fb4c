// The emails found removed from the library while Browse is open, for every list that shows
// emails (a brand's, Me's, a journey's stages): their rows leave as the search's cards do.
import { createContext } from 'preact';
import { useContext, useEffect, useMemo, useRef } from 'preact/hooks';
import { emptiedByRemoval, removedAmong, withoutEmails } from './removed-email';
import type { PagedList } from './use-paged-list';

export const RemovedEmails = createContext<ReadonlySet<number>>(new Set());

/** The emails found removed so far. */
export function useRemovedEmails(): ReadonlySet<number> {
  return useContext(RemovedEmails);
}

/** A list without the emails found removed; `gone`: how many it listed (its totals still count them). */
export type WithoutRemoved<T> = PagedList<T> & { gone: number };

/**
 * A list of emails without those found removed (its rows, and so its empty state and what an email
 * opened from it steps through). Every row it showed found removed while more are to come: it is
 * read again from its first page (the library's pages moved up by the emails it removed), so the
 * next ones come instead of an empty list with nothing to press.
 */
export function useWithoutRemoved<T extends { id: number | string }>(list: PagedList<T>): WithoutRemoved<T> {
  const removed = useRemovedEmails();
  // Kept while nothing changes: an email opened from the list follows it when its rows change.
  const items = useMemo(() => withoutEmails(list.items, removed) as T[], [list.items, removed]);
  const emptied = emptiedByRemoval({ ...list, shown: items.length });
  // Once for each set of removed emails: a library still listing an email it answers as removed would be read again and again.
  const readFor = useRef<ReadonlySet<number> | null>(null);
  const { fromStart } = list;
  useEffect(() => {
    if (!emptied || readFor.current === removed) return;
    readFor.current = removed;
    fromStart();
  }, [emptied, removed, fromStart]);
  return { ...list, items, gone: items === list.items ? 0 : removedAmong(list.items, removed) };
}
