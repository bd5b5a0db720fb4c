// Auto layout: the `layout` object of a frame whose layoutMode is not NONE (a grid's tracks
// included), and a grid child's cell.
import type { JsonValue } from '../normalized-types';
import { roundLength } from '../precision';
import { mixClose, mixKey, mixKeyArray, mixKeyNumber, mixKeyString, mixKeyValue, stringCode, type StringCode } from '../structural-hash';
import {
  K_ALIGN,
  K_COUNTER_ALIGN,
  K_COUNTER_GAP,
  K_COUNTER_SIZING,
  K_DIRECTION,
  K_GAP,
  K_GRID,
  K_PADDING,
  K_PRIMARY_SIZING,
  K_TYPE,
  K_VERTICAL_ALIGN,
  K_WRAP,
  type Mutable,
  mixKeyNumbers,
  setString,
} from './common';

// Grid field names (only grids use them).
const K_COLUMN = stringCode('column');
const K_COLUMN_GAP = stringCode('columnGap');
const K_COLUMN_SPAN = stringCode('columnSpan');
const K_COLUMNS = stringCode('columns');
const K_HORIZONTAL_ALIGN = stringCode('horizontalAlign');
const K_ROW = stringCode('row');
const K_ROW_GAP = stringCode('rowGap');
const K_ROW_SPAN = stringCode('rowSpan');
const K_ROWS = stringCode('rows');
const K_VALUE = stringCode('value');

function normalizeTracks(key: StringCode, tracks: ReadonlyArray<GridTrackSize>): JsonValue[] {
  const out: JsonValue[] = [];
  mixKeyArray(key, tracks.length);
  for (const track of tracks) {
    const item: Mutable = {};
    setString(item, 'type', K_TYPE, track.type);
    // HUG tracks have no value.
    if (track.value !== undefined && track.type !== 'HUG') {
      item.value = roundLength(track.value);
      mixKeyNumber(K_VALUE, item.value);
    }
    mixClose();
    out.push(item);
  }
  return out;
}

/** A grid's gaps and row and column tracks (their counts are the lists' lengths). */
function normalizeGrid(node: FrameNode): Mutable {
  const out: Mutable = {};
  out.columnGap = roundLength(node.gridColumnGap);
  mixKeyNumber(K_COLUMN_GAP, out.columnGap);
  out.columns = normalizeTracks(K_COLUMNS, node.gridColumnSizes);
  out.rowGap = roundLength(node.gridRowGap);
  mixKeyNumber(K_ROW_GAP, out.rowGap);
  out.rows = normalizeTracks(K_ROWS, node.gridRowSizes);
  mixClose();
  return out;
}

/** A grid child's cell: anchor row and column (0-based), spans and alignment if not 1 / AUTO. */
export function normalizeGridCell(child: GridChildrenMixin): Mutable {
  const out: Mutable = {};
  out.column = child.gridColumnAnchorIndex;
  mixKeyNumber(K_COLUMN, out.column);
  const columnSpan = child.gridColumnSpan;
  if (columnSpan !== 1) {
    out.columnSpan = columnSpan;
    mixKeyNumber(K_COLUMN_SPAN, columnSpan);
  }
  const horizontal = child.gridChildHorizontalAlign;
  if (horizontal !== 'AUTO') setString(out, 'horizontalAlign', K_HORIZONTAL_ALIGN, horizontal);
  out.row = child.gridRowAnchorIndex;
  mixKeyNumber(K_ROW, out.row);
  const rowSpan = child.gridRowSpan;
  if (rowSpan !== 1) {
    out.rowSpan = rowSpan;
    mixKeyNumber(K_ROW_SPAN, rowSpan);
  }
  const vertical = child.gridChildVerticalAlign;
  if (vertical !== 'AUTO') setString(out, 'verticalAlign', K_VERTICAL_ALIGN, vertical);
  mixClose();
  return out;
}

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
  if (direction === 'GRID') {
    mixKey(K_GRID);
    out.grid = normalizeGrid(node as FrameNode);
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

/** `limits`: [minWidth, maxWidth, minHeight, maxHeight] (null where none); undefined when none is set. */
export function sizeLimits(node: LayoutMixin): Array<number | null> | undefined {
  const minWidth = node.minWidth;
  const maxWidth = node.maxWidth;
  const minHeight = node.minHeight;
  const maxHeight = node.maxHeight;
  if (minWidth === null && maxWidth === null && minHeight === null && maxHeight === null) return undefined;
  return [minWidth === null ? null : roundLength(minWidth), maxWidth === null ? null : roundLength(maxWidth), minHeight === null ? null : roundLength(minHeight), maxHeight === null ? null : roundLength(maxHeight)];
}
