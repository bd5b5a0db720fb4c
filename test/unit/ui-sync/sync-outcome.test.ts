import { describe, expect, it } from 'vitest';
import type { SyncItem } from '../../../src/shared/bridge/messages';
import { cancelledText, historyCounts, outcomeAfterCheck, outcomeText } from '../../../ui/sync/sync-outcome';

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

describe('the last sync’s notice after Check again', () => {
  const row = (key: string, takenInPart: boolean): SyncItem => ({
    key,
    name: key,
    kind: 'remote-change',
    componentKind: 'component',
    choice: takenInPart ? 'skip' : 'take',
    remoteUpdatedBy: 'Ana Lima',
    remoteUpdatedAt: '2026-11-24T11:00:00Z',
    ...(takenInPart ? { takenInPart: { steps: ['Fill: set it by hand.'] } } : {}),
  });
  const header = { key: 'h', name: 'Header', steps: ['Fill: set it by hand.', 'Until this file matches…'], takenInPart: true as const };
  const footer = { key: 'f', name: 'Footer', steps: ['It is no longer in this file: nothing was taken.'] };
  const outcome = { pushed: 2, deleted: 0, taken: 1, skipped: 0, newConflicts: 0, manualSteps: [header, footer], comparison };

  it('stays as it was while each version taken in part is still listed so (matched by key, not by name)', () => {
    expect(outcomeAfterCheck({ outcome, counts: true }, [row('h', true), { ...row('x', false), name: 'Header' }])).toEqual({ outcome, counts: true });
  });

  it('drops the steps of a take undone (listed again without it) or finished by hand (no longer listed), and no longer counts what it did', () => {
    expect(outcomeAfterCheck({ outcome, counts: true }, [row('h', false)])).toEqual({ outcome: { ...outcome, manualSteps: [footer] }, counts: false });
    expect(outcomeAfterCheck({ outcome, counts: true }, [])).toEqual({ outcome: { ...outcome, manualSteps: [footer] }, counts: false });
  });

  it('goes once no step is left', () => {
    expect(outcomeAfterCheck({ outcome: { ...outcome, manualSteps: [header] }, counts: true }, [row('h', false)])).toBeNull();
  });
});

describe('the words after a cancelled sync', () => {
  it('say what the list shows of what is left, as it is checked, shown or not read', () => {
    expect(cancelledText('checking')).toBe('Sync cancelled. What was already sent is recorded; checking what is left…');
    expect(cancelledText('shown')).toBe('Sync cancelled. What was already sent is recorded; the list shows what is left.');
    expect(cancelledText('unread')).toBe('Sync cancelled. What was already sent is recorded; Check again to see what is left.');
  });

  it('say the cancel alone once the link moved: the check with the new link says the rest (the list shown is of the old one)', () => {
    expect(cancelledText(null)).toBe('Sync cancelled.');
  });
});
