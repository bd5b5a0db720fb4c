// References placed while a sync runs: the sync's take of the design system's versions is one
// undo step, and what the sync records in the file is not the references' to take back. The
// real handlers against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
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

describe('A batch of references begun while a sync takes the design system’s versions', () => {
  it('is refused in words, so ⌘Z never leaves the take half undone', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const hero = componentNamed(h, 'Hero');
    const before = [divider.description, hero.description];
    for (const component of [divider, hero]) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: component.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);

    const run = h.plugin.handlers['sync/run']({}, context);
    // One component taken, the other not yet: the take's undo step is open.
    await runOnUntil(() => [divider.description, hero.description].filter((description) => description === 'Theirs.').length === 1);
    const begun = h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Spring' }, context);
    await expect(begun).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/sync/i) as string });
    await run;
    expect([divider.description, hero.description]).toEqual(['Theirs.', 'Theirs.']);

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
