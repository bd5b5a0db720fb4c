// What a list of emails (Me's, a brand's) says once nothing is left in it, and why: never anything in it, emails opened
// and found removed, or the list read again after that (its next emails) and found empty too.
import { removedOpenedText } from './removed-email';

export interface EmptyWords {
  /** The list had none: "No liked emails yet." */
  none: string;
  /** The start said when the library removed what it had: "No liked emails left". */
  left: string;
  /** What the library removed when the list read again had none left either: "the emails you liked". */
  all: string;
}

/**
 * The empty state of a list of emails (`gone`: how many it showed were found removed; `goneBefore`:
 * how many it showed on earlier visits were, a kept list come back; `readAgain`: it was read again
 * because all it showed were, or came back, and was empty: the library removed more than the ones
 * opened, so they are not counted).
 */
export function emptyListText({ gone, goneBefore = 0, readAgain }: { gone: number; goneBefore?: number; readAgain: boolean }, words: EmptyWords): string {
  if (readAgain) return `${words.left}: the library removed ${words.all}.`;
  const opened = gone + goneBefore;
  return opened > 0 ? `${words.left}: the library removed ${removedOpenedText(opened)}.` : words.none;
}
