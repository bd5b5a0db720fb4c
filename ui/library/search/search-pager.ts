// The search's pages, asked for by number. Emails it brought found removed moved the library's
// later pages up by as many: the next page asked for is the one the next unseen email now sits on
// (page-after-removals). Its repeats are dropped by id, as the library's own are without a brand or category.
// Found removed once the last page came, the search is no longer finished: the emails that page skipped read on.
import type { CancelSignal } from '../../../src/shared/api/http/cancel-signal';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { SearchEmailsQuery } from '../../../src/shared/api/library/requests';
import type { SearchedEmail } from '../../../src/shared/api/library/schemas';
import { takeUnseen } from '../../../src/shared/api/library/unique-pager';
import { pageAfterRemovals, pageAfterRemovalsWhenDone } from '../page-after-removals';

export interface SearchPager {
  /** True once a page came back short or empty (and no removal found since reopened it). */
  readonly done: boolean;
  /** The next page's emails that no earlier page showed (may be empty while not done); a cancelled page is asked for again next time. */
  nextPageAsync(signal?: CancelSignal): Promise<SearchedEmail[]>;
  /** One of the emails it brought was found removed: the pages after it moved up (a finished search is no longer `done`). */
  removed: () => void;
}

export function createSearchPager(client: LibraryClient, query: Omit<SearchEmailsQuery, 'page'>): SearchPager {
  const seen = new Set<number | string>();
  let last = 0;
  let perPage = Infinity;
  // Found removed since the last page was asked for (a page that failed is asked for again, with them).
  let removedSince = 0;
  let done = false;
  // The last page came short or empty: the next one asked for is found by the finished list's rule.
  let ended = false;
  const endedPage = (removals: number) => pageAfterRemovalsWhenDone(last, perPage, removals);
  return {
    get done() {
      return done;
    },
    removed: () => {
      removedSince += 1;
      if (done && endedPage(removedSince) !== null) done = false;
    },
    async nextPageAsync(signal?: CancelSignal) {
      if (done) return [];
      const counted = removedSince;
      const page = (ended ? endedPage(counted) : null) ?? pageAfterRemovals(last, perPage, counted);
      const response = await client.searchEmailsAsync({ ...query, page }, signal);
      last = page;
      perPage = response.meta.per_page;
      removedSince -= counted;
      ended = response.data.length === 0 || response.data.length < response.meta.per_page;
      // Found removed while it was on its way: not finished yet, those may have moved emails before it.
      done = ended && endedPage(removedSince) === null;
      return takeUnseen(seen, response.data);
    },
  };
}
