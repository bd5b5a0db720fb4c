// Drag and drop from the plugin window to the canvas, as Figma does it: at the end of a drag the
// UI posts `parent.postMessage({pluginDrop: {clientX, clientY, items, dropMetadata}}, '*')`
// (client coordinates inside the plugin's iframe); when that point is over the canvas, Figma
// fires figma.on('drop') with the node it landed on, `x`/`y` in that node's coordinates and
// `absoluteX`/`absoluteY` on the canvas. The typings: "The `node` property contains the node
// where the drop landed. This will sometimes be the page node if the drop didn't land on
// anything in the canvas, or if target node is locked or cannot be a parent of another node."

export interface PluginDrop {
  clientX: number;
  clientY: number;
  items: Array<{ type: string; data: string }>;
  dropMetadata?: unknown;
}

/** The `pluginDrop` a UI posted, checked; a string says what is wrong with it. */
export function parsePluginDrop(value: unknown): PluginDrop | string {
  if (typeof value !== 'object' || value === null) return 'pluginDrop must be an object {clientX, clientY, items?, dropMetadata?}';
  const drop = value as Record<string, unknown>;
  if (typeof drop.clientX !== 'number' || typeof drop.clientY !== 'number' || !Number.isFinite(drop.clientX) || !Number.isFinite(drop.clientY)) {
    return 'pluginDrop needs numeric clientX and clientY (the dragend event’s)';
  }
  const items = drop.items ?? [];
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string' && typeof (item as { data?: unknown }).data === 'string')) {
    return 'pluginDrop.items must be a list of {type, data} strings';
  }
  const parsed: PluginDrop = { clientX: drop.clientX, clientY: drop.clientY, items: items.map((item: { type: string; data: string }) => ({ type: item.type, data: item.data })) };
  if ('dropMetadata' in drop) parsed.dropMetadata = drop.dropMetadata;
  return parsed;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A drawn node under the drop point: its document box and where it is drawn on screen. */
export interface DropHit {
  id: string;
  type: string;
  box: Box;
  rect: { left: number; top: number; width: number; height: number };
}

export interface DropPlace {
  /** The node it landed on; null: the page. */
  nodeId: string | null;
  x: number;
  y: number;
  absoluteX: number;
  absoluteY: number;
}

const PARENT_TYPES: ReadonlySet<string> = new Set(['FRAME', 'GROUP', 'COMPONENT', 'SECTION']);

/** Instance layers have ids "I<instance>;…": nothing can be dropped into them. */
function canTakeChildren(hit: DropHit): boolean {
  return PARENT_TYPES.has(hit.type) && !hit.id.startsWith('I');
}

/**
 * Where a drop at screen point (`px`, `py`) lands. `hits` are the drawn nodes under it, deepest
 * first; `origin` is where canvas (0, 0) is drawn and the drawing's scale (for a point over no node).
 */
export function placeDrop(px: number, py: number, hits: readonly DropHit[], origin: { left: number; top: number; scale: number }): DropPlace {
  const round = (value: number) => Math.round(value * 100) / 100;
  const absoluteX = round((px - origin.left) / origin.scale);
  const absoluteY = round((py - origin.top) / origin.scale);
  // Inside a structure, a parent's box fixes the canvas point more exactly than the page origin.
  const inner = hits.find((hit) => hit.box.width > 0 && hit.box.height > 0 && hit.rect.width > 0 && hit.rect.height > 0);
  const exact = inner
    ? { x: round(inner.box.x + ((px - inner.rect.left) * inner.box.width) / inner.rect.width), y: round(inner.box.y + ((py - inner.rect.top) * inner.box.height) / inner.rect.height) }
    : { x: absoluteX, y: absoluteY };
  const target = hits.find(canTakeChildren);
  if (!target) return { nodeId: null, x: exact.x, y: exact.y, absoluteX: exact.x, absoluteY: exact.y };
  return { nodeId: target.id, x: round(exact.x - target.box.x), y: round(exact.y - target.box.y), absoluteX: exact.x, absoluteY: exact.y };
}
