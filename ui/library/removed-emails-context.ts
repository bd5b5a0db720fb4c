// The emails found removed from the library while Browse is open, for every list that shows
// emails (a brand's, Me's, a journey's stages): their rows leave as the search's cards do
// (use-without-removed), and the pages after them are asked for where they moved (use-paged-list).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export const RemovedEmails = createContext<ReadonlySet<number>>(new Set());

/** The emails found removed so far. */
export function useRemovedEmails(): ReadonlySet<number> {
  return useContext(RemovedEmails);
}
