// One relaunch button at a time on a node whose setRelaunchData replaces all of its relaunch data
// (the fake models Figma's rule): the document's Sync and reference-check buttons keep each other.
import { describe, expect, it } from 'vitest';
import { relaunchDataWith, setRelaunchButton } from '../../../src/platform/relaunch-buttons';
import { createFakeFigma } from '../../fake-figma/index';

describe('relaunch buttons', () => {
  it('adds, replaces and removes one button, keeping the others', () => {
    const added = relaunchDataWith({ sync: 'Push and pull' }, 'references', 'Check them');
    expect(added).toEqual({ sync: 'Push and pull', references: 'Check them' });
    expect(relaunchDataWith(added, 'references', 'Check again')).toEqual({ sync: 'Push and pull', references: 'Check again' });
    expect(relaunchDataWith(added, 'references', null)).toEqual({ sync: 'Push and pull' });
    expect(relaunchDataWith({}, 'sync', null)).toEqual({});
  });

  it('sets one button on the document without taking away another room’s, as Figma shows them', () => {
    const fake = createFakeFigma();
    expect(setRelaunchButton(fake.figma.root, 'sync', 'Push and pull components with the design system')).toBe(true);
    expect(setRelaunchButton(fake.figma.root, 'references', 'See whether the placed emails are still in the library')).toBe(true);
    expect(fake.inspect.relaunchButtons(fake.figma.root).map((button) => button.command).sort()).toEqual(['references', 'sync']);
    // Already so: nothing written, and the caller hears it (no undo step owed).
    expect(setRelaunchButton(fake.figma.root, 'references', 'See whether the placed emails are still in the library')).toBe(false);
    expect(setRelaunchButton(fake.figma.root, 'update-template', null)).toBe(false);
    expect(setRelaunchButton(fake.figma.root, 'sync', null)).toBe(true);
    expect(fake.inspect.relaunchButtons(fake.figma.root)).toEqual([{ command: 'references', description: 'See whether the placed emails are still in the library' }]);
  });
});
