// The captions of the Sync detail's two pictures (the sandbox names them, sync-session.ts) and
// what each shows in words that fit a sentence: a caption lowercased into one read "No picture
// of design system" or "No picture of theirs (design system, ana lima)".
export const PICTURE_LABEL = {
  thisFile: 'This file',
  designSystem: 'Design system',
  mine: 'Mine (this file)',
  lastSync: 'Last sync',
  deleted: 'Deleted (old key)',
  added: 'Added (new key)',
} as const;

const THEIRS = 'Theirs (design system';

/** The caption of the teammate's version in a conflict, with who changed it when known. */
export function theirsLabel(updatedBy: string | null | undefined): string {
  return `${THEIRS}${updatedBy ? `, ${updatedBy}` : ''})`;
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
  if (label.startsWith(THEIRS) && label.endsWith(')')) {
    const by = label.slice(THEIRS.length + 2, -1);
    return by === '' ? 'their version' : `${by}’s version`;
  }
  return `“${label}”`;
}

/** What the detail says in place of a picture: none to show, or one that did not load. */
export function missingPictureText(label: string, why: 'none' | 'broken'): string {
  const subject = subjectOf(label);
  return why === 'none' ? `No picture of ${subject}` : `The picture of ${subject} could not be loaded`;
}
