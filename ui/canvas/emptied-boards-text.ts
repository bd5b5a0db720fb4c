// After the reference check removed references: the journey boards it emptied went with them
// (src/canvas/reference-removal.ts), said so the designer does not look for them.
import type { ReferenceRemoval } from '../../src/shared/bridge/messages';

type Board = NonNullable<ReferenceRemoval['boards']>[number];

const boardName = ({ name, pageName }: Board) => `“${name}”${pageName === '' ? '' : ` on page “${pageName}”`}`;

/** "The journey board “Acme — journey” on page “Emails” held no other reference, so it was removed too." ('' for none). */
export function emptiedBoardsText(boards: readonly Board[] = []): string {
  if (boards.length === 0) return '';
  if (boards.length === 1) return `The journey board ${boardName(boards[0]!)} held no other reference, so it was removed too.`;
  return `${boards.length} journey boards held no other reference, so they were removed too: ${boards.map(boardName).join('; ')}.`;
}
