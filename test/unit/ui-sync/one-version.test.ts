import { describe, expect, it } from 'vitest';
import { PICTURE_LABEL } from '../../../src/shared/sync/picture-labels';
import { sideWithNoVersion } from '../../../ui/sync/one-version';

const pictures = (beforeLabel: string, afterLabel: string, beforePicture: string | null, afterPicture: string | null) => ({ beforeLabel, afterLabel, beforePicture, afterPicture });

describe('sideWithNoVersion', () => {
  it('names the side an added or deleted component has no version on', () => {
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.lastSync, PICTURE_LABEL.thisFile, null, 'data:a'), 'local-add')?.side).toBe('before');
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.thisFile, PICTURE_LABEL.designSystem, null, null), 'remote-add')?.side).toBe('before');
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.lastSync, PICTURE_LABEL.thisFile, 'data:a', null), 'local-delete')?.side).toBe('after');
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.thisFile, PICTURE_LABEL.designSystem, 'data:a', null), 'remote-delete')?.side).toBe('after');
  });

  it('leaves a replaced pair (captions of the old and new key), a side that has a picture, and other kinds alone', () => {
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.deleted, PICTURE_LABEL.added, null, 'data:a'), 'local-add')).toBeNull();
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.lastSync, PICTURE_LABEL.thisFile, 'data:b', 'data:a'), 'local-add')).toBeNull();
    expect(sideWithNoVersion(pictures(PICTURE_LABEL.lastSync, PICTURE_LABEL.thisFile, null, 'data:a'), 'local-change')).toBeNull();
  });
});
