// The second review of sync: what changes in the file, in Settings or in clientStorage between the
// comparison the designer saw and the sync they run. The real runner against the fake Figma and the
// builder emulator; outcomes checked where they land (the document, the emulator's changes feed).
import { describe, expect, it } from 'vitest';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, remoteComponentsAsync, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('take theirs on a component edited here after the comparison', () => {
  it('does not overwrite the edit the comparison never showed: nothing is taken, and it comes back as a conflict', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
    // While the list is open, the designer edits Footer's description.
    footer.description = 'Mine, after the comparison.';
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(footer.description).toBe('Mine, after the comparison.');
    expect(outcome.manualSteps).toEqual([{ name: 'Footer', steps: [expect.stringMatching(/changed in this file since the comparison: nothing was taken/) as string] }]);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  });

  it('does not hide a layer edit made after the comparison by recording it as the version taken', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    // A fill, which taking theirs does not touch: recorded as taken, it would never be pushed nor listed.
    footer.fills = [{ type: 'SOLID', color: { r: 1, g: 0.2, b: 0 } }];
    await h.plugin.handlers['sync/run']({}, context);
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'conflict' });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)?.description).toBe('Theirs.');
  });
});
