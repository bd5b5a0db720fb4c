// The emails found removed from the library while Browse is open, for every list that shows
// emails (a brand's, Me's, a journey's stages): their rows leave as the search's cards do, and
// useWithoutRemoved counts them for the list's pager, which asks for the pages after them where
// they moved (use-paged-list reads no context: lists with no emails pay nothing for it).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export const RemovedEmails = createContext<ReadonlySet<number>>(new Set());

/** The emails found removed so far. */
export function useRemovedEmails(): ReadonlySet<number> {
  return useContext(RemovedEmails);
}
