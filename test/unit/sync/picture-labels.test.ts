import { describe, expect, it } from 'vitest';
import { headLines, missingPictureText, PICTURE_LABEL, theirsLabel } from '../../../src/shared/sync/picture-labels';
import { TEAMMATE } from '../../emulator/builder/model';

/** How deep brackets go in a text: 1 for "Mine (this file)", 2 for "a (b (c))". */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of text) {
    if (char === '(') deepest = Math.max(deepest, ++depth);
    else if (char === ')') depth--;
  }
  return deepest;
}

describe('the words for a picture the detail cannot show', () => {
  it('say whose version it is, as a designer would, for every caption the detail gives', () => {
    expect(missingPictureText(PICTURE_LABEL.designSystem, 'none')).toBe('No picture of the design system’s version');
    expect(missingPictureText(PICTURE_LABEL.lastSync, 'none')).toBe('No picture of the version last synced');
    expect(missingPictureText(PICTURE_LABEL.thisFile, 'none')).toBe('No picture of this file’s version');
    expect(missingPictureText(PICTURE_LABEL.mine, 'none')).toBe('No picture of your version');
    expect(missingPictureText(PICTURE_LABEL.deleted, 'none')).toBe('No picture of the deleted component');
    expect(missingPictureText(PICTURE_LABEL.added, 'broken')).toBe('The picture of the added component could not be loaded');
  });

  it('keep a teammate’s name as it is written (never lowercased into the sentence)', () => {
    expect(theirsLabel('Ana Lima')).toBe('Theirs (design system), by Ana Lima');
    expect(missingPictureText(theirsLabel('Ana Lima'), 'none')).toBe('No picture of the version by Ana Lima');
    expect(missingPictureText(theirsLabel(null), 'broken')).toBe('The picture of their version could not be loaded');
  });

  it('never nest brackets, for every caption the detail gives and the words said in place of its picture', () => {
    // The builder app signs its versions with a name in brackets: "Robin Vale (builder app)".
    const captions = [...Object.values(PICTURE_LABEL), theirsLabel(null), theirsLabel(undefined), theirsLabel('Ana Lima'), theirsLabel(TEAMMATE)];
    const said = captions.flatMap((caption) => [caption, missingPictureText(caption, 'none'), missingPictureText(caption, 'broken')]);
    expect(said.filter((text) => bracketDepth(text) > 1)).toEqual([]);
    expect(theirsLabel(TEAMMATE)).toBe('Theirs (design system), by Robin Vale (builder app)');
    expect(missingPictureText(theirsLabel(TEAMMATE), 'none')).toBe('No picture of the version by Robin Vale (builder app)');
  });

  it('quote a caption it does not know rather than bend it into a sentence', () => {
    expect(missingPictureText('Before', 'none')).toBe('No picture of “Before”');
  });
});

describe('a caption as the head of its column or picture', () => {
  it('says whose version first, then by whom, without the design system the row already names', () => {
    expect(headLines(theirsLabel('Alex Johnson'))).toEqual({ whose: 'Theirs', by: 'by Alex Johnson' });
    // The builder app's signature keeps its brackets, inside the part that may be cut.
    expect(headLines(theirsLabel(TEAMMATE))).toEqual({ whose: 'Theirs', by: 'by Robin Vale (builder app)' });
    expect(headLines(theirsLabel(null))).toEqual({ whose: 'Theirs', by: null });
  });

  it('keeps every other caption whole', () => {
    for (const caption of Object.values(PICTURE_LABEL)) expect(headLines(caption)).toEqual({ whose: caption, by: null });
    expect(headLines('Before')).toEqual({ whose: 'Before', by: null });
  });
});
