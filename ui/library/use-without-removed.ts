// A list of emails without those found removed from the library (see removed-emails-context). It
// counts them, and passes the count to the list's pager (use-paged-list), which reads on from where
// the library's pages moved.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { emptiedByRemoval, removedAmong, withoutEmails } from './removed-email';
import { removedOnEarlierVisits } from './removed-before-return';
import { useRemovedEmails } from './removed-emails-context';
import type { PagedList, Pager } from './use-paged-list';

/**
 * A list without the emails found removed; `gone`: how many it listed (its totals still count
 * them); `goneBefore`: how many its earlier visits showed (a kept list come back no longer lists them).
 */
export type WithoutRemoved<T> = PagedList<T> & { gone: number; goneBefore: number };

/**
 * A list of emails without those found removed (its rows, and so its empty state and what an email
 * opened from it steps through). Every row it showed found removed while more are to come: it is
 * read on (from where the library's pages moved to, see use-paged-list), so the next ones come
 * instead of an empty list with nothing to press.
 */
export function useWithoutRemoved<T extends { id: number | string }>(pager: Pager<T>): WithoutRemoved<T> {
  const removed = useRemovedEmails();
  const gone = removedAmong(pager.items, removed);
  const list = pager.foundRemoved(gone);
  // Kept while nothing changes: an email opened from the list follows it when its rows change.
  const items = useMemo(() => withoutEmails(list.items, removed) as T[], [list.items, removed]);
  const emptied = emptiedByRemoval({ ...list, shown: items.length });
  // Once for each set of removed emails: a library still listing an email it answers as removed would be read again and again.
  const readFor = useRef<ReadonlySet<number> | null>(null);
  const { more } = list;
  useEffect(() => {
    if (!emptied || readFor.current === removed) return;
    readFor.current = removed;
    more();
  }, [emptied, removed, more]);
  const before = removedOnEarlierVisits(list.earlier, removed, list.items.length === 0 && list.done && !list.loading && list.problem === null);
  return { ...list, items, gone, goneBefore: before.gone, readAgain: list.readAgain || before.all };
}
