// Paging through library lists that are not exact. Without `brand` or `category` the email
// search may repeat or skip items across pages, so pages are de-duplicated by id (the search's
// pager: ui/library/search/search-pager.ts; the other lists': ui/library/use-paged-list.ts).
// assumption: paging without brand/category may repeat or skip items; a page past the end is 200 with `data: []`.

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
