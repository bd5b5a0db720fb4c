// The words for journey boards the reference check removed with their last reference.
import { describe, expect, it } from 'vitest';
import { emptiedBoardsText } from '../../../ui/canvas/emptied-boards-text';
import { messageProblems } from '../../support/message-rules';

describe('emptiedBoardsText', () => {
  it('names each board removed with its page, and says nothing when none was', () => {
    const one = emptiedBoardsText([{ name: 'Acme — journey', pageName: 'Emails' }]);
    expect(one).toBe('The journey board “Acme — journey” on page “Emails” held no other reference, so it was removed too.');
    const two = emptiedBoardsText([
      { name: 'Acme — journey', pageName: 'Emails' },
      { name: 'Petal — journey', pageName: 'Moodboard' },
    ]);
    expect(two).toBe('2 journey boards held no other reference, so they were removed too: “Acme — journey” on page “Emails”; “Petal — journey” on page “Moodboard”.');
    expect([...messageProblems(one), ...messageProblems(two)]).toEqual([]);
    expect(emptiedBoardsText()).toBe('');
  });
});
