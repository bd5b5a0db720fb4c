// After a save whose answer was lost: which templates in the list that save may have made, and how
// the save section says them.
import { describe, expect, it } from 'vitest';
import type { TemplateRow } from '../../../src/shared/bridge/messages';
import { linkedText, lostSaveCandidates, lostSaveCandidatesText, undoneSaveText } from '../../../ui/templates/template-words';
import { messageProblems } from '../../support/message-rules';

const row = (id: string, name: string, linked = false): TemplateRow => ({
  id,
  name,
  description: '',
  updatedAt: '2026-11-21T10:00:00.000Z',
  thumbnailUrl: null,
  linkedFrame: linked ? { id: '1:2', name: 'Other', pageName: 'Emails' } : null,
});

describe('a lost save’s templates', () => {
  it('are the unlinked templates with the name that was sent (spaces around it aside)', () => {
    const rows = [row('a', 'Spring'), row('b', 'Spring', true), row('c', 'Spring sale'), row('d', ' Spring ')];
    expect(lostSaveCandidates(rows, 'Spring ', null).map((each) => each.id)).toEqual(['a', 'd']);
    expect(lostSaveCandidates(rows, 'Autumn', null)).toEqual([]);
  });

  it('leave out, for a frame copied from another file, the template it was saved as there (linking to it is refused)', () => {
    const rows = [row('theirs', 'Spring'), row('ours', 'Spring')];
    expect(lostSaveCandidates(rows, 'Spring', 'theirs').map((each) => each.id)).toEqual(['ours']);
  });

  it('are said by count and name, never as “”', () => {
    expect(lostSaveCandidatesText(1, 'Spring')).toBe('The list has a template named “Spring” that no frame here is linked to. If it is this frame’s save, link the frame to it instead of saving again.');
    expect(lostSaveCandidatesText(2, 'Spring')).toMatch(/^The list has 2 templates named “Spring” that/);
    expect(lostSaveCandidatesText(1, '\u200b')).toMatch(/^The list has a template with no name that/);
    expect(linkedText('Spring sale', 'Spring')).toBe('Linked “Spring sale” to “Spring”.');
    for (const text of [lostSaveCandidatesText(1, 'Spring'), lostSaveCandidatesText(3, ''), linkedText('', ''), undoneSaveText('Spring'), undoneSaveText('')]) expect(messageProblems(text)).toEqual([]);
    expect(undoneSaveText('')).toMatch(/^This frame was saved as the template with no name, but is/);
  });
});
