// A template name as a person sees it: one with nothing visible in it (only zero-width spaces,
// which trim() keeps) is an empty one, refused before it is sent.
import { templateNameProblem } from './api/builder/requests';
import { blankName } from './quoted-name';

/** What is wrong with `name` in words, or null. */
export function visibleNameProblem(name: string): string | null {
  return blankName(name) ? 'Enter a template name.' : templateNameProblem(name);
}
