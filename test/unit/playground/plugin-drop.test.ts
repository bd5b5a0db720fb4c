// Where a drop from the plugin window lands. Typings (figma.on 'drop'): "The `node` property
// contains the node where the drop landed. This will sometimes be the page node if the drop didn't
// land on anything in the canvas, or if target node is locked or cannot be a parent of another
// node." "The `x` and `y` properties are coordinates relative to the node drop target" and "The
// `absoluteX` and `absoluteY` properties are absolute canvas coordinates".
import { describe, expect, it } from 'vitest';
import { parsePluginDrop, placeDrop, type DropHit } from '../../playground/page/plugin-drop';

// Drawn at half size, canvas (0, 0) at screen (100, 50).
const origin = { left: 100, top: 50, scale: 0.5 };
const drawn = (id: string, type: string, box: DropHit['box']): DropHit => ({
  id,
  type,
  box,
  rect: { left: 100 + box.x * 0.5, top: 50 + box.y * 0.5, width: box.width * 0.5, height: box.height * 0.5 },
});

describe('placeDrop', () => {
  const card = drawn('1:10', 'FRAME', { x: 200, y: 100, width: 400, height: 300 });
  const label = drawn('1:11', 'TEXT', { x: 220, y: 120, width: 100, height: 20 });
  const instance = drawn('1:12', 'INSTANCE', { x: 300, y: 200, width: 80, height: 40 });
  const inside = drawn('I1:12;1:3', 'FRAME', { x: 300, y: 200, width: 80, height: 40 });

  it('lands on the frame under the point, with x/y in its coordinates and absolute canvas coordinates', () => {
    expect(placeDrop(100 + 250 * 0.5, 50 + 150 * 0.5, [card], origin)).toEqual({ nodeId: '1:10', x: 50, y: 50, absoluteX: 250, absoluteY: 150 });
  });

  it('passes over layers that cannot be parents (text, instances and their layers) to the frame holding them', () => {
    expect(placeDrop(100 + 230 * 0.5, 50 + 125 * 0.5, [label, card], origin)).toEqual({ nodeId: '1:10', x: 30, y: 25, absoluteX: 230, absoluteY: 125 });
    expect(placeDrop(100 + 310 * 0.5, 50 + 210 * 0.5, [inside, instance, card], origin)).toEqual({ nodeId: '1:10', x: 110, y: 110, absoluteX: 310, absoluteY: 210 });
  });

  it('lands on the page (node null) where there is nothing, x/y then being canvas coordinates', () => {
    expect(placeDrop(100 + 900 * 0.5, 50 + 40 * 0.5, [], origin)).toEqual({ nodeId: null, x: 900, y: 40, absoluteX: 900, absoluteY: 40 });
    expect(placeDrop(100 + 230 * 0.5, 50 + 125 * 0.5, [label], origin)).toEqual({ nodeId: null, x: 230, y: 125, absoluteX: 230, absoluteY: 125 });
  });
});

describe('parsePluginDrop', () => {
  it('takes what the UI posts at the end of a drag and says what is wrong otherwise', () => {
    expect(parsePluginDrop({ clientX: 10, clientY: 20, items: [{ type: 'text/plain', data: 'Hero' }], dropMetadata: { id: 7 } })).toEqual({
      clientX: 10,
      clientY: 20,
      items: [{ type: 'text/plain', data: 'Hero' }],
      dropMetadata: { id: 7 },
    });
    expect(parsePluginDrop({ clientX: 1, clientY: 2 })).toEqual({ clientX: 1, clientY: 2, items: [] });
    expect(parsePluginDrop({ clientX: '1', clientY: 2 })).toMatch(/numeric clientX and clientY/);
    expect(parsePluginDrop({ clientX: 1, clientY: 2, items: [{ type: 'text/plain' }] })).toMatch(/items must be a list/);
    expect(parsePluginDrop(null)).toMatch(/must be an object/);
  });
});
