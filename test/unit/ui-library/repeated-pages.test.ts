import { describe, expect, it } from 'vitest';
import { afterPage, MOST_REPEATED_PAGES } from '../../../ui/library/search/repeated-pages';

describe('afterPage: a page of the email search that brought only emails already shown', () => {
  it('asks for the following page at once (the grid asks only when its cards grow, so it would wait for good)', () => {
    expect(afterPage(0, false, 0)).toEqual({ repeated: 1, next: 'ask_next' });
  });

  it('gives up after a few such pages in a row, so a library repeating itself for good is not asked forever', () => {
    let repeated = 0;
    const steps: string[] = [];
    for (let page = 0; page < MOST_REPEATED_PAGES; page += 1) {
      const step = afterPage(0, false, repeated);
      repeated = step.repeated;
      steps.push(step.next);
    }
    expect(steps).toEqual([...Array<string>(MOST_REPEATED_PAGES - 1).fill('ask_next'), 'give_up']);
  });

  it('shows a page with anything new, and starts counting again', () => {
    expect(afterPage(3, false, MOST_REPEATED_PAGES - 1)).toEqual({ repeated: 0, next: 'show' });
  });

  it('stops at the last page, new or not', () => {
    expect(afterPage(0, true, 2)).toEqual({ repeated: 0, next: 'show' });
  });
});
