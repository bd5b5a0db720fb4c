// A small auto-layout engine: stacks the children of HORIZONTAL / VERTICAL frames with padding
// and spacing, hugs or fills sizes and aligns on both axes, synchronously after each change as
// in Figma. Wrapping and baseline alignment are treated as NO_WRAP / MIN.
import type { FakeContext } from './context';
import { isAutoLayout, type FakeBaseNode, type FakeFrameNode, type FakeSceneNode } from './nodes';

/** Fields of a frame that change how it lays out its children. */
const FRAME_FIELDS = new Set([
  'layoutMode', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'itemSpacing', 'primaryAxisSizingMode',
  'counterAxisSizingMode', 'primaryAxisAlignItems', 'counterAxisAlignItems', 'layoutWrap', 'width', 'height', 'children',
]);

/** Fields of a child that change its parent's layout. */
const CHILD_FIELDS = new Set(['width', 'height', 'visible', 'layoutPositioning', 'layoutGrow', 'layoutAlign', 'x', 'y', 'children']);

interface Raw {
  _x: number;
  _y: number;
  _width: number;
  _height: number;
  _visible: boolean;
  _layoutPositioning: 'AUTO' | 'ABSOLUTE';
  _layoutGrow: number;
  _layoutAlign: string;
}


function setField(ctx: FakeContext, node: FakeSceneNode, field: 'x' | 'y' | 'width' | 'height', value: number): boolean {
  const raw = node as unknown as Record<string, number>;
  // Figma never lets a size reach zero; an empty hugging frame keeps 0.01.
  const rounded = field === 'width' || field === 'height' ? Math.max(0.01, Math.round(value * 100) / 100) : Math.round(value * 100) / 100;
  if (raw[`_${field}`] === rounded) return false;
  raw[`_${field}`] = rounded;
  ctx.changes.property(node, field);
  return true;
}

export function layoutFrame(ctx: FakeContext, frame: FakeFrameNode): boolean {
  const horizontal = frame._layoutMode === 'HORIZONTAL';
  const raw = frame as unknown as Raw & Record<string, unknown>;
  const padStart = (horizontal ? raw._paddingLeft : raw._paddingTop) as number;
  const padEnd = (horizontal ? raw._paddingRight : raw._paddingBottom) as number;
  const crossStart = (horizontal ? raw._paddingTop : raw._paddingLeft) as number;
  const crossEnd = (horizontal ? raw._paddingBottom : raw._paddingRight) as number;
  const spacing = raw._itemSpacing as number;
  const items = frame._children.filter((c) => {
    const r = c as unknown as Raw;
    return r._visible && r._layoutPositioning === 'AUTO';
  });
  const mainSize = (n: FakeSceneNode) => (horizontal ? n.width : n.height);
  const crossSize = (n: FakeSceneNode) => (horizontal ? n.height : n.width);
  const hugMain = frame._primaryAxisSizingMode === 'AUTO';
  const hugCross = frame._counterAxisSizingMode === 'AUTO';
  const gaps = Math.max(0, items.length - 1) * (raw._primaryAxisAlignItems === 'SPACE_BETWEEN' ? 0 : spacing);
  let resized = false;

  // Cross axis: hug the tallest non-stretching child, then stretch the others.
  if (hugCross) {
    const tallest = items.reduce((m, c) => ((c as unknown as Raw)._layoutAlign === 'STRETCH' ? m : Math.max(m, crossSize(c))), 0);
    resized = setField(ctx, frame, horizontal ? 'height' : 'width', crossStart + tallest + crossEnd) || resized;
  }
  const crossInner = Math.max(0, crossSize(frame) - crossStart - crossEnd);
  for (const item of items) {
    if ((item as unknown as Raw)._layoutAlign === 'STRETCH') setField(ctx, item, horizontal ? 'height' : 'width', crossInner);
  }

  // Main axis: hug the sum, or share the free space among FILL children.
  const growers = items.filter((c) => (c as unknown as Raw)._layoutGrow === 1);
  if (hugMain) {
    const total = items.reduce((sum, c) => sum + mainSize(c), 0);
    resized = setField(ctx, frame, horizontal ? 'width' : 'height', padStart + total + gaps + padEnd) || resized;
  } else if (growers.length > 0) {
    const fixed = items.filter((c) => (c as unknown as Raw)._layoutGrow !== 1).reduce((sum, c) => sum + mainSize(c), 0);
    const free = Math.max(0.01, (mainSize(frame) - padStart - padEnd - gaps - fixed) / growers.length);
    for (const item of growers) setField(ctx, item, horizontal ? 'width' : 'height', free);
  }

  const used = items.reduce((sum, c) => sum + mainSize(c), 0);
  const inner = mainSize(frame) - padStart - padEnd;
  let cursor = padStart;
  let gap = spacing;
  switch (raw._primaryAxisAlignItems) {
    case 'CENTER':
      cursor += (inner - used - gaps) / 2;
      break;
    case 'MAX':
      cursor += inner - used - gaps;
      break;
    case 'SPACE_BETWEEN':
      gap = items.length > 1 ? (inner - used) / (items.length - 1) : 0;
      break;
  }
  for (const item of items) {
    const cross = crossSize(item);
    let offset = crossStart;
    const align = (item as unknown as Raw)._layoutAlign;
    if (align !== 'STRETCH') {
      if (raw._counterAxisAlignItems === 'CENTER') offset += (crossInner - cross) / 2;
      else if (raw._counterAxisAlignItems === 'MAX') offset += crossInner - cross;
    }
    setField(ctx, item, horizontal ? 'x' : 'y', cursor);
    setField(ctx, item, horizontal ? 'y' : 'x', offset);
    cursor += mainSize(item) + gap;
  }
  return resized;
}

function depthOf(node: FakeBaseNode): number {
  let depth = 0;
  for (let current = node._parent; current !== null; current = current._parent) depth++;
  return depth;
}

/**
 * Changes only mark frames dirty; the layout pass runs when geometry is read (x, y, width,
 * height and what derives from them) or before document changes are delivered. Readers see
 * the same values as with an immediate pass, and building a document does not re-lay-out a
 * frame after every edit.
 */
export function installLayout(ctx: FakeContext): void {
  const dirty = ctx.dirtyLayout;
  ctx.layout = (node, changed) => {
    if (isAutoLayout(node) && FRAME_FIELDS.has(changed)) dirty.add(node);
    const parent = node._parent;
    if (CHILD_FIELDS.has(changed) && isAutoLayout(parent) && !(node as FakeBaseNode)._removed) dirty.add(parent);
  };
  ctx.flushLayout = () => {
    if (ctx.layoutFlushing) return;
    ctx.layoutFlushing = true;
    try {
      for (let round = 0; dirty.size > 0 && round < 1000; round++) {
        // Deepest first, so a hugging child has its size before its parent lays it out.
        const frames = [...dirty].sort((a, b) => depthOf(b) - depthOf(a));
        dirty.clear();
        for (const frame of frames) {
          if (frame._removed || !isAutoLayout(frame)) continue;
          const resized = layoutFrame(ctx, frame);
          const parent = frame._parent;
          if (resized && isAutoLayout(parent)) dirty.add(parent);
        }
      }
    } finally {
      ctx.layoutFlushing = false;
    }
  };
}
