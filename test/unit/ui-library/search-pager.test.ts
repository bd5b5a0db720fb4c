// The search's pager after results it brought were found removed: the library's later pages moved
// up, so it asks for the page the next unseen email now sits on, and drops the repeats on it.
import { describe, expect, it } from 'vitest';
import { createSearchPager } from '../../../ui/library/search/search-pager';
import { libraryHarness } from '../api/support/clients';
import { searchEmailsBody } from '../api/support/library-fixtures';
import { jsonResponse } from '../api/support/scripted-transport';

describe('createSearchPager', () => {
  it('reads on from the page the next emails moved up to, each shown once', async () => {
    // Pages of 3 over emails 1-8; after the first page, 2 and 3 are removed (4 moves to page 1).
    let library = [1, 2, 3, 4, 5, 6, 7, 8];
    const { client, requests } = libraryHarness((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return jsonResponse(200, searchEmailsBody(library.slice((page - 1) * 3, page * 3), page, 3));
    });
    const pager = createSearchPager(client, { q: 'sale', perPage: 3 });
    const shown = (await pager.nextPageAsync()).map((email) => email.id);
    library = library.filter((id) => id !== 2 && id !== 3);
    pager.removed();
    pager.removed();
    while (!pager.done) shown.push(...(await pager.nextPageAsync()).map((email) => email.id));
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '1', '2', '3']);
  });

  it('a finished search with results found removed reads on: its last page skipped the emails that moved up', async () => {
    // Pages of 3 over emails 1-8. Email 2 goes after the second page is read, found removed only
    // after the third (short: 8 alone, 7 having moved up onto page 2).
    let library = [1, 2, 3, 4, 5, 6, 7, 8];
    const { client, requests } = libraryHarness((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return jsonResponse(200, searchEmailsBody(library.slice((page - 1) * 3, page * 3), page, 3));
    });
    const pager = createSearchPager(client, { q: 'sale', perPage: 3 });
    const shown = [...(await pager.nextPageAsync()), ...(await pager.nextPageAsync())].map((email) => email.id);
    library = library.filter((id) => id !== 2);
    shown.push(...(await pager.nextPageAsync()).map((email) => email.id));
    expect(pager.done).toBe(true);
    pager.removed();
    expect(pager.done).toBe(false);
    while (!pager.done) shown.push(...(await pager.nextPageAsync()).map((email) => email.id));
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 8, 7]);
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3', '2', '3']);
  });

  it('a removal found while the last page is on its way keeps the search going', async () => {
    let library = [1, 2, 3, 4, 5, 6, 7, 8];
    const found = { removed: () => {} };
    const { client, requests } = libraryHarness((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      if (page === 3 && requests.length === 3) {
        // Found removed while the third page is asked for; removed before it was read.
        library = library.filter((id) => id !== 2);
        found.removed();
      }
      return jsonResponse(200, searchEmailsBody(library.slice((page - 1) * 3, page * 3), page, 3));
    });
    const pager = createSearchPager(client, { perPage: 3 });
    found.removed = pager.removed;
    const shown: number[] = [];
    do shown.push(...(await pager.nextPageAsync()).map((email) => Number(email.id)));
    while (!pager.done);
    expect([...shown].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a search of one page stays finished: what it showed was removed after it was read', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(200, searchEmailsBody([1, 2], 1, 3)));
    const pager = createSearchPager(client, { perPage: 3 });
    await pager.nextPageAsync();
    pager.removed();
    expect(pager.done).toBe(true);
    expect(await pager.nextPageAsync()).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('asks for the same page again after a failed one, with the removals found meanwhile', async () => {
    let fail = true;
    const { client, requests } = libraryHarness((request, index) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      if (index === 1 && fail) {
        fail = false;
        return jsonResponse(400, { error: 'bad_request', message: 'page' });
      }
      return jsonResponse(200, searchEmailsBody(page === 1 ? [1, 2] : [3], page, 2));
    });
    const pager = createSearchPager(client, { perPage: 2 });
    await pager.nextPageAsync();
    pager.removed();
    await expect(pager.nextPageAsync()).rejects.toThrow();
    await pager.nextPageAsync();
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '1', '1']);
  });
});
