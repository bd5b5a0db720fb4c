// The list as recorded now (sync/current, after a run that failed part-way) pairs replaced
// components once: the pairing is the long part of a comparison in a large file (seconds when
// hundreds of components were re-created under new names). It was done twice per request: the
// second time again for every deleted and added component the first left apart.
// The real handlers against the fake Figma and the builder emulator; the nearly-same pairing
// (rule 2: Header re-created under a new name) is counted where the comparison calls it.
import { describe, expect, it, vi } from 'vitest';
import { componentNamed, context, replaceTwo, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const pairings = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/sync/replacements', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/sync/replacements')>();
  return {
    ...original,
    pairNearlySameAsync: (...args: Parameters<typeof original.pairNearlySameAsync>) => {
      pairings.count += 1;
      return original.pairNearlySameAsync(...args);
    },
  };
});

const h = useSyncHarness();

describe('sync/current', () => {
  it('pairs the replaced components once, and shows the pairs as the comparison did', async () => {
    componentNamed(h, 'Divider').description = 'A rule between sections.';
    await syncedOnceAsync(h);
    const { footer, header } = replaceTwo(h);
    // Divider re-created under a new name with its description, but two kinds of change apart
    // (fill and size): compared with the deleted one, not paired, so each pairing compares it again.
    const oldDivider = componentNamed(h, 'Divider') as ComponentNode;
    const divider = oldDivider.clone();
    divider.name = 'Divider / Thick';
    divider.description = oldDivider.description;
    divider.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    divider.resize(divider.width, divider.height + 8);
    oldDivider.remove();
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect((compared.replacements ?? []).map((pair) => pair.newKey).sort()).toEqual([footer.key, header.key].sort());
    expect(compared.items.filter((item) => item.name.startsWith('Divider')).map((item) => item.kind).sort()).toEqual(['local-add', 'local-delete']);

    expect(pairings.count).toBe(1);
    pairings.count = 0;
    const current = await h.plugin.handlers['sync/current']({}, context);
    expect(pairings.count).toBe(1);
    expect(current.replacements).toEqual(compared.replacements);
    expect(current.items).toEqual(compared.items);
  });
});
