import { describe, expect, it } from 'vitest';
import { pictureSizeOf } from '../../../src/sync/picture-size';

describe('pictureSizeOf', () => {
  it('is the root node’s width and height', () => {
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'Header', width: 640, height: 72 } })).toEqual({ width: 640, height: 72 });
  });

  it('is not known for a set (no size of its own), a version not kept, or a node without lengths', () => {
    expect(pictureSizeOf({ node: { type: 'COMPONENT_SET', name: 'Button' } })).toBeUndefined();
    expect(pictureSizeOf(null)).toBeUndefined();
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'X', width: '640', height: 72 } })).toBeUndefined();
    expect(pictureSizeOf({ node: { type: 'COMPONENT', name: 'X', width: 0, height: 72 } })).toBeUndefined();
  });
});
