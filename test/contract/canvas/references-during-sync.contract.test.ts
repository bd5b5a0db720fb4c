// References placed while a sync runs: the sync's take of the design system's versions is one
// undo step, and what the sync records in the file is not the references' to take back. The
// real handlers against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { context, expectTakeUndoneWhole, syncedOnceAsync, takeHalfWayAsync, useSyncHarness } from '../sync/support/sync-harness';

const h = useSyncHarness();

describe('A batch of references begun while a sync takes the design system’s versions', () => {
  it('is refused in words, so ⌘Z never leaves the take half undone', async () => {
    await syncedOnceAsync(h);
    const { divider, hero, before, run } = await takeHalfWayAsync(h);
    const begun = h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Spring' }, context);
    await expect(begun).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/sync/i) as string });
    await run;
    expect([divider.description, hero.description]).toEqual(['Theirs.', 'Theirs.']);

    expectTakeUndoneWhole(h, divider, hero, before);
  });
});
