// The fake's render bounds and PNG export of a node whose effects paint beyond its box: as Figma's,
// `absoluteRenderBounds` accounts for drop shadows and `exportAsync` covers it (typings: "The actual
// bounds of a node accounting for drop shadows, thick strokes, and anything else that may fall outside").
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../support/png';
import { createFakeFigma } from '../../fake-figma/index';

const shadow = (extra: Partial<DropShadowEffect> = {}): DropShadowEffect => ({
  type: 'DROP_SHADOW',
  color: { r: 0, g: 0, b: 0, a: 1 },
  offset: { x: 0, y: 4 },
  radius: 12,
  spread: 0,
  visible: true,
  blendMode: 'NORMAL',
  ...extra,
});

/** One pixel's RGBA of the fake's own PNGs (8-bit RGBA, filter 0). */
function pixelAt(bytes: Uint8Array, x: number, y: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const idat: Uint8Array[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = view.getUint32(offset);
    if (String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const row = inflateSync(Buffer.concat(idat)).subarray(y * (width * 4 + 1) + 1);
  return [...row.subarray(x * 4, x * 4 + 4)];
}

describe('a node with effects beyond its box', () => {
  it('has render bounds grown by a visible drop shadow’s offset, spread and blur, and by a layer blur', () => {
    const { figma } = createFakeFigma();
    const card = figma.createFrame();
    card.resize(100, 50);
    card.x = 10;
    card.y = 20;
    expect(card.absoluteRenderBounds).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    card.effects = [shadow()];
    expect(card.absoluteRenderBounds).toEqual({ x: -2, y: 12, width: 124, height: 74 });
    card.effects = [shadow({ offset: { x: -20, y: 0 }, radius: 4, spread: 2 })];
    expect(card.absoluteRenderBounds).toEqual({ x: -16, y: 14, width: 126, height: 62 });
    card.effects = [{ type: 'LAYER_BLUR', blurType: 'NORMAL', radius: 8, visible: true }];
    expect(card.absoluteRenderBounds).toEqual({ x: 2, y: 12, width: 116, height: 66 });
    // Hidden, inside the box or behind it: nothing beyond.
    card.effects = [shadow({ visible: false }), { type: 'INNER_SHADOW', color: { r: 0, g: 0, b: 0, a: 1 }, offset: { x: 9, y: 9 }, radius: 9, spread: 0, visible: true, blendMode: 'NORMAL' }, { type: 'BACKGROUND_BLUR', blurType: 'NORMAL', radius: 9, visible: true }];
    expect(card.absoluteRenderBounds).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    card.visible = false;
    expect(card.absoluteRenderBounds).toBeNull();
  });

  it('exports a PNG of its render bounds × scale, the node at its place in it and the shadow under it', async () => {
    const { figma } = createFakeFigma();
    const card = figma.createFrame();
    card.resize(100, 50);
    card.fills = [{ type: 'SOLID', color: { r: 0, g: 0, b: 1 } }];
    card.effects = [shadow()];
    const bytes = await card.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 2 } });
    expect(readImageHeader(bytes)).toEqual({ format: 'png', width: 248, height: 148 });
    // The box starts 12 units in from the left and 8 from the top.
    expect(pixelAt(bytes, 2 * 12 + 1, 2 * 8 + 1)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(bytes, 2 * 12 - 1, 2 * 8 + 1)).toEqual([0, 0, 0, 0]);
    // Below the box, the shadow (moved 4 units down).
    expect(pixelAt(bytes, 2 * 50, 2 * (8 + 50) + 2)).toEqual([0, 0, 0, 255]);
    expect(pixelAt(bytes, 2 * 50, 2 * (8 + 50 + 4) + 2)).toEqual([0, 0, 0, 0]);
  });
});
