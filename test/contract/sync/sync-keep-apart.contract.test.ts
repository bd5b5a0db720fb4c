// "Keep them apart" is the designer's decision, held by the sandbox like the choices: a replaced
// pair kept apart is not listed as one again, in this window, after a reopen, nor on the badge,
// until either key is synced. The real handlers against the fake Figma and the builder emulator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { storedFileIdOf } from '../../../src/sync/file-identity';
import { keptApartStorageKey } from '../../../src/sync/kept-apart-store';
import { componentNamed, context, nextBadgeAsync, remoteComponentsAsync, replaceTwo, startBackground, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** The plugin opened again on the same document and clientStorage (the window closed and reopened). */
function reopen(): void {
  h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
}

/** Synced once with Header described (so rule 2 can pair it), then Footer and Header replaced; the two pairs' keys. */
async function twoPairsAsync() {
  const described = componentNamed(h, 'Header') as ComponentNode;
  described.description = 'The email header with the logo.';
  const oldFooter = componentNamed(h, 'Footer').key;
  const oldHeader = described.key;
  await syncedOnceAsync(h);
  const { footer, header } = replaceTwo(h);
  const footerPair = { oldKey: oldFooter, newKey: footer.key };
  const headerPair = { oldKey: oldHeader, newKey: header.key };
  return { footer, header, footerPair, headerPair };
}

function storedApartAsync(): Promise<unknown> {
  return h.fake.figma.clientStorage.getAsync(keptApartStorageKey(storedFileIdOf(h.fake.figma.root), 'ds_empty'));
}

describe('a replaced pair kept apart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not listed as one again: after Check again, after a reopen, and the badge counts it as two', async () => {
    const { footerPair, headerPair } = await twoPairsAsync();
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toEqual(expect.arrayContaining([footerPair, headerPair]));
    // Chosen as one replaced row is (both keys), then the new key alone: each row keeps its choice.
    await h.plugin.handlers['sync/choose']({ choices: { [footerPair.oldKey]: 'push', [footerPair.newKey]: 'skip' } }, context);

    const apart = await h.plugin.handlers['sync/keep-apart'](footerPair, context);
    expect(apart.replacements).toEqual([headerPair]);
    // Kept apart, the addition is compared with nothing: no chips from the deleted one.
    expect(apart.items.find((item) => item.key === footerPair.newKey)).toMatchObject({ kind: 'local-add', choice: 'skip' });
    expect(apart.items.find((item) => item.key === footerPair.newKey)?.chips).toBeUndefined();
    expect(apart.items.find((item) => item.key === footerPair.oldKey)).toMatchObject({ kind: 'local-delete', choice: 'push' });

    // Check again.
    expect((await h.plugin.handlers['sync/compare']({}, context)).replacements).toEqual([headerPair]);

    // The window closed and opened again: the badge's start-up check, then the screen.
    reopen();
    const badges = startBackground(h);
    // Footer kept apart is two rows (deleted, added); Header is one replaced row.
    expect(await nextBadgeAsync(badges, 0)).toEqual({ rows: 3 });
    // The live count after an edit agrees.
    componentNamed(h, 'Button').description = 'Edited.';
    expect(await nextBadgeAsync(badges, 1)).toEqual({ rows: 4 });
    const reopened = await h.plugin.handlers['sync/compare']({}, context);
    expect(reopened.replacements).toEqual([headerPair]);
    expect(reopened.items.find((item) => item.key === footerPair.oldKey)?.choice).toBe('push');
    expect(reopened.items.find((item) => item.key === footerPair.newKey)?.choice).toBe('skip');
    expect(badges[badges.length - 1]).toEqual({ rows: 4 });
  });

  it('applies only to that pair, reads a malformed stored value as nothing kept apart, and is forgotten once a key of it is synced; the run sends the two rows separately', async () => {
    const { footer, footerPair, headerPair } = await twoPairsAsync();
    await h.fake.figma.clientStorage.setAsync(keptApartStorageKey(storedFileIdOf(h.fake.figma.root), 'ds_empty'), { [footerPair.oldKey]: true });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toEqual(expect.arrayContaining([footerPair, headerPair]));

    await h.plugin.handlers['sync/keep-apart'](footerPair, context);
    // Already apart: the same answer, nothing stored twice.
    expect((await h.plugin.handlers['sync/keep-apart'](footerPair, context)).replacements).toEqual([headerPair]);
    expect(await storedApartAsync()).toEqual([footerPair]);
    // A pair the comparison does not show cannot be kept apart.
    await expect(h.plugin.handlers['sync/keep-apart']({ oldKey: footerPair.oldKey, newKey: headerPair.newKey }, context)).rejects.toMatchObject({ code: 'not_found' });

    // The added Footer edited after the comparison: it is not sent from the comparison's copy, and
    // kept apart, the old Footer's deletion goes all the same (one replaced row would wait).
    footer.description = 'Edited after the comparison.';
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(footerPair.oldKey)?.deleted).toBe(true);
    expect(remote.has(footerPair.newKey)).toBe(false);
    expect(remote.get(headerPair.newKey)?.deleted).toBe(false);
    expect(outcome.manualSteps.map((entry) => entry.name)).toEqual(['Footer']);
    const after = await h.plugin.handlers['sync/compare']({}, context);
    expect(after.items.map((item) => [item.key, item.kind])).toEqual([[footerPair.newKey, 'local-add']]);
    expect(after.replacements).toEqual([]);
    // The old key is synced: the decision is gone with it.
    expect(await storedApartAsync()).toBeUndefined();
  });
});
