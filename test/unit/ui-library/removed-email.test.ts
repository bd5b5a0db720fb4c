// An email found removed from the library: which kept answers show it, where the keyboard goes
// back to in the results it left, and where Previous and Next go from it.
import { describe, expect, it } from 'vitest';
import { emailIdsIn, emptiedByRemoval, placeAfterRemoval, positionText, removedAmong, removedOpenedText, stagesWithout, steppedIndex, totalWithout, withoutEmail, withoutEmails } from '../../../ui/library/removed-email';
import { forgetEmail } from '../../../ui/library/cached-library-client';
import { createResponseCache } from '../../../ui/library/response-cache';

const list = (...ids: number[]) => ids.map((id) => ({ id }));

describe('emailIdsIn', () => {
  it('reads the emails of each read that lists them, and none of those that do not', () => {
    expect(emailIdsIn('searchEmailsAsync', { data: list(1, 2) })).toEqual([1, 2]);
    expect(emailIdsIn('listLikesAsync', { data: list(3) })).toEqual([3]);
    expect(emailIdsIn('listFollowedEmailsAsync', { data: list(4) })).toEqual([4]);
    expect(emailIdsIn('getBrandAsync', { data: { brand: {}, emails: list(5) } })).toEqual([5]);
    expect(emailIdsIn('getCollectionAsync', { data: { collection: {}, emails: list(6) } })).toEqual([6]);
    expect(emailIdsIn('getJourneyAsync', { data: { stages: [{ emails: list(7) }, { emails: list(8, 9) }] } })).toEqual([7, 8, 9]);
    expect(emailIdsIn('getEmailAsync', { data: { id: 10 } })).toEqual([10]);
    // Brands and collections have ids of their own, which are not emails'.
    expect(emailIdsIn('listBrandsAsync', { data: list(1) })).toEqual([]);
    expect(emailIdsIn('listCollectionsAsync', { data: list(1) })).toEqual([]);
  });

  it('reads nothing from an answer of another shape', () => {
    expect(emailIdsIn('searchEmailsAsync', undefined)).toEqual([]);
    expect(emailIdsIn('getJourneyAsync', { data: { stages: null } })).toEqual([]);
  });
});

describe('withoutEmail', () => {
  it('leaves the email out, and gives the same list back when it was not there', () => {
    const emails = list(1, 2, 3);
    expect(withoutEmail(emails, 2)).toEqual(list(1, 3));
    expect(withoutEmail(emails, 9)).toBe(emails);
  });
});

describe('placeAfterRemoval', () => {
  it('goes to the card that took its place, or the one before at the end', () => {
    expect(placeAfterRemoval(3, 10)).toBe(3);
    expect(placeAfterRemoval(9, 9)).toBe(8);
    expect(placeAfterRemoval(0, 0)).toBe(0);
  });
});

describe('steppedIndex', () => {
  const none = new Set<number>();
  it('steps one way or the other, and not past either end', () => {
    expect(steppedIndex(list(1, 2, 3), 1, 1, false, none)).toBe(2);
    expect(steppedIndex(list(1, 2, 3), 1, -1, false, none)).toBe(0);
    expect(steppedIndex(list(1, 2, 3), 2, 1, false, none)).toBeNull();
    expect(steppedIndex(list(1, 2, 3), 0, -1, false, none)).toBeNull();
  });

  it('from an email taken out of the list: Next to the one now in its place, Previous to the one before', () => {
    // 2 was at index 1 and left: 3 sits there now.
    expect(steppedIndex(list(1, 3), 1, 1, true, none)).toBe(1);
    expect(steppedIndex(list(1, 3), 1, -1, true, none)).toBe(0);
    // It was the last.
    expect(steppedIndex(list(1, 3), 2, 1, true, none)).toBeNull();
    expect(steppedIndex(list(1, 3), 2, -1, true, none)).toBe(1);
  });

  it('passes over emails found removed that a list still shows', () => {
    const removed = new Set([2, 3]);
    expect(steppedIndex(list(1, 2, 3, 4), 0, 1, false, removed)).toBe(3);
    expect(steppedIndex(list(1, 2, 3, 4), 3, -1, false, removed)).toBe(0);
    expect(steppedIndex(list(1, 2, 3), 0, 1, false, removed)).toBeNull();
  });
});

describe('forgetEmail', () => {
  it('drops the kept answers that show the email, and keeps the others', async () => {
    const cache = createResponseCache({ now: () => 0 });
    await cache.getAsync('searchEmailsAsync [{"page":1}]', async () => ({ data: list(1, 2) }));
    await cache.getAsync('searchEmailsAsync [{"page":2}]', async () => ({ data: list(3) }));
    await cache.getAsync('listBrandsAsync [{}]', async () => ({ data: list(2) }));
    forgetEmail(cache, 2);
    let loads = 0;
    const again = (key: string) => cache.getAsync(key, async () => ((loads += 1), { data: [] }));
    await again('searchEmailsAsync [{"page":1}]');
    expect(loads).toBe(1);
    await again('searchEmailsAsync [{"page":2}]');
    await again('listBrandsAsync [{}]');
    expect(loads).toBe(1);
  });

  it('leaves a read in flight to its callers', async () => {
    const cache = createResponseCache({ now: () => 0 });
    let finish: (value: unknown) => void = () => undefined;
    let loads = 0;
    const load = () => ((loads += 1), new Promise((resolve) => (finish = resolve)));
    const first = cache.getAsync('searchEmailsAsync [{"page":1}]', load);
    forgetEmail(cache, 2);
    const joined = cache.getAsync('searchEmailsAsync [{"page":1}]', load);
    finish({ data: list(2) });
    await Promise.all([first, joined]);
    expect(loads).toBe(1);
  });
});

describe('withoutEmails', () => {
  it('leaves out every email found removed, and gives the same list back when it held none', () => {
    const shown = list(1, 2, 3, 4);
    expect(withoutEmails(shown, new Set([2, 4]))).toEqual(list(1, 3));
    expect(withoutEmails(shown, new Set([9]))).toBe(shown);
    expect(withoutEmails(shown, new Set())).toBe(shown);
  });
});

describe('stagesWithout', () => {
  it('takes the removed emails out of the stages that held them, an emptied stage staying (it says it is empty)', () => {
    const journey = { slug: 'b', stages: [{ stage: 'Welcome', emails: list(1, 2) }, { stage: 'Win-back', emails: list(3) }] };
    const after = stagesWithout(journey, new Set([2, 3]));
    expect(after).toEqual({ slug: 'b', stages: [{ stage: 'Welcome', emails: list(1) }, { stage: 'Win-back', emails: [] }] });
    // A stage untouched is the same stage.
    expect(stagesWithout(journey, new Set([3])).stages[0]).toBe(journey.stages[0]);
  });

  it('gives the same journey back when none of its emails was removed', () => {
    const journey = { stages: [{ emails: list(1) }] };
    expect(stagesWithout(journey, new Set([5]))).toBe(journey);
  });
});

describe('positionText', () => {
  it('says the place among the emails, with a + while more are to come', () => {
    expect(positionText({ index: 1, count: 20 })).toBe('2 of 20');
    expect(positionText({ index: 1, count: 20, more: true })).toBe('2 of 20+');
  });

  it('says how many are left, not a place, for the email found removed (it is none of them now)', () => {
    expect(positionText({ index: 1, count: 19, more: true, gone: true })).toBe('Removed · 19+ left');
    expect(positionText({ index: 1, count: 19, gone: true })).toBe('Removed · 19 left');
    expect(positionText({ index: 0, count: 0, gone: true })).toBe('Removed · none left');
  });

  it('says more are to load, not "0+ left", when none is loaded and more may come', () => {
    expect(positionText({ index: 0, count: 0, more: true, gone: true })).toBe('Removed · more to load');
  });
});

describe('removedOpenedText', () => {
  it('says "the one you opened" for one, and how many for several (opened in turn with Next)', () => {
    expect(removedOpenedText(1)).toBe('the one you opened');
    expect(removedOpenedText(2)).toBe('the 2 you opened');
  });
});

describe('removedAmong and totalWithout', () => {
  it('counts the listed emails found removed, and takes them off the total the library gave with them', () => {
    const removed = new Set([2, 9]);
    // 9 was not listed: the total cannot be known to count it.
    expect(removedAmong(list(1, 2, 3), removed)).toBe(1);
    expect(removedAmong(list(1, 3), removed)).toBe(0);
    expect(removedAmong([], removed)).toBe(0);
    expect(totalWithout(3, removedAmong(list(1, 2, 3), removed))).toBe(2);
    // A brand of one whose email was removed: none left, not "1 email".
    expect(totalWithout(1, removedAmong(list(2), removed))).toBe(0);
    // Never below none (a total read before the removal is all that is known).
    expect(totalWithout(0, 1)).toBe(0);
  });
});

describe('emptiedByRemoval', () => {
  const state = { items: list(1, 2), shown: 0, done: false, loading: false, problem: null };
  it('is a list whose every row was found removed while more are to come', () => {
    expect(emptiedByRemoval(state)).toBe(true);
  });

  it('is not one with a row left, one at its end, one empty of itself, nor one already asking or failed', () => {
    expect(emptiedByRemoval({ ...state, shown: 1 })).toBe(false);
    expect(emptiedByRemoval({ ...state, done: true })).toBe(false);
    expect(emptiedByRemoval({ ...state, items: [] })).toBe(false);
    expect(emptiedByRemoval({ ...state, loading: true })).toBe(false);
    expect(emptiedByRemoval({ ...state, problem: { kind: 'busy' } })).toBe(false);
  });
});
