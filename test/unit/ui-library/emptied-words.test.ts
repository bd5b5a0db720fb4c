// Me's empty lists say why they are empty: never anything, the emails opened found removed, or all
// of them removed (the list read again after the last row went, and found empty).
import { describe, expect, it } from 'vitest';
import { emptyListText } from '../../../ui/library/emptied-words';

const LIKES = { none: 'No liked emails yet.', left: 'No liked emails left', all: 'the emails you liked' };

describe('emptyListText', () => {
  it('says there never were any when none was found removed', () => {
    expect(emptyListText({ gone: 0, readAgain: false }, LIKES)).toBe('No liked emails yet.');
  });

  it('counts the ones opened and found removed', () => {
    expect(emptyListText({ gone: 1, readAgain: false }, LIKES)).toBe('No liked emails left: the library removed the one you opened.');
    expect(emptyListText({ gone: 3, readAgain: false }, LIKES)).toBe('No liked emails left: the library removed the 3 you opened.');
  });

  it('says the library removed them all when the list read again came back empty', () => {
    expect(emptyListText({ gone: 1, readAgain: true }, LIKES)).toBe('No liked emails left: the library removed the emails you liked.');
    expect(emptyListText({ gone: 0, readAgain: true }, LIKES)).toBe('No liked emails left: the library removed the emails you liked.');
  });
});
