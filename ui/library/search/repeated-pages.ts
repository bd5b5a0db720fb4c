// Without a brand or category the library's paging is not exact: a page may bring only emails
// already shown. The grid asks for more when its cards grow, so such a page is followed at once by
// the next; a library repeating itself for good is given up after a few pages, saying so.

/** Pages in a row bringing nothing new after which the search stops asking. */
export const MOST_REPEATED_PAGES = 5;

export interface AfterPage {
  /** Pages in a row that brought nothing new, this one included. */
  repeated: number;
  /** Show what came and wait for the grid; ask for the following page now; or stop asking. */
  next: 'show' | 'ask_next' | 'give_up';
}

/** What comes after a page that brought `fresh` emails not shown before (`done`: the last page). */
export function afterPage(fresh: number, done: boolean, repeatedBefore: number): AfterPage {
  if (fresh > 0 || done) return { repeated: 0, next: 'show' };
  const repeated = repeatedBefore + 1;
  return { repeated, next: repeated >= MOST_REPEATED_PAGES ? 'give_up' : 'ask_next' };
}
