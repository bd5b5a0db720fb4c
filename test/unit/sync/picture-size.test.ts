import { describe, expect, it } from 'vitest';
import { pictureSizeOf } from '../../../src/sync/picture-size';

describe('pictureSizeOf', () => {
  it('is the root node’s width and height', () => {
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'Header', width: 640, height: 72 } })).toEqual({ width: 640, height: 72 });
  });

  it('is what Figma exports of it, its render bounds: the box grown by a visible drop shadow (offset, spread, blur) or layer blur', () => {
    const node = { type: 'COMPONENT', name: 'Card', width: 600, height: 72 };
    const shadow = { type: 'DROP_SHADOW', color: '#0000001f', offset: [0, 4], radius: 12 };
    expect(pictureSizeOf({ node: { ...node, effects: [shadow] } })).toEqual({ width: 624, height: 96 });
    expect(pictureSizeOf({ node: { ...node, effects: [{ ...shadow, offset: [-20, 0], radius: 4, spread: 2 }] } })).toEqual({ width: 626, height: 84 });
    // The larger of two shadows on each side.
    expect(pictureSizeOf({ node: { ...node, effects: [shadow, { ...shadow, offset: [0, 0], radius: 20 }] } })).toEqual({ width: 640, height: 112 });
    expect(pictureSizeOf({ node: { ...node, effects: [{ type: 'LAYER_BLUR', radius: 8 }] } })).toEqual({ width: 616, height: 88 });
    // Hidden, inside the box or behind it: nothing beyond.
    const within = [
      { ...shadow, visible: false },
      { ...shadow, type: 'INNER_SHADOW' },
      { type: 'BACKGROUND_BLUR', radius: 9 },
    ];
    expect(pictureSizeOf({ node: { ...node, effects: within } })).toEqual({ width: 600, height: 72 });
  });

  it('is not known for a set (no size of its own), a version not kept, or a node without lengths', () => {
    expect(pictureSizeOf({ node: { type: 'COMPONENT_SET', name: 'Button' } })).toBeUndefined();
    expect(pictureSizeOf(null)).toBeUndefined();
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'X', width: '640', height: 72 } })).toBeUndefined();
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'X', width: 0, height: 72 } })).toBeUndefined();
  });
});
