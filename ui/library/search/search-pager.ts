// The search's pages, asked for by number. Emails it brought found removed moved the library's
// later pages up by as many: the next page asked for is the one the next unseen email now sits on
// (page-after-removals). Its repeats are dropped by id, as the library's own are without a brand or category.
import type { CancelSignal } from '../../../src/shared/api/http/cancel-signal';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { SearchEmailsQuery } from '../../../src/shared/api/library/requests';
import { takeUnseen, type UniqueEmailPager } from '../../../src/shared/api/library/unique-pager';
import { pageAfterRemovals } from '../page-after-removals';

export interface SearchPager extends UniqueEmailPager {
  /** One of the emails it brought was found removed: the pages after it moved up. */
  removed: () => void;
}

export function createSearchPager(client: LibraryClient, query: Omit<SearchEmailsQuery, 'page'>): SearchPager {
  const seen = new Set<number | string>();
  let last = 0;
  let perPage = Infinity;
  // Found removed since the last page was asked for (a page that failed is asked for again, with them).
  let removedSince = 0;
  let done = false;
  return {
    get done() {
      return done;
    },
    removed: () => {
      removedSince += 1;
    },
    async nextPageAsync(signal?: CancelSignal) {
      if (done) return [];
      const counted = removedSince;
      const page = pageAfterRemovals(last, perPage, counted);
      const response = await client.searchEmailsAsync({ ...query, page }, signal);
      last = page;
      perPage = response.meta.per_page;
      removedSince -= counted;
      if (response.data.length === 0 || response.data.length < response.meta.per_page) done = true;
      return takeUnseen(seen, response.data);
    },
  };
}
