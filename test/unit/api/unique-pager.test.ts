import { describe, expect, it } from 'vitest';
import { takeUnseen } from '../../../src/shared/api/library/unique-pager';
import { createSearchPager } from '../../../ui/library/search/search-pager';
import { libraryHarness } from './support/clients';
import { searchEmailsBody } from './support/library-fixtures';
import { jsonResponse } from './support/scripted-transport';

describe('de-duplicating pages', () => {
  it('takeUnseen drops ids seen before and within the page', () => {
    const seen = new Set<number | string>([1]);
    expect(takeUnseen(seen, [{ id: 1 }, { id: 2 }, { id: 2 }, { id: 3 }])).toEqual([{ id: 2 }, { id: 3 }]);
    expect([...seen]).toEqual([1, 2, 3]);
  });

  it('the pager skips emails repeated across pages and stops at a short page', async () => {
    const pages = [
      searchEmailsBody([1, 2, 3], 1, 3),
      searchEmailsBody([3, 4, 5], 2, 3),
      searchEmailsBody([5, 6], 3, 3),
    ];
    const { client, requests } = libraryHarness((_request, index) => jsonResponse(200, pages[index]));
    const pager = createSearchPager(client, { q: 'sale', perPage: 3 });
    const seen: number[] = [];
    while (!pager.done) seen.push(...(await pager.nextPageAsync()).map((email) => email.id));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(requests.map((r) => r.url.replace(/^.*\?/, ''))).toEqual(['q=sale&page=1&per_page=3', 'q=sale&page=2&per_page=3', 'q=sale&page=3&per_page=3']);
    expect(await pager.nextPageAsync()).toEqual([]);
  });

  it('stops at an empty page past the end', async () => {
    const pages = [searchEmailsBody([1, 2], 1, 2), searchEmailsBody([], 2, 2)];
    const { client } = libraryHarness((_request, index) => jsonResponse(200, pages[index]));
    const pager = createSearchPager(client, { perPage: 2 });
    await pager.nextPageAsync();
    expect(pager.done).toBe(false);
    expect(await pager.nextPageAsync()).toEqual([]);
    expect(pager.done).toBe(true);
  });
});
