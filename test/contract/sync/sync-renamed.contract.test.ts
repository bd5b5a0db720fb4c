// A renamed component's row carries its name on the other side (otherName): the real runner
// against the fake Figma and the builder emulator, renamed here, by a teammate, and on both sides.
import { describe, expect, it } from 'vitest';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('a renamed component’s row', () => {
  it('says the name last synced for a rename here, and the design system’s for a teammate’s rename or a conflict', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const hero = componentNamed(h, 'Hero');
    const footer = componentNamed(h, 'Footer');
    hero.name = 'Hero banner';
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, name: 'Divider line' });
    footer.name = 'Footer / Mine';
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, name: 'Footer / Theirs' });
    const { items } = await h.plugin.handlers['sync/compare']({}, context);
    const seen = Object.fromEntries(items.map((item) => [item.key, [item.kind, item.name, item.otherName]]));
    expect(seen).toEqual({
      [hero.key]: ['local-change', 'Hero banner', 'Hero'],
      [divider.key]: ['remote-change', 'Divider', 'Divider line'],
      [footer.key]: ['conflict', 'Footer / Mine', 'Footer / Theirs'],
    });
  });
});
