// Library lists are read by page number. Emails the library removed leave its list, so every later
// page moves up by as many: asked for as if nothing had gone, the next page starts that many emails
// too late and they are never shown. The page asked for instead starts early enough; the emails
// before the first unseen one on it are shown already and dropped as repeats (by id).

/**
 * The page to ask for after `lastPage` (read `perPage` at a time), when `removedSince` of the emails
 * already read were found removed since that page was asked for: the first unseen email now sits
 * `removedSince` places earlier. None removed: the page after. All removed: the first page again.
 * Taken as removed after that page was read. One removed before it (found only after) made that
 * page start too late: the emails it skipped sit at the end of the page before it, and no one page
 * holds both them and the emails the other case moved up (a page's width apart); nothing read
 * tells the two apart (the library gives no time of removal, and its totals move with new emails
 * too). Reading from the page before on to that page, as a finished list does, would find both, at
 * one more request at every read on after a removal found: left so, those stay skipped.
 */
export function pageAfterRemovals(lastPage: number, perPage: number, removedSince: number): number {
  const back = removedSince > 0 && Number.isFinite(perPage) && perPage > 0 ? Math.ceil(removedSince / perPage) : 0;
  return Math.max(1, lastPage + 1 - back);
}

/**
 * The page to read on from when `removedSince` of the emails read were found removed after the
 * list had finished (`lastPage` came back short or empty), or null: it stays finished. Removed
 * after that page was read, they moved no unread email (all were read); removed before, that page
 * started as many too late, and the emails it skipped sit just before it: read on from where they
 * moved to, as if that page had not been read yet. A list that is one page (emails shown on it
 * were removed after it was read), or read in one go (no page size), skipped none.
 */
export function pageAfterRemovalsWhenDone(lastPage: number, perPage: number, removedSince: number): number | null {
  if (removedSince <= 0 || !Number.isFinite(perPage) || perPage <= 0 || lastPage <= 1) return null;
  return pageAfterRemovals(lastPage - 1, perPage, removedSince);
}

/**
 * Where a list read `perPage` at a time reads on from, its last page `lastPage` (`done`: that page
 * came back short or empty), when `removedSince` of the rows it read were found removed since that
 * page was asked for: the page to ask for and the page to read on to in one go, or null: finished.
 * Reopened, it reads on to the page it had finished on in one go (the first may bring only rows
 * shown already).
 */
export function readOnFrom(lastPage: number, perPage: number, done: boolean, removedSince: number): { page: number; upTo: number } | null {
  if (!done) {
    const page = pageAfterRemovals(lastPage, perPage, removedSince);
    return { page, upTo: page };
  }
  const reopened = pageAfterRemovalsWhenDone(lastPage, perPage, removedSince);
  return reopened === null ? null : { page: reopened, upTo: Math.max(reopened, lastPage) };
}
