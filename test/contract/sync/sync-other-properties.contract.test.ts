// A row with the "other properties" chip carries what it stands for (otherProperties), in a
// designer's words: the real runner against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { componentNamed, context, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('a row with the “other properties” chip', () => {
  it('names the opacity and the corner radius changed here, and a row without the chip names nothing', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    const footer = componentNamed(h, 'Footer');
    hero.opacity = 0.5;
    hero.cornerRadius = 12;
    footer.fills = [{ type: 'SOLID', color: { r: 1, g: 0.2, b: 0 } }];
    const { items } = await h.plugin.handlers['sync/compare']({}, context);
    const seen = Object.fromEntries(items.map((item) => [item.key, [item.kind, item.chips, item.otherProperties]]));
    expect(seen).toEqual({
      [hero.key]: ['local-change', ['other'], ['opacity', 'corner radius']],
      [footer.key]: ['local-change', ['fill'], undefined],
    });
  });
});
