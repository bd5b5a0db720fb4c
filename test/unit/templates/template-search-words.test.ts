// What the templates list says while a filter reads the pages not shown yet.
import { describe, expect, it } from 'vitest';
import { searchingText } from '../../../ui/templates/template-words';
import { messageProblems } from '../../support/message-rules';

describe('searchingText', () => {
  it('counts the matches found so far against the whole workspace and says the rest is being read', () => {
    const text = searchingText(2, 300, '  spring ');
    expect(text).toBe('2 of 300 templates match “spring” so far; reading the rest…');
    expect(messageProblems(text)).toEqual([]);
  });
});
