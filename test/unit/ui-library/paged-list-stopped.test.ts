// A kept list read again from its start stops at a page that failed, past the first: its Try again
// reads on from there. The visit it began from must stay with it, or the rows that visit showed and
// the library no longer lists (which decide the "library removed" words) are lost once it is in.
import { describe, expect, it } from 'vitest';
import { stoppedAt, type Kept, type Page } from '../../../ui/library/use-paged-list';

const earlierVisit: Kept = { owner: {}, pages: 3, rows: [{ id: 1 }, { id: 2 }], left: [{ id: 9 }], done: false };
const readAgain: Page = { key: 'brand acme', number: 1, attempt: 0, upTo: 3, restart: true, readAgain: false, before: earlierVisit };

describe('stoppedAt', () => {
  it('past the first page, reads on from the page it stopped at, still compared with the visit it began from', () => {
    const at = stoppedAt(readAgain, 2);
    expect(at).toMatchObject({ key: 'brand acme', number: 2, upTo: 3, restart: false });
    expect(at.before).toBe(earlierVisit);
    // Its Try again: the same page asked for again, the visit still with it.
    expect({ ...at, attempt: at.attempt + 1 }.before).toBe(earlierVisit);
  });

  it('at the page it was asked from, is that page itself (a Try again there reads from the start again)', () => {
    expect(stoppedAt(readAgain, 1)).toBe(readAgain);
  });
});
