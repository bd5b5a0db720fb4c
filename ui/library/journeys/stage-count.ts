// What a journey stage's heading says after its name.
import { plural } from '../../components/count-words';

/**
 * How many of the stage's emails are shown ("(1 of 8 emails)", "(3 emails)"). Nothing when none
 * are: "(0 of 8 emails)" over an empty stage read as a count of nothing; the line under it says
 * the library has none now.
 */
export function stageCountText(shown: number, total: number): string | null {
  if (shown === 0) return null;
  return `(${shown < total ? `${shown} of ` : ''}${plural(total, 'email')})`;
}
