// Auto layout: the `layout` object of a frame whose layoutMode is not NONE.
import { roundLength } from '../precision';
import { mixClose, mixKeyNumber, mixKeyString, mixKeyValue } from '../structural-hash';
import {
  K_ALIGN,
  K_COUNTER_ALIGN,
  K_COUNTER_GAP,
  K_COUNTER_SIZING,
  K_DIRECTION,
  K_GAP,
  K_PADDING,
  K_PRIMARY_SIZING,
  K_WRAP,
  type Mutable,
  mixKeyNumbers,
  setString,
} from './common';

/** The auto layout of a frame whose layoutMode (`direction`) is not NONE. */
export function normalizeAutoLayout(node: FrameNode | ComponentNode | InstanceNode, direction: string): Mutable {
  const wrap = node.layoutWrap === 'WRAP';
  const out: Mutable = {};
  const align = node.primaryAxisAlignItems;
  if (align !== 'MIN') setString(out, 'align', K_ALIGN, align);
  const counterAlign = node.counterAxisAlignItems;
  if (counterAlign !== 'MIN') setString(out, 'counterAlign', K_COUNTER_ALIGN, counterAlign);
  if (wrap) {
    const counterGap = node.counterAxisSpacing;
    if (counterGap !== null) {
      out.counterGap = roundLength(counterGap);
      mixKeyNumber(K_COUNTER_GAP, out.counterGap);
    }
  }
  const counterSizing = node.counterAxisSizingMode;
  if (counterSizing !== 'AUTO') setString(out, 'counterSizing', K_COUNTER_SIZING, counterSizing);
  out.direction = direction;
  mixKeyString(K_DIRECTION, direction);
  // Rounded inline as roundLength does (`+ 0` turns -0 into 0), integers without Math.round:
  // in the interpreter a call per value costs as much as the rounding, and most values are whole.
  const spacing = node.itemSpacing;
  const gap = (spacing | 0) === spacing ? spacing + 0 : Math.round(spacing * 100) / 100 + 0;
  if (gap !== 0) {
    out.gap = gap;
    mixKeyNumber(K_GAP, gap);
  }
  const paddingTop = node.paddingTop;
  const paddingRight = node.paddingRight;
  const paddingBottom = node.paddingBottom;
  const paddingLeft = node.paddingLeft;
  const top = (paddingTop | 0) === paddingTop ? paddingTop + 0 : Math.round(paddingTop * 100) / 100 + 0;
  const right = (paddingRight | 0) === paddingRight ? paddingRight + 0 : Math.round(paddingRight * 100) / 100 + 0;
  const bottom = (paddingBottom | 0) === paddingBottom ? paddingBottom + 0 : Math.round(paddingBottom * 100) / 100 + 0;
  const left = (paddingLeft | 0) === paddingLeft ? paddingLeft + 0 : Math.round(paddingLeft * 100) / 100 + 0;
  if (top === right && top === bottom && top === left) {
    if (top !== 0) {
      out.padding = top;
      mixKeyNumber(K_PADDING, top);
    }
  } else {
    const padding = [top, right, bottom, left];
    out.padding = padding;
    mixKeyNumbers(K_PADDING, padding);
  }
  const primarySizing = node.primaryAxisSizingMode;
  if (primarySizing !== 'AUTO') setString(out, 'primarySizing', K_PRIMARY_SIZING, primarySizing);
  if (wrap) {
    out.wrap = true;
    mixKeyValue(K_WRAP, true);
  }
  mixClose();
  return out;
}
