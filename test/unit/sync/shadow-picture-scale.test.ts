// A component with a drop shadow against its shadowless self, from the export to the scale the
// Sync detail draws each picture at: Figma (and the strict fake) exports the shadow's pixels too
// (the render bounds), so the picture is larger than the box. Read from the box, the shadowed
// picture's scale came out larger than it is and it was drawn smaller than its shadowless self.
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';
import { readImageHeader } from '../../support/png';
import { normalizeComponent } from '../../../src/snapshot/normalize/component';
import { ReferenceCollector } from '../../../src/snapshot/references';
import { exportThumbnailAsync, THUMBNAIL_MAX_SIZE } from '../../../src/sync/component-nodes';
import { pictureSizeOf } from '../../../src/sync/picture-size';
import { pairFactors } from '../../../ui/sync/picture-scale';

const SHADOW: DropShadowEffect = { type: 'DROP_SHADOW', color: { r: 0, g: 0, b: 0, a: 0.12 }, offset: { x: 0, y: 4 }, radius: 12, spread: 0, visible: true, blendMode: 'NORMAL' };

interface Version {
  /** What the sandbox tells the UI (from the version's payload, as the snapshot wrote it). */
  size: ReturnType<typeof pictureSizeOf>;
  /** The exported picture's pixels. */
  picture: { width: number; height: number };
  /** Figma units across the picture, as the fake exported it. */
  exportedWidth: number;
}

async function versionAsync(width: number, height: number, effects: Effect[]): Promise<Version> {
  const fake = createFakeFigma();
  const component = fake.figma.createComponent();
  component.resize(width, height);
  component.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.3 } }];
  component.effects = effects;
  const { node } = normalizeComponent(component, { mixed: fake.figma.mixed, refs: new ReferenceCollector() }).component;
  const header = readImageHeader(new Uint8Array(Buffer.from((await exportThumbnailAsync(component))!, 'base64')))!;
  return { size: pictureSizeOf({ node }), picture: { width: header.width, height: header.height }, exportedWidth: component.absoluteRenderBounds!.width };
}

/** px per Figma unit each picture is drawn at, the pair's factors applied. */
function drawnScales(before: Version, after: Version): [number, number] {
  const factors = pairFactors({ before: before.size, after: after.size }, { before: before.picture, after: after.picture });
  return [(before.picture.width * factors.before) / before.exportedWidth, (after.picture.width * factors.after) / after.exportedWidth];
}

describe('a component given a drop shadow', () => {
  it('is drawn at its shadowless self’s scale, a large one (exported at most 256 px on its long side)', async () => {
    const plain = await versionAsync(600, 72, []);
    const shadowed = await versionAsync(600, 72, [SHADOW]);
    // The export covers the shadow, and stays within the limit.
    expect(shadowed.exportedWidth).toBe(624);
    expect(Math.max(shadowed.picture.width, shadowed.picture.height)).toBeLessThanOrEqual(THUMBNAIL_MAX_SIZE);
    const [before, after] = drawnScales(plain, shadowed);
    // One scale, but for a pixel of rounding across the picture.
    expect(Math.abs(before - after) * 624).toBeLessThan(1);
  });

  it('is drawn at its shadowless self’s scale, a small one (exported at 1×)', async () => {
    const plain = await versionAsync(16, 16, []);
    const shadowed = await versionAsync(16, 16, [SHADOW]);
    expect(shadowed.picture).toEqual({ width: 40, height: 40 });
    expect(drawnScales(plain, shadowed)).toEqual([1, 1]);
  });
});
