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
