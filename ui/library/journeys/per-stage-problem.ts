// A journey read again with another number of emails per stage that failed: the stages on show
// (and what Insert puts on the canvas) are still the earlier number's, which the notice says first.
import type { LibraryProblem } from '../library-problem';

export function perStageProblem(problem: LibraryProblem, shownPerStage: number | null, askedPerStage: number): LibraryProblem {
  if (shownPerStage === null || shownPerStage === askedPerStage) return problem;
  return { ...problem, message: `Showing ${shownPerStage} emails per stage: ${askedPerStage} per stage could not be loaded. ${problem.message}` };
}
