// A teammate's edit made in the builder app carries the app's own hash, not Envelope's content
// hash. When the file already has exactly that content (the designer made the same change, or
// finished by hand what Take theirs left), the component is the same on both sides: recorded by
// the next sync without a push, and never a conflict that cannot be settled.
import { describe, expect, it } from 'vitest';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, remoteComponentsAsync, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('a version written by the builder app', () => {
  it('is the same on both sides when the file has its content, though its hash is the app’s own', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs, from the builder.' });
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)!;
    expect(theirs.hash.startsWith('remote_')).toBe(true);

    // The designer makes the same change here.
    footer.description = 'Theirs, from the builder.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)?.kind).toBe('both-same');
    expect(compared.counts.conflict ?? 0).toBe(0);

    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(0);
    // Nothing sent over theirs, and nothing left to do: not listed as changed here either.
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('settles a version taken in part once the designer finishes its steps by hand', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer') as ComponentNode;
    const fills = footer.fills;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs, from the builder.' });
    footer.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    const conflict = await h.plugin.handlers['sync/compare']({}, context);
    expect(conflict.items.find((item) => item.key === footer.key)?.kind).toBe('conflict');
    await h.plugin.handlers['sync/choose']({ choices: { [footer.key]: 'take' } }, context);
    const taken = await h.plugin.handlers['sync/run']({}, context);
    expect(taken.manualSteps.find((entry) => entry.name === 'Footer')?.steps.some((step) => step.includes('fill'))).toBe(true);

    // The step by hand: the file now has their version's content.
    footer.fills = fills;
    const matched = await h.plugin.handlers['sync/compare']({}, context);
    expect(matched.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'both-same' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('is still a conflict when the content differs', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    footer.description = 'Mine.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)?.kind).toBe('conflict');
  });
});
