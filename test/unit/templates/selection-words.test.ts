import { describe, expect, it } from 'vitest';
import { copiedLinkWhat, describeSelection, describeSelectionOf, isTopLevelFrame, unreadableLinkWhat } from '../../../src/templates/selection-words';
import { messageProblems } from '../../support/message-rules';

const frame = { type: 'FRAME', name: 'Spring sale', parentType: 'PAGE', parentName: 'Emails' };

describe('selection in words', () => {
  it('one top-level frame (on the page or in a section) can be saved', () => {
    expect(describeSelection([frame])).toEqual({ kind: 'frame', what: '“Spring sale” is selected.' });
    expect(isTopLevelFrame({ ...frame, parentType: 'SECTION' })).toBe(true);
  });

  it('says what to select otherwise', () => {
    const cases = [
      describeSelection([]),
      describeSelection([frame, frame]),
      describeSelection([{ type: 'TEXT', name: 'Title', parentType: 'FRAME', parentName: 'Cover' }]),
      describeSelection([{ type: 'FRAME', name: 'Copy', parentType: 'FRAME', parentName: 'Hero' }]),
      describeSelection([{ type: 'COMPONENT', name: 'Button', parentType: 'PAGE', parentName: 'Components' }]),
    ];
    expect(cases.map((c) => c.kind)).toEqual(['none', 'many', 'other', 'other', 'other']);
    expect(cases[2]!.what).toBe('“Title” is a text layer inside “Cover”. Select a top-level frame (an email) to save it as a template.');
    expect(cases[4]!.what).toContain('“Button” is a component.');
    for (const { what } of cases) expect(messageProblems(what)).toEqual([]);
  });

  it('needs only the count and the one layer (a big selection is not read layer by layer)', () => {
    expect(describeSelectionOf(3, null)).toEqual(describeSelection([frame, frame, frame]));
    expect(describeSelectionOf(1, frame)).toEqual(describeSelection([frame]));
    expect(describeSelectionOf(0, null)).toEqual(describeSelection([]));
  });
});

describe('a name that is empty or only spaces', () => {
  it('is said in words, never as empty quotes', () => {
    const cases = [
      describeSelection([{ ...frame, name: '' }]).what,
      describeSelection([{ type: 'TEXT', name: ' ', parentType: 'FRAME', parentName: '' }]).what,
      unreadableLinkWhat(''),
      copiedLinkWhat('', ' '),
    ];
    expect(cases).toEqual([
      'A frame with no name is selected.',
      'The selected layer is a text layer inside a layer with no name. Select a top-level frame (an email) to save it as a template.',
      expect.stringMatching(/^The selected frame holds a link to a template that/),
      'The selected frame is a copy of a frame linked to a template with no name. Saving it makes a new template; the frame it was copied from keeps its link.',
    ]);
    for (const what of cases) expect(what).not.toMatch(/“\s*”/);
    for (const what of cases) expect(messageProblems(what)).toEqual([]);
  });
});
