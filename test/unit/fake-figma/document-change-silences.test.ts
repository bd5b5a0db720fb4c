// Where Figma stays silent, the fake does too. The typings (PluginAPI.on, "documentchange"):
// "We currently never notify a `'documentchange'` listener in the following scenarios: … if an
// instance sublayer was updated by a change to a main component; if a node was updated as a
// result of a style changing". The stricter reading: the instance itself (not only its layers)
// is not reported either. Then the snapshot's incremental tracking, which only sees what is
// reported, must still agree with a full snapshot after such edits.
import { describe, expect, it } from 'vitest';
import { createFakeFigma, type FakeFigma } from '../../fake-figma/index';
import { buildSnapshotFixtureAsync, type SnapshotFixture } from '../../fixtures/snapshot-fixture';
import { createSnapshotter, type SnapshotResult } from '../../../src/snapshot';

const noYield = (): Promise<void> => Promise.resolve();

async function listeningAsync(fake: FakeFigma): Promise<Set<string>> {
  await fake.figma.loadAllPagesAsync();
  const reported = new Set<string>();
  fake.figma.on('documentchange', (event) => {
    for (const change of event.documentChanges) reported.add(change.id);
  });
  return reported;
}

describe('documentchange stays silent where Figma does', () => {
  it('reports a main component edit on the main component only, not on its instances or their layers', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const main = figma.createComponent();
    const dot = figma.createRectangle();
    main.appendChild(dot);
    const instance = main.createInstance();
    const reported = await listeningAsync(fake);
    dot.opacity = 0.5;
    main.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    const added = figma.createEllipse();
    main.appendChild(added);
    await fake.settleAsync();
    const layer = instance.children[0]!;
    expect((layer as RectangleNode).opacity).toBe(0.5);
    expect(instance.children).toHaveLength(2);
    expect([...reported].sort()).toEqual([added.id, dot.id, main.id].sort());
    expect(reported.has(instance.id)).toBe(false);
    expect(reported.has(layer.id)).toBe(false);
  });

  it('reports a style edit on the style only, not on the nodes that use it', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const style = figma.createPaintStyle();
    style.paints = [{ type: 'SOLID', color: { r: 0, g: 0, b: 1 } }];
    const rect = figma.createRectangle();
    await rect.setFillStyleIdAsync(style.id);
    const reported = await listeningAsync(fake);
    style.paints = [{ type: 'SOLID', color: { r: 0, g: 1, b: 0 } }];
    await fake.settleAsync();
    expect((rect.fills as SolidPaint[])[0]!.color).toEqual({ r: 0, g: 1, b: 0 });
    expect([...reported]).toEqual([style.id]);
  });

  // Typings, same list: "if the change was caused directly by your plugin in a `documentchange` callback".
  it('does not report what the plugin changes inside its own documentchange callback', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    await figma.loadAllPagesAsync();
    const frame = figma.createFrame();
    const marker = figma.createRectangle();
    await fake.settleAsync();
    const seen: string[][] = [];
    figma.on('documentchange', (event) => {
      seen.push(event.documentChanges.map((change) => change.id));
      if (event.documentChanges.some((change) => change.id === frame.id)) marker.name = 'touched by the callback';
    });
    frame.name = 'Edited';
    await fake.settleAsync();
    marker.opacity = 0.5;
    await fake.settleAsync();
    expect(seen).toEqual([[frame.id], [marker.id]]);
    expect(marker.name).toBe('touched by the callback');
  });

  it('still reports a plugin applying a style to a node (that is not a style changing)', async () => {
    const fake = createFakeFigma();
    const style = fake.figma.createPaintStyle();
    const rect = fake.figma.createRectangle();
    const reported = await listeningAsync(fake);
    await rect.setFillStyleIdAsync(style.id);
    await fake.settleAsync();
    expect([...reported]).toEqual([rect.id]);
  });
});

describe('incremental snapshots with the silent cases', () => {
  async function trackedAsync(): Promise<{ fake: FakeFigma; fixture: SnapshotFixture; incrementalAsync: () => Promise<SnapshotResult>; fullAsync: () => Promise<SnapshotResult> }> {
    const fake = createFakeFigma();
    const fixture = await buildSnapshotFixtureAsync(fake);
    fake.relaunch();
    const figma = fake.figma;
    await figma.loadAllPagesAsync();
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    await figma.loadFontAsync({ family: 'Inter', style: 'Bold' });
    const snapshotter = createSnapshotter(figma, { yieldAsync: noYield });
    await snapshotter.snapshotAsync();
    return {
      fake,
      fixture,
      incrementalAsync: () => snapshotter.snapshotAsync(),
      fullAsync: () => createSnapshotter(figma, { yieldAsync: noYield }).snapshotAsync(),
    };
  }

  const hashes = (result: SnapshotResult) => Object.fromEntries(result.components.map((payload) => [payload.name, payload.hash]));

  it('gives the full snapshot’s hashes after a main component edit that its instances show', async () => {
    const { fake, fixture, incrementalAsync, fullAsync } = await trackedAsync();
    const before = hashes(await fullAsync());
    (fixture.iconArrow.children[0] as VectorNode).strokeWeight = 3;
    await fake.settleAsync();
    const incremental = await incrementalAsync();
    const full = await fullAsync();
    expect(incremental.stats.mode).toBe('incremental');
    expect(hashes(incremental)).toEqual(hashes(full));
    // The Button variants show the arrow through instances: they changed although none of their
    // layers was reported.
    expect(hashes(full).Button).not.toBe(before.Button);
  });

  it('gives the full snapshot’s hashes after a style edit that changes the nodes using it', async () => {
    const { fake, fixture, incrementalAsync, fullAsync } = await trackedAsync();
    const before = hashes(await fullAsync());
    fixture.brandStyle.paints = [{ type: 'SOLID', color: { r: 0.9, g: 0.2, b: 0.1 } }];
    await fake.settleAsync();
    const incremental = await incrementalAsync();
    const full = await fullAsync();
    expect(incremental.stats.mode).toBe('incremental');
    expect(hashes(incremental)).toEqual(hashes(full));
    expect(hashes(full)).not.toEqual(before);
  });
});
