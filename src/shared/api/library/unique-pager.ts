// Paging through library lists that are not exact. Without `brand` or `category` the email
// search may repeat or skip items across pages, so pages are de-duplicated by id.
import type { CancelSignal } from '../http/cancel-signal';
import type { LibraryClient } from './client';
import type { SearchEmailsQuery } from './requests';
import type { SearchedEmail } from './schemas';

/** The items whose id has not been seen yet; their ids are added to `seen`. */
export function takeUnseen<T extends { id: number | string }>(seen: Set<number | string>, items: readonly T[]): T[] {
  const fresh: T[] = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    fresh.push(item);
  }
  return fresh;
}

export interface UniqueEmailPager {
  /** True once a page came back short or empty. */
  readonly done: boolean;
  /** The next page's emails that no earlier page showed (may be empty while not done); a cancelled page is asked for again next time. */
  nextPageAsync(signal?: CancelSignal): Promise<SearchedEmail[]>;
}

// assumption: paging without brand/category may repeat or skip items (de-duplicated by id); a page past the end is 200 with `data: []`.
export function createUniqueEmailPager(client: LibraryClient, query: Omit<SearchEmailsQuery, 'page'> = {}): UniqueEmailPager {
  const seen = new Set<number | string>();
  let page = 1;
  let done = false;
  return {
    get done() {
      return done;
    },
    async nextPageAsync(signal) {
      if (done) return [];
      const response = await client.searchEmailsAsync({ ...query, page }, signal);
      page += 1;
      if (response.data.length === 0 || response.data.length < response.meta.per_page) done = true;
      return takeUnseen(seen, response.data);
    },
  };
}
