import { describe, expect, it } from 'vitest';
import { missingPictureText, PICTURE_LABEL, theirsLabel } from '../../../src/shared/sync/picture-labels';

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
    expect(theirsLabel('Ana Lima')).toBe('Theirs (design system, Ana Lima)');
    expect(missingPictureText(theirsLabel('Ana Lima'), 'none')).toBe('No picture of Ana Lima’s version');
    expect(missingPictureText(theirsLabel(null), 'broken')).toBe('The picture of their version could not be loaded');
  });

  it('quote a caption it does not know rather than bend it into a sentence', () => {
    expect(missingPictureText('Before', 'none')).toBe('No picture of “Before”');
  });
});
