import { describe, expect, it } from 'vitest';
import { historyCounts, outcomeText } from '../../../ui/sync/sync-outcome';

const comparison = { items: [], counts: {}, serverTime: '2026-11-24T12:00:00Z', readOnlyReason: null };

describe('a finished sync in words', () => {
  it('names what was done, leaving out what did not happen', () => {
    expect(outcomeText({ pushed: 1240, deleted: 1, taken: 0, skipped: 3, newConflicts: 0, manualSteps: [], comparison })).toEqual({
      summary: 'Sync done: 1,240 components pushed, 1 component deleted from the design system, 3 components skipped for now.',
      conflicts: null,
    });
    expect(outcomeText({ pushed: 0, deleted: 0, taken: 0, skipped: 0, newConflicts: 0, manualSteps: [], comparison }).summary).toBe('Sync done: nothing needed sending.');
  });

  it('says where the conflicts that came back from the server went', () => {
    expect(outcomeText({ pushed: 2, deleted: 0, taken: 1, skipped: 0, newConflicts: 2, manualSteps: [], comparison }).conflicts).toBe(
      '2 components changed in the design system while syncing and were not overwritten: they are in the list as conflicts.',
    );
  });

  it('sums up a history entry', () => {
    expect(historyCounts({ pushed: 12, deleted: 0, taken: 2, conflicts: 1 })).toBe('12 pushed, 2 taken, 1 conflict');
    expect(historyCounts({ pushed: 0, deleted: 0, taken: 0, conflicts: 0 })).toBe('nothing changed');
  });
});
