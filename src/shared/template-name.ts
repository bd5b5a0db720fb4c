// A template name as a person sees it. trim() keeps zero-width spaces and joiners: a name of only
// those was sent, and then shown as “” in the list, the link and what the save said.
import { templateNameProblem } from './api/builder/requests';

const INVISIBLE = /[\u200b-\u200d\u2060]/g;

/** What is wrong with `name` in words, or null; a name with nothing visible in it is an empty one. */
export function visibleNameProblem(name: string): string | null {
  return shownName(name) === '' ? 'Enter a template name.' : templateNameProblem(name);
}

/** `name`, or '' when nothing in it shows: for quotedName and named, which then say it in words, never “”. */
export function shownName(name: string): string {
  return name.replace(INVISIBLE, '').trim() === '' ? '' : name;
}
