// The document's relaunch buttons (shown when nothing is selected): placing library emails adds
// "Check email references", a sync adds "Sync design system", and neither takes the other away,
// though Figma's setRelaunchData replaces all of a node's relaunch data; the reference check's
// button goes once the file holds no reference (the check finds none, a removal leaves none, an
// insert cancelled or emptied places none), Sync's staying. The real handlers against the fake
// Figma (which shows only the manifest's buttons) and the builder emulator.
import { describe, expect, it } from 'vitest';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { insertOf } from './support/library-email';
import { context, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** A small library email placed as a person does from Browse; its frame's id. */
async function placeReferenceAsync(emailId = 42): Promise<string> {
  return (await h.plugin.handlers['canvas/insert'](insertOf(emailId), context)).nodeId;
}

function cancelledSignal() {
  const source = createCancelSource();
  source.cancel();
  return source.signal;
}

/** The person pressed Cancel while the reference was being built: the UI stopped waiting for it. */
const cancelled = handlerContext({ signal: cancelledSignal() });

/** The designer (or a teammate) deletes a reference on the canvas: not the plugin's edit, not in its undo history. */
function deleteOnCanvas(nodeId: string): void {
  h.fake.remoteEdit(() => h.fake.inspect.node(nodeId)!.remove());
}

const documentButtons = () => h.fake.inspect.relaunchButtons(h.fake.figma.root).map((button) => button.command).sort();

describe('the document’s relaunch buttons', () => {
  it('a file where library emails were placed offers the reference check, and a sync afterwards keeps it beside its own button', async () => {
    expect(documentButtons()).toEqual([]);
    await placeReferenceAsync();
    expect(h.fake.inspect.relaunchButtons(h.fake.figma.root)).toEqual([
      { command: 'references', description: 'See whether the library emails placed in this file are still in the library' },
    ]);
    await syncedOnceAsync(h);
    expect(documentButtons()).toEqual(['references', 'sync']);
  });

  it('placing library emails in a synced file keeps its Sync button', async () => {
    await syncedOnceAsync(h);
    expect(documentButtons()).toEqual(['sync']);
    await placeReferenceAsync();
    expect(documentButtons()).toEqual(['references', 'sync']);
  });

  it('undoing the only placed email takes the reference check’s button away with it', async () => {
    await placeReferenceAsync();
    expect(documentButtons()).toEqual(['references']);
    h.fake.figma.triggerUndo();
    expect(documentButtons()).toEqual([]);
  });

  it('the reference check that finds no reference takes the button away, keeping Sync’s', async () => {
    await syncedOnceAsync(h);
    const placed = await placeReferenceAsync();
    expect(documentButtons()).toEqual(['references', 'sync']);
    deleteOnCanvas(placed);
    const found = await h.plugin.handlers['canvas/references-find']({}, context);
    expect(found.references).toEqual([]);
    expect(documentButtons()).toEqual(['sync']);
  });

  /** A page searched after the open one: `meanwhile` runs (references placed on the open one) while the check loads it. */
  function whileTheCheckLoadsALaterPage(meanwhile: () => Promise<void>): void {
    const later = h.fake.figma.createPage();
    const loadAsync = later.loadAsync.bind(later);
    Object.defineProperty(later, 'loadAsync', {
      value: async () => {
        await meanwhile();
        return loadAsync();
      },
      configurable: true,
    });
  }

  it('the reference check keeps the button when a lone reference lands while it searches (it searched that page before the reference came)', async () => {
    deleteOnCanvas(await placeReferenceAsync(42));
    let dropped: string | null = null;
    whileTheCheckLoadsALaterPage(async () => {
      dropped = await placeReferenceAsync(43);
    });
    const found = await h.plugin.handlers['canvas/references-find']({}, context);
    expect(dropped).not.toBeNull();
    expect(found.references).toEqual([]);
    expect(documentButtons()).toEqual(['references']);
  });

  it('the reference check keeps the button when a whole batch is placed while it searches', async () => {
    deleteOnCanvas(await placeReferenceAsync(42));
    let placed = 0;
    whileTheCheckLoadsALaterPage(async () => {
      const { batchId } = await h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Picks' }, context);
      await h.plugin.handlers['canvas/insert'](insertOf(44, { batchId }), context);
      placed = (await h.plugin.handlers['canvas/insert-end']({ batchId }, context)).placed;
    });
    const found = await h.plugin.handlers['canvas/references-find']({}, context);
    expect(placed).toBe(1);
    expect(found.references).toEqual([]);
    expect(documentButtons()).toEqual(['references']);
  });

  it('the reference check that finds references keeps the button', async () => {
    await placeReferenceAsync(42);
    const second = await placeReferenceAsync(43);
    deleteOnCanvas(second);
    await h.plugin.handlers['canvas/references-find']({}, context);
    expect(documentButtons()).toEqual(['references']);
  });

  it('removing the last references takes the button away in the same undo step; undo brings both back', async () => {
    await syncedOnceAsync(h);
    const first = await placeReferenceAsync(42);
    const second = await placeReferenceAsync(42);
    const result = await h.plugin.handlers['canvas/references-remove']({ nodeIds: [first, second], goneEmailIds: [42] }, context);
    expect(result).toEqual({ removed: 2, failures: [] });
    expect(documentButtons()).toEqual(['sync']);
    h.fake.figma.triggerUndo();
    expect([h.fake.inspect.node(first)?.removed, h.fake.inspect.node(second)?.removed]).toEqual([false, false]);
    expect(documentButtons()).toEqual(['references', 'sync']);
  });

  it('removing some references keeps the button while one is left', async () => {
    const gone = await placeReferenceAsync(42);
    await placeReferenceAsync(43);
    await h.plugin.handlers['canvas/references-remove']({ nodeIds: [gone], goneEmailIds: [42] }, context);
    expect(documentButtons()).toEqual(['references']);
  });

  it('an insert cancelled while its reference was built sets no button, and keeps Sync’s', async () => {
    await syncedOnceAsync(h);
    await expect(h.plugin.handlers['canvas/insert'](insertOf(42), cancelled)).rejects.toMatchObject({ code: 'cancelled' });
    expect(documentButtons()).toEqual(['sync']);
  });

  it('a cancelled insert in a file that holds a reference keeps the button', async () => {
    await placeReferenceAsync(42);
    await expect(h.plugin.handlers['canvas/insert'](insertOf(43), cancelled)).rejects.toMatchObject({ code: 'cancelled' });
    expect(documentButtons()).toEqual(['references']);
  });

  it('a batch cancelled with none of its references left (the person deleted the one placed) ends without the button', async () => {
    const { batchId } = await h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Library references' }, context);
    const { nodeId } = await h.plugin.handlers['canvas/insert'](insertOf(42, { batchId }), context);
    expect(documentButtons()).toEqual(['references']);
    deleteOnCanvas(nodeId);
    await expect(h.plugin.handlers['canvas/insert'](insertOf(43, { batchId }), cancelled)).rejects.toMatchObject({ code: 'cancelled' });
    expect(documentButtons()).toEqual([]);
    await expect(h.plugin.handlers['canvas/insert-end']({ batchId }, context)).resolves.toEqual({ placed: 0, nodeIds: [] });
    expect(documentButtons()).toEqual([]);
  });

  it('a batch that placed references and is then undone takes the button away with them', async () => {
    const { batchId } = await h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Library references' }, context);
    await h.plugin.handlers['canvas/insert'](insertOf(42, { batchId }), context);
    await h.plugin.handlers['canvas/insert'](insertOf(43, { batchId }), context);
    await h.plugin.handlers['canvas/insert-end']({ batchId }, context);
    expect(documentButtons()).toEqual(['references']);
    h.fake.figma.triggerUndo();
    expect(documentButtons()).toEqual([]);
  });
});
