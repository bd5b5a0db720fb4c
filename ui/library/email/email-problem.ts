// A failed read of one email, as its page says it: a 404 names the email, not "this".
import { libraryProblem, type LibraryProblem } from '../library-problem';

export const EMAIL_GONE = 'This email is no longer in the library.';

export function emailProblem(error: unknown, nowMs = Date.now()): LibraryProblem {
  const problem = libraryProblem(error, nowMs);
  return problem.kind === 'not_found' ? { ...problem, message: EMAIL_GONE } : problem;
}

/**
 * What a fresh read, asked after the screenshot failed, changes: the email removed (its detail
 * came from the cache's minute) is said as gone; any other answer leaves the screenshot's own words.
 */
export function goneAfterScreenshot(error: unknown, nowMs = Date.now()): LibraryProblem | null {
  const problem = emailProblem(error, nowMs);
  return problem.kind === 'not_found' ? problem : null;
}
