// A template's link changed while a sync takes the design system's versions: the take stays one
// undo step. The real handlers against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { context, expectTakeUndoneWhole, syncedOnceAsync, takeHalfWayAsync, useSyncHarness } from '../sync/support/sync-harness';

const h = useSyncHarness();

describe('A frame unlinked from its template while a sync takes the design system’s versions', () => {
  it('is unlinked, and ⌘Z never leaves the take half undone', async () => {
    await syncedOnceAsync(h);
    const frame = h.fake.figma.createFrame();
    frame.name = 'Spring sale';
    frame.resize(600, 800);
    h.fake.figma.currentPage.selection = [frame];
    await h.plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    h.fake.figma.commitUndo();
    const { divider, hero, before, run } = await takeHalfWayAsync(h);
    const unlinked = h.plugin.handlers['templates/unlink']({ frameId: frame.id }, context);
    await run;
    await unlinked;
    expect([divider.description, hero.description]).toEqual(['Theirs.', 'Theirs.']);
    expect(h.fake.inspect.run(() => frame.getPluginData(TEMPLATE_LINK_KEY))).toBe('');

    expectTakeUndoneWhole(h, divider, hero, before);
  });
});
