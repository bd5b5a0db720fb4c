// A journey's other number of emails per stage that could not be read: the notice says which stages show.
import { describe, expect, it } from 'vitest';
import { perStageProblem } from '../../../ui/library/journeys/per-stage-problem';
import type { LibraryProblem } from '../../../ui/library/library-problem';

const unavailable: LibraryProblem = { kind: 'unavailable', message: 'The library is unavailable right now. Try again in a little while.', retryAfterSeconds: null };

describe('perStageProblem', () => {
  it('says the stages shown are the earlier number’s, then the problem', () => {
    expect(perStageProblem(unavailable, 5, 7)).toEqual({ ...unavailable, message: 'Showing 5 emails per stage: 7 per stage could not be loaded. The library is unavailable right now. Try again in a little while.' });
  });

  it('leaves the problem as it is when nothing shows yet, or the number shown is the one asked for', () => {
    expect(perStageProblem(unavailable, null, 7)).toBe(unavailable);
    expect(perStageProblem(unavailable, 7, 7)).toBe(unavailable);
  });
});
