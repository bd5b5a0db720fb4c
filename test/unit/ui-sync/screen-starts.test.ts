import { describe, expect, it } from 'vitest';
import type { SyncOverview } from '../../../src/shared/bridge/messages';
import { linkChangedText, linkMovedFrom, onlyBadgeMoved, startCompares } from '../../../ui/sync/screen-starts';

function overview(designSystemId: string | null, problem: SyncOverview['problem'] = null): SyncOverview {
  return { problem, designSystemId, lastSyncedAt: null, history: [], readOnlyReason: null };
}

describe('when the Sync screen starts', () => {
  it('waits for a still badge only when nothing but the count moved', () => {
    const shown = { hidden: false, designSystemId: 'ds_1' };
    expect(onlyBadgeMoved(shown, { ...shown })).toBe(true);
    expect(onlyBadgeMoved(null, shown)).toBe(false);
    expect(onlyBadgeMoved({ ...shown, hidden: true }, shown)).toBe(false);
    expect(onlyBadgeMoved(shown, { ...shown, designSystemId: 'ds_2' })).toBe(false);
  });
});

describe('whether a start compares', () => {
  it('compares anew the first time and after the link changed', () => {
    expect(startCompares(null, overview('ds_1'), false, null, null)).toBe(false);
    expect(startCompares(null, overview('ds_1'), true, 3, 3)).toBe(false);
    expect(startCompares(overview('ds_1'), overview('ds_2'), true, 3, 3)).toBe(false);
    expect(startCompares(overview(null, 'no-design-system'), overview('ds_1'), true, 3, 3)).toBe(false);
    expect(startCompares(overview('ds_1'), overview('ds_1'), false, null, null)).toBe(false);
    // The same design system with a key replaced in Settings.
    expect(startCompares(overview('ds_1'), { ...overview('ds_1'), comparedWithOtherLink: true }, true, 3, 3)).toBe(false);
  });

  it('compares quietly when only the badge counts otherwise than the list', () => {
    expect(startCompares(overview('ds_1'), overview('ds_1'), true, 4, 3)).toBe(true);
  });

  it('does not compare a current list, one whose count is unknown, or a file that cannot sync', () => {
    expect(startCompares(overview('ds_1'), overview('ds_1'), true, 3, 3)).toBeNull();
    expect(startCompares(overview('ds_1'), overview('ds_1'), true, null, 3)).toBeNull();
    expect(startCompares(overview('ds_1'), overview('ds_1'), true, 4, null)).toBeNull();
    expect(startCompares(null, overview(null, 'no-builder-key'), false, null, null)).toBeNull();
  });

  it('does not ask again with a key the builder refused at the last comparison, list or none (each return to the tab was refused again, in the same words)', () => {
    const refused = { ...overview('ds_1'), keyRefused: true };
    expect(startCompares(null, refused, false, null, null)).toBeNull();
    expect(startCompares(refused, refused, false, null, null)).toBeNull();
    // A list compared with the key before, replaced since by the one refused.
    expect(startCompares(overview('ds_1'), { ...refused, comparedWithOtherLink: true }, true, 3, 3)).toBeNull();
  });
});

describe('the words after a sync during which the link moved', () => {
  const said = 'This file’s design system changed to ds_2 while the sync ran (undo, redo or a collaborator). What was sent to ds_1 is recorded';

  it('name both design systems, and say the list compares with the new one once it does', () => {
    expect(linkChangedText('ds_1', overview('ds_2'), false, true)).toBe(`${said}; the list now compares with ds_2.`);
  });

  it('say the sync was cancelled too when it was (they replace the cancel’s words)', () => {
    expect(linkChangedText('ds_1', overview('ds_2'), true, true)).toBe(`Sync cancelled. ${said}; the list now compares with ds_2.`);
  });

  it('never say the list compares with the new design system when its check did not finish or did not run', () => {
    expect(linkChangedText('ds_1', overview('ds_2'), true, false)).toBe(`Sync cancelled. ${said}; the comparison with ds_2 did not finish.`);
    expect(linkChangedText('ds_1', overview('ds_2'), false, undefined)).toBe(`${said}.`);
  });

  it('say a check with the new design system that was stopped was stopped, and how to compare (they replace its words)', () => {
    expect(linkChangedText('ds_1', overview('ds_2'), true, null)).toBe(`Sync cancelled. ${said}. Check stopped. Press Check again to compare.`);
  });

  it('are said only when the link is another now and the file can sync, after such a sync', () => {
    expect(linkMovedFrom('ds_1', overview('ds_2'))).toBe(true);
    expect(linkMovedFrom('ds_1', overview('ds_1'))).toBe(false);
    expect(linkMovedFrom('ds_1', overview(null, 'no-design-system'))).toBe(false);
    expect(linkMovedFrom(null, overview('ds_2'))).toBe(false);
  });
});
