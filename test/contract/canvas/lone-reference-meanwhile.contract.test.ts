// A lone reference whose screenshot Figma is still reading (its images, the caption's font) when
// something else happens: the person opens another page, a sync starts, the design-system id is
// saved. The real handlers against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { insertOf } from '../sync/support/library-email';
import { componentNamed, context, expectTakeUndoneWhole, syncedOnceAsync, useSyncHarness } from '../sync/support/sync-harness';
import { controlAsync } from '../clients/support/transports';

const h = useSyncHarness();

describe('A lone reference still being read when something else happens', () => {
  it('goes on the page it was made on, selected there, when the person opens another page meanwhile', async () => {
    const other = h.fake.figma.createPage();
    const placing = h.plugin.handlers['canvas/insert'](insertOf(7), context);
    h.fake.showPage(other);
    const placed = await placing;
    const frame = h.fake.inspect.node(placed.nodeId) as FrameNode;
    expect(frame.parent?.id).toBe(other.id);
    expect(other.selection.map((node) => node.id)).toEqual([placed.nodeId]);
    expect(placed).not.toHaveProperty('pageName');
  });

  it('does not cut a sync’s take in two when the sync starts meanwhile: ⌘Z undoes the take whole', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const hero = componentNamed(h, 'Hero');
    const before = [divider.description, hero.description];
    for (const component of [divider, hero]) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: component.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    // Figma is still loading the caption's font (a host round trip) when Sync is run.
    let fontLoaded = () => undefined as void;
    const fontLoading = new Promise<void>((resolve) => (fontLoaded = resolve));
    const loadFontAsync = h.fake.figma.loadFontAsync.bind(h.fake.figma);
    Object.defineProperty(h.fake.figma, 'loadFontAsync', { value: async (font: FontName) => (await fontLoading, loadFontAsync(font)), configurable: true });
    const frames = h.fake.inspect.allNodes().filter((node) => node.type === 'FRAME').length;
    const placing = h.plugin.handlers['canvas/insert'](insertOf(8), context);
    placing.catch(() => undefined);
    const run = h.plugin.handlers['sync/run']({}, context);
    for (let turns = 0; [divider.description, hero.description].filter((description) => description === 'Theirs.').length !== 1; turns++) {
      if (turns === 100_000) throw new Error('the sync never got there');
      await Promise.resolve();
    }
    fontLoaded();
    // Refused in words, as one asked for while the sync runs: nothing placed.
    await expect(placing).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/sync/i) as string });
    await run;
    expect(h.fake.inspect.allNodes().filter((node) => node.type === 'FRAME').length).toBe(frames);
    expect([divider.description, hero.description]).toEqual(['Theirs.', 'Theirs.']);
    expectTakeUndoneWhole(h, divider, hero, before);
  });

  it('keeps the design-system id saved meanwhile out of the reference’s undo step', async () => {
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    const placing = h.plugin.handlers['canvas/insert'](insertOf(9), context);
    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_empty' }, context);
    const { nodeId } = await placing;
    const id = async () => (await h.plugin.handlers['settings/get']({}, context)).designSystemId;
    expect(await id()).toBe('ds_empty');
    h.fake.figma.triggerUndo();
    expect(h.fake.inspect.node(nodeId)).toBeNull();
    expect(await id()).toBe('ds_empty');
  });
});
