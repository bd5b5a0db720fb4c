// A row whose component exists on one side only, by its kind: an added component has no earlier
// version, a deleted one no later one. Its detail shows the one picture there is and says why,
// rather than an empty box beside it and a reason for a missing picture that does not apply
// ("Figma could not draw it" for a component only in the design system). No DOM.
import { PICTURE_LABEL } from '../../src/shared/sync/picture-labels';
import type { SyncKind } from '../../src/shared/bridge/messages';

/** The side that has no version for this kind of row, with the caption the sandbox gives it there; null for every other. */
const NO_VERSION: Partial<Record<SyncKind, { side: 'before' | 'after'; label: string; words: string }>> = {
  'local-add': { side: 'before', label: PICTURE_LABEL.lastSync, words: 'New in this file: it was never synced, so there is no earlier version to compare it with.' },
  'remote-add': { side: 'before', label: PICTURE_LABEL.thisFile, words: 'Only in the design system: this file has no version of it to compare with.' },
  'local-delete': { side: 'after', label: PICTURE_LABEL.thisFile, words: 'Deleted here: the picture is the version last synced.' },
  'remote-delete': { side: 'after', label: PICTURE_LABEL.designSystem, words: 'Deleted in the design system: the picture is this file’s version.' },
};

/**
 * The side with no version, and the words saying so, when the detail's pictures are those of a row
 * of this kind (a replaced pair's are not: its captions are the old and the new key's).
 */
export function sideWithNoVersion(detail: { beforeLabel: string; afterLabel: string; beforePicture: string | null; afterPicture: string | null }, kind: SyncKind): { side: 'before' | 'after'; words: string } | null {
  const none = NO_VERSION[kind];
  if (!none) return null;
  const [label, picture] = none.side === 'before' ? [detail.beforeLabel, detail.beforePicture] : [detail.afterLabel, detail.afterPicture];
  return label === none.label && picture === null ? { side: none.side, words: none.words } : null;
}
