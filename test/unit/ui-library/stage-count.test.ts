// The count beside a journey stage's name.
import { describe, expect, it } from 'vitest';
import { stageCountText } from '../../../ui/library/journeys/stage-count';

describe('stageCountText', () => {
  it('says how many of the stage’s emails are shown', () => {
    expect(stageCountText(1, 8)).toBe('(1 of 8 emails)');
    expect(stageCountText(3, 3)).toBe('(3 emails)');
    expect(stageCountText(1, 1)).toBe('(1 email)');
  });

  it('says no count over a stage that shows no emails (it read “(0 of 8 emails)”, “(0 emails)”)', () => {
    expect(stageCountText(0, 8)).toBeNull();
    expect(stageCountText(0, 0)).toBeNull();
  });
});
