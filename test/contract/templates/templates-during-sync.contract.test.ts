// A template's link changed while a sync takes the design system's versions: the take stays one
// undo step. The real handlers against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, syncedOnceAsync, useSyncHarness } from '../sync/support/sync-harness';

const h = useSyncHarness();

/** Lets the sync run on, one step of its work at a time, until `done` holds. */
async function runOnUntil(done: () => boolean): Promise<void> {
  for (let turns = 0; !done(); turns++) {
    if (turns === 100_000) throw new Error('the sync never got there');
    await Promise.resolve();
  }
}

describe('A frame unlinked from its template while a sync takes the design system’s versions', () => {
  it('is unlinked, and ⌘Z never leaves the take half undone', async () => {
    await syncedOnceAsync(h);
    const frame = h.fake.figma.createFrame();
    frame.name = 'Spring sale';
    frame.resize(600, 800);
    h.fake.figma.currentPage.selection = [frame];
    await h.plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    h.fake.figma.commitUndo();
    const divider = componentNamed(h, 'Divider');
    const hero = componentNamed(h, 'Hero');
    const before = [divider.description, hero.description];
    for (const component of [divider, hero]) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: component.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);

    const run = h.plugin.handlers['sync/run']({}, context);
    // One component taken, the other not yet: the take's undo step is open.
    await runOnUntil(() => [divider.description, hero.description].filter((description) => description === 'Theirs.').length === 1);
    const unlinked = h.plugin.handlers['templates/unlink']({ frameId: frame.id }, context);
    await run;
    await unlinked;
    expect([divider.description, hero.description]).toEqual(['Theirs.', 'Theirs.']);
    expect(h.fake.inspect.run(() => frame.getPluginData(TEMPLATE_LINK_KEY))).toBe('');

    // ⌘Z until the take is undone: never a press that leaves it half taken.
    const seen: string[][] = [];
    for (let presses = 0; presses < 10 && (divider.description === 'Theirs.' || hero.description === 'Theirs.'); presses++) {
      h.fake.figma.triggerUndo();
      seen.push([divider.description, hero.description]);
    }
    expect(seen.filter((descriptions) => descriptions.includes('Theirs.') && !descriptions.every((description) => description === 'Theirs.'))).toEqual([]);
    expect([divider.description, hero.description]).toEqual(before);
  });
});
