// A plain copy of what the drawing needs from the fake document: boxes in absolute
// coordinates, fills, texts. Reading is defensive: a property the fake does not implement
// (or that throws) just leaves that detail out of the drawing.
import { rgbToHex, type Rgb } from './colors';
import type { Box } from './fit-drawing';

export type DrawKind = 'frame' | 'component' | 'set' | 'instance' | 'text' | 'shape' | 'group' | 'other';

export interface DrawNode {
  id: string;
  type: string;
  kind: DrawKind;
  name: string;
  box: Box;
  /** CSS colour of the first visible solid fill. */
  fill: string | null;
  hasImageFill: boolean;
  /** The first visible image fill's hash, to draw the picture itself. */
  imageHash: string | null;
  cornerRadius: number;
  text: string | null;
  /** A text's parts and their colours, when its fills differ along it (a link in a sentence); null otherwise. */
  textRuns: TextRun[] | null;
  fontSize: number | null;
  /** Text that wraps inside a fixed width (Figma's textAutoResize other than WIDTH_AND_HEIGHT). */
  wraps: boolean;
  children: DrawNode[];
}

export interface TextRun {
  text: string;
  fill: string | null;
}

export interface PageSnapshot {
  id: string;
  name: string;
  nodes: DrawNode[];
}

export interface DocumentSnapshot {
  pages: PageSnapshot[];
}

const MAX_DEPTH = 8;
const MAX_NODES = 3000;

function read<T>(getter: () => T): T | undefined {
  try {
    return getter();
  } catch {
    return undefined;
  }
}

function kindOf(type: string): DrawKind {
  switch (type) {
    case 'FRAME':
    case 'SECTION':
      return 'frame';
    case 'COMPONENT':
      return 'component';
    case 'COMPONENT_SET':
      return 'set';
    case 'INSTANCE':
      return 'instance';
    case 'TEXT':
      return 'text';
    case 'GROUP':
      return 'group';
    case 'RECTANGLE':
    case 'ELLIPSE':
    case 'VECTOR':
    case 'LINE':
    case 'POLYGON':
    case 'STAR':
      return 'shape';
    default:
      return 'other';
  }
}

interface PaintLike {
  type?: unknown;
  visible?: unknown;
  color?: unknown;
  opacity?: unknown;
}

function isRgb(value: unknown): value is Rgb {
  if (typeof value !== 'object' || value === null) return false;
  const { r, g, b } = value as Record<string, unknown>;
  return typeof r === 'number' && typeof g === 'number' && typeof b === 'number';
}

function readFills(node: object): { fill: string | null; hasImageFill: boolean; imageHash: string | null } {
  const fills = read(() => (node as { fills?: unknown }).fills);
  if (!Array.isArray(fills)) return { fill: null, hasImageFill: false, imageHash: null };
  const visible = (fills as PaintLike[]).filter((paint) => paint.visible !== false);
  const solid = visible.find((paint) => paint.type === 'SOLID' && isRgb(paint.color));
  const image = visible.find((paint) => paint.type === 'IMAGE');
  const hash = image ? (image as { imageHash?: unknown }).imageHash : undefined;
  const imageHash = typeof hash === 'string' && hash !== '' ? hash : null;
  const hasImageFill = image !== undefined;
  if (!solid || !isRgb(solid.color)) return { fill: null, hasImageFill, imageHash };
  const opacity = typeof solid.opacity === 'number' ? solid.opacity : 1;
  return { fill: rgbToHex(solid.color, opacity), hasImageFill, imageHash };
}

/** A text's runs by fill, when its fills are mixed (Figma's `fills` is then a symbol, not a list). */
function readTextRuns(node: object): TextRun[] | null {
  if (Array.isArray(read(() => (node as { fills?: unknown }).fills))) return null;
  const segments = read(() => (node as { getStyledTextSegments?: (fields: string[]) => unknown }).getStyledTextSegments?.(['fills']));
  if (!Array.isArray(segments)) return null;
  return (segments as Array<{ characters?: unknown }>).map((segment) => ({ text: textOr(segment.characters, ''), fill: readFills(segment).fill }));
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The node's box in page coordinates: its absolute transform when the fake has one, else parent + x/y. */
function readBox(node: object, parentOrigin: { x: number; y: number }): Box {
  const width = numberOr(read(() => (node as { width?: unknown }).width), 0);
  const height = numberOr(read(() => (node as { height?: unknown }).height), 0);
  const transform = read(() => (node as { absoluteTransform?: unknown }).absoluteTransform);
  if (Array.isArray(transform) && Array.isArray(transform[0]) && Array.isArray(transform[1])) {
    const x = transform[0][2];
    const y = transform[1][2];
    if (typeof x === 'number' && typeof y === 'number') return { x, y, width, height };
  }
  const x = numberOr(read(() => (node as { x?: unknown }).x), 0);
  const y = numberOr(read(() => (node as { y?: unknown }).y), 0);
  return { x: parentOrigin.x + x, y: parentOrigin.y + y, width, height };
}

/** A read value as text (a string, or a number or boolean printed), else `fallback`. */
function textOr(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback;
}

export function snapshotNode(node: object, parentOrigin: { x: number; y: number }, depth: number, budget: { left: number }): DrawNode {
  budget.left -= 1;
  const type = textOr(read(() => (node as { type?: unknown }).type), 'UNKNOWN');
  const box = readBox(node, parentOrigin);
  const { fill, hasImageFill, imageHash } = readFills(node);
  const characters = type === 'TEXT' ? read(() => (node as { characters?: unknown }).characters) : undefined;
  const fontSize = type === 'TEXT' ? read(() => (node as { fontSize?: unknown }).fontSize) : undefined;
  const autoResize = type === 'TEXT' ? read(() => (node as { textAutoResize?: unknown }).textAutoResize) : undefined;
  const children = read(() => (node as { children?: unknown }).children);
  const drawnChildren: DrawNode[] = [];
  // Children of groups are positioned relative to the group's parent, as in Figma.
  const childOrigin = type === 'GROUP' || type === 'BOOLEAN_OPERATION' ? parentOrigin : box;
  if (Array.isArray(children) && depth < MAX_DEPTH) {
    for (const child of children as object[]) {
      if (budget.left <= 0) break;
      if (read(() => (child as { visible?: unknown }).visible) === false) continue;
      drawnChildren.push(snapshotNode(child, childOrigin, depth + 1, budget));
    }
  }
  return {
    id: textOr(read(() => (node as { id?: unknown }).id), ''),
    type,
    kind: kindOf(type),
    name: textOr(read(() => (node as { name?: unknown }).name), ''),
    box,
    fill,
    hasImageFill,
    imageHash,
    cornerRadius: numberOr(read(() => (node as { cornerRadius?: unknown }).cornerRadius), 0),
    text: typeof characters === 'string' ? characters : null,
    textRuns: type === 'TEXT' ? readTextRuns(node) : null,
    fontSize: typeof fontSize === 'number' ? fontSize : null,
    wraps: type === 'TEXT' && autoResize !== 'WIDTH_AND_HEIGHT',
    children: drawnChildren,
  };
}

/** Copies every page of a document root (figma.root or the fake's inspect.root). */
export function snapshotDocument(root: object): DocumentSnapshot {
  const pages = read(() => (root as { children?: unknown }).children);
  const budget = { left: MAX_NODES };
  const result: PageSnapshot[] = [];
  for (const page of Array.isArray(pages) ? (pages as object[]) : []) {
    const children = read(() => (page as { children?: unknown }).children);
    const nodes: DrawNode[] = [];
    for (const child of Array.isArray(children) ? (children as object[]) : []) {
      if (budget.left <= 0) break;
      nodes.push(snapshotNode(child, { x: 0, y: 0 }, 0, budget));
    }
    result.push({
      id: textOr(read(() => (page as { id?: unknown }).id), ''),
      name: textOr(read(() => (page as { name?: unknown }).name), ''),
      nodes,
    });
  }
  return { pages: result };
}

/** Every node id in a snapshot, to tell later which nodes were inserted. */
export function collectIds(snapshot: DocumentSnapshot): Set<string> {
  const ids = new Set<string>();
  const visit = (node: DrawNode) => {
    ids.add(node.id);
    node.children.forEach(visit);
  };
  for (const page of snapshot.pages) page.nodes.forEach(visit);
  return ids;
}

function contains(node: DrawNode, id: string): boolean {
  return node.id === id || node.children.some((child) => contains(child, id));
}

/** The page a node is on, or null. */
export function pageContaining(snapshot: DocumentSnapshot, id: string): string | null {
  return snapshot.pages.find((page) => page.nodes.some((node) => contains(node, id)))?.id ?? null;
}

/** The page to show first: the one with the most components (the design system), else the first. */
export function pageWithMostComponents(snapshot: DocumentSnapshot): string | null {
  const count = (node: DrawNode): number =>
    (node.kind === 'component' || node.kind === 'set' ? 1 : 0) + node.children.reduce((sum, child) => sum + count(child), 0);
  let best: { id: string; components: number } | null = null;
  for (const page of snapshot.pages) {
    const components = page.nodes.reduce((sum, node) => sum + count(node), 0);
    if (!best || components > best.components) best = { id: page.id, components };
  }
  return best?.id ?? null;
}
