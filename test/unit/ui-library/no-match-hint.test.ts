import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, noMatchHint } from '../../../ui/library/search/search-query';

describe('noMatchHint', () => {
  it('names only what the search set', () => {
    expect(noMatchHint({ ...EMPTY_SEARCH, text: 'zzqqxx' })).toBe('Try other words.');
    expect(noMatchHint({ ...EMPTY_SEARCH, text: 'sale', category: 'Food' })).toBe('Try other words or all categories.');
    expect(noMatchHint({ ...EMPTY_SEARCH, brand: 'vitalroot', brandName: 'Vitalroot', since: '2026-12-01' })).toBe('Try all brands or an earlier “captured since” date.');
    expect(noMatchHint({ text: 'a', category: 'Food', brand: 'vitalroot', brandName: 'Vitalroot', since: '2026-12-01' })).toBe('Try other words, all categories, all brands or an earlier “captured since” date.');
  });

  it('does not count spaces as words, nor a brand name typed but not picked', () => {
    expect(noMatchHint({ ...EMPTY_SEARCH, text: '   ', brandName: 'Vital' })).toBe('Nothing is searched for or filtered: the library has no emails to show.');
  });
});
