// A list kept for its connection comes back read again (use-paged-list), without the rows it showed
// on its earlier visits that the library no longer lists. Those found removed (opened, from it or
// from elsewhere) say why it may be empty: the ones opened. When it came back empty and rows not
// found removed went too (or rows it had not read yet), the library removed more than those.

/** The rows a list showed on its earlier visits that its pages read again no longer list, and whether it had read to its end then. */
export interface EarlierVisits<T> {
  left: readonly T[];
  done: boolean;
}

/**
 * How a list come back speaks of its earlier visits' rows (`removed`: the emails found removed;
 * `empty`: read again, it has none and no more are to come): `gone`, those found removed; `all`, it
 * came back empty and more than those went, so they are not counted.
 */
export function removedOnEarlierVisits(earlier: EarlierVisits<{ id: number | string }> | null, removed: ReadonlySet<number>, empty: boolean): { gone: number; all: boolean } {
  const gone = earlier ? earlier.left.filter((row) => removed.has(row.id as number)).length : 0;
  return { gone, all: empty && gone > 0 && (gone < earlier!.left.length || !earlier!.done) };
}

/**
 * Earlier visits' rows once a More has read `seen`: one read again (new emails had pushed it a
 * page on, past what the first read reached) is listed, not left, so it is not counted twice.
 */
export function listedAgain<T extends { id: number | string }>(earlier: EarlierVisits<T>, seen: ReadonlySet<number | string>): EarlierVisits<T> {
  const left = earlier.left.filter((row) => !seen.has(row.id));
  return left.length === earlier.left.length ? earlier : { ...earlier, left };
}
