// Two designers syncing the same file near the same time. The file's sync state is shared
// plugin data: what one wrote while the other's sync was under way is read again and kept, never
// overwritten by the other's older copy. The real runner against the fake Figma and the builder
// emulator; each designer has their own plugin (their clientStorage and name) on one document.
import { describe, expect, it } from 'vitest';
import { readSyncState } from '../../../src/sync/sync-state';
import { controlAsync } from '../clients/support/transports';
import { collaboratorAsync, collaboratorSyncsWhilePushing, componentNamed, context, linkAsync, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('two designers syncing the same file at once', () => {
  it('a sync a collaborator finished while mine was sending is kept: their take and their history entry stay beside mine', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
    const robin = await collaboratorAsync(h);
    await linkAsync(h, 'ds_empty');
    componentNamed(h, 'Hero').description = 'Dana’s edit.';
    // Dana's sync pushes Hero; while its request is on its way, Robin checks and syncs (takes Divider).
    collaboratorSyncsWhilePushing(h, robin);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'skip' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(divider.description).toBe('Theirs.');
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(stored.status);
    expect(stored.state.history.slice(0, 2).map((entry) => [entry.user, entry.taken, entry.pushed])).toEqual([
      ['Dana Designer', 0, 1],
      // Robin's sync sent Hero too (the same file): the same version, no conflict.
      ['Robin Collaborator', 1, 1],
    ]);
    // Divider as taken by Robin: in sync for both of them.
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });
});
