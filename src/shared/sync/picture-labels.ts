// The captions of the Sync detail's two pictures (the sandbox names them, sync-details.ts) and
// what each shows in words that fit a sentence: a caption lowercased into one read "No picture
// of design system" or "No picture of theirs (design system), by ana lima". A teammate's name
// is never put inside brackets: the builder app signs with one ("Robin Vale (builder app)").
export const PICTURE_LABEL = {
  thisFile: 'This file',
  designSystem: 'Design system',
  mine: 'Mine (this file)',
  lastSync: 'Last sync',
  deleted: 'Deleted (old key)',
  added: 'Added (new key)',
} as const;

const THEIRS = 'Theirs (design system)';
const THEIRS_BY = `${THEIRS}, by `;

/** The caption of the teammate's version in a conflict, with who changed it when known. */
export function theirsLabel(updatedBy: string | null | undefined): string {
  return updatedBy ? `${THEIRS_BY}${updatedBy}` : THEIRS;
}

/**
 * A caption split for the screen: whose version (a column's or picture's head, short enough for the
 * narrowest window) and by whom (said once, on the line above; the whole caption stays the accessible name).
 */
export function headLines(label: string): { whose: string; by: string | null } {
  if (label.startsWith(THEIRS_BY)) return { whose: 'Theirs', by: `by ${label.slice(THEIRS_BY.length)}` };
  return { whose: label === THEIRS ? 'Theirs' : label, by: null };
}

const SUBJECT: Record<string, string> = {
  [PICTURE_LABEL.thisFile]: 'this file’s version',
  [PICTURE_LABEL.designSystem]: 'the design system’s version',
  [PICTURE_LABEL.mine]: 'your version',
  [PICTURE_LABEL.lastSync]: 'the version last synced',
  [PICTURE_LABEL.deleted]: 'the deleted component',
  [PICTURE_LABEL.added]: 'the added component',
};

function subjectOf(label: string): string {
  const known = SUBJECT[label];
  if (known !== undefined) return known;
  if (label === THEIRS) return 'their version';
  if (label.startsWith(THEIRS_BY)) return `the version by ${label.slice(THEIRS_BY.length)}`;
  return `“${label}”`;
}

/** What the detail says in place of a picture: none to show, or one that did not load. */
export function missingPictureText(label: string, why: 'none' | 'broken'): string {
  const subject = subjectOf(label);
  return why === 'none' ? `No picture of ${subject}` : `The picture of ${subject} could not be loaded`;
}
