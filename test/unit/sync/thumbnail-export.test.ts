// One way to export a component's picture, for the push and the Sync screen (component-nodes.ts)
// and the snapshot's thumbnails (thumbnails.ts), against the strict fake Figma.
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';

import type { ComponentPayload } from '../../../src/snapshot/normalized-types';
import { addThumbnailsAsync } from '../../../src/snapshot/thumbnails';
import { exportThumbnailAsync, THUMBNAIL_MAX_SIZE } from '../../../src/sync/component-nodes';

/** A PNG's width and height, read from its header. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function payloadOf(node: ComponentNode): ComponentPayload {
  return { key: node.key, name: node.name, kind: 'component', description: '', hash: `h-${node.key}`, properties: {}, variants: [], node: { type: 'COMPONENT', name: node.name } };
}

const options = { maxSize: THUMBNAIL_MAX_SIZE, isCancelled: undefined, due: () => true, tick: () => Promise.resolve() };

describe('a component’s picture', () => {
  it('is the same PNG from the push’s export and the snapshot’s thumbnails: at most 256 px on its long side, a small one at 1×', async () => {
    const fake = createFakeFigma();
    const header = fake.figma.createComponent();
    header.resize(600, 72);
    const icon = fake.figma.createComponent();
    icon.resize(16, 16);
    const run = await addThumbnailsAsync([payloadOf(header), payloadOf(icon)], new Map([[header.key, header], [icon.key, icon]]), new Map(), options);
    const pushed = await Promise.all([exportThumbnailAsync(header), exportThumbnailAsync(icon)]);
    expect(run.components.map((each) => each.thumbnail?.base64)).toEqual(pushed);
    expect(pushed.map((base64) => pngSize(base64!))).toEqual([
      { width: 256, height: 31 },
      { width: 16, height: 16 },
    ]);
  });

  it('is left out, and counted as failed, for a component removed while the snapshot’s thumbnails run (the whole snapshot failed on reading its size)', async () => {
    const fake = createFakeFigma();
    const first = fake.figma.createComponent();
    first.resize(100, 40);
    const second = fake.figma.createComponent();
    second.resize(100, 40);
    const run = await addThumbnailsAsync([payloadOf(first), payloadOf(second)], new Map([[first.key, first], [second.key, second]]), new Map(), {
      ...options,
      // The designer deletes the second one while the run yields after the first.
      tick: () => {
        if (!second.removed) second.remove();
        return Promise.resolve();
      },
    });
    expect({ exported: run.exported, failed: run.failed }).toEqual({ exported: 1, failed: 1 });
    expect(run.components.map((each) => each.thumbnail !== undefined)).toEqual([true, false]);
  });
});
