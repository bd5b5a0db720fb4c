// Draws one page of the document snapshot on the canvas (labelled, scaled boxes) and lists the
// pages and layers in the left panel. Nodes absent from the baseline are "inserted by the plugin".
import type { DocumentSnapshot, DrawNode, PageSnapshot } from './document-snapshot';
import { fitDrawing, placeAtScale } from './fit-drawing';

export interface DrawingElements {
  canvas: HTMLElement;
  drawing: HTMLElement;
  pages: HTMLElement;
  layers: HTMLElement;
}

export interface DrawState {
  snapshot: DocumentSnapshot;
  pageId: string | null;
  baselineIds: ReadonlySet<string>;
  /** Ids edited by the playground controls just now (flashed once). */
  recentlyEdited: ReadonlySet<string>;
  /** Width kept clear on the right for the floating plugin window. */
  reservedRight: number;
  /** The scale a person zoomed to, or null to fit the page into the canvas. */
  zoom: number | null;
  /** A URL for an image fill's picture, or null while it is not loaded (a placeholder is drawn). */
  imageUrl(hash: string): string | null;
  onSelectPage(pageId: string): void;
  /** A person clicked a layer in the list: select it (as in Figma's layers panel). */
  onSelectLayer(nodeId: string): void;
}

const LAYER_ICONS: Record<DrawNode['kind'], string> = {
  frame: '#',
  component: '❖',
  set: '◇',
  instance: '◈',
  text: 'T',
  shape: '□',
  group: '▣',
  other: '·',
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

function isInserted(node: DrawNode, state: DrawState): boolean {
  return !state.baselineIds.has(node.id);
}

function drawNode(node: DrawNode, parent: DrawNode | null, scale: number, state: DrawState): HTMLElement {
  const box = element('div', `node node-${node.kind}`);
  box.dataset.nodeId = node.id;
  box.dataset.nodeType = node.type;
  box.title = `${node.name} (${node.type.toLowerCase().replace('_', ' ')})`;
  const originX = parent ? parent.box.x : 0;
  const originY = parent ? parent.box.y : 0;
  box.style.left = `${(node.box.x - originX) * scale}px`;
  box.style.top = `${(node.box.y - originY) * scale}px`;
  box.style.width = `${Math.max(1, node.box.width * scale)}px`;
  box.style.height = `${Math.max(1, node.box.height * scale)}px`;
  if (node.cornerRadius > 0) box.style.borderRadius = `${node.cornerRadius * scale}px`;
  if (node.hasImageFill) {
    box.classList.add('node-image');
    const url = node.imageHash ? state.imageUrl(node.imageHash) : null;
    if (url) {
      box.classList.add('node-image-loaded');
      box.style.backgroundImage = `url("${url}")`;
    }
  }
  if (node.kind === 'text') {
    box.style.fontSize = `${Math.max(4, (node.fontSize ?? 14) * scale)}px`;
    // Colours from the document only: a text with no solid fill is not drawn in the page's theme colour
    // (before, the footer's sentence with a link in it came out pale grey on its cream in the dark theme).
    box.style.color = node.fill ?? 'transparent';
    if (node.textRuns) {
      for (const run of node.textRuns) {
        const part = element('span', '', run.text);
        part.style.color = run.fill ?? 'transparent';
        box.append(part);
      }
    } else box.textContent = node.text ?? '';
    box.classList.add(node.wraps ? 'text-wraps' : 'text-grows');
  } else if (node.fill) {
    box.style.backgroundColor = node.fill;
  }
  if (parent && isInserted(node, state) && !isInserted(parent, state)) box.classList.add('node-inserted');
  if (state.recentlyEdited.has(node.id)) box.classList.add('node-edited');
  for (const child of node.children) box.append(drawNode(child, node, scale, state));
  return box;
}

function drawLabel(node: DrawNode, left: number, top: number, width: number, state: DrawState): HTMLElement {
  const prefix = node.kind === 'component' ? '❖ ' : node.kind === 'set' ? '◇ ' : node.kind === 'instance' ? '◈ ' : '';
  const label = element('div', `node-label ${node.kind}`, `${prefix}${node.name}`);
  label.dataset.labelFor = node.id;
  if (isInserted(node, state)) {
    label.classList.add('inserted');
    label.textContent = `${label.textContent ?? ''} · inserted`;
  }
  label.style.left = `${left}px`;
  label.style.top = `${top - 18}px`;
  // As in Figma, a label is never wider than its frame (tiny frames get an ellipsis).
  label.style.maxWidth = `${Math.max(16, width)}px`;
  return label;
}

function drawPage(page: PageSnapshot | undefined, elements: DrawingElements, state: DrawState): number {
  elements.drawing.replaceChildren();
  if (!page || page.nodes.length === 0) {
    elements.drawing.append(element('div', 'canvas-empty', page ? `“${page.name}” is empty.` : 'No page to show.'));
    elements.drawing.style.width = '100%';
    elements.drawing.style.height = '100%';
    return 1;
  }
  const area = {
    width: Math.max(200, elements.canvas.clientWidth - state.reservedRight),
    height: Math.max(200, elements.canvas.clientHeight),
    padding: 32,
    minScale: 0.2,
  };
  const boxes = page.nodes.map((node) => node.box);
  const fit = state.zoom === null ? fitDrawing(boxes, area) : placeAtScale(boxes, state.zoom, area.padding);
  let right = 0;
  let bottom = 0;
  for (const node of page.nodes) {
    const left = node.box.x * fit.scale + fit.offsetX;
    const top = node.box.y * fit.scale + fit.offsetY;
    const drawn = drawNode(node, null, fit.scale, state);
    drawn.style.left = `${left}px`;
    drawn.style.top = `${top}px`;
    if (isInserted(node, state)) drawn.classList.add('node-inserted');
    const width = node.box.width * fit.scale;
    // Frames too narrow for a readable name get none (their name is in the layers list).
    if (width >= 28 || isInserted(node, state)) elements.drawing.append(drawLabel(node, left, top, width, state));
    elements.drawing.append(drawn);
    right = Math.max(right, left + node.box.width * fit.scale);
    bottom = Math.max(bottom, top + node.box.height * fit.scale);
  }
  // Lets the canvas scroll when the page is larger than it (below the minimum scale).
  elements.drawing.style.width = `${right + area.padding}px`;
  elements.drawing.style.height = `${bottom + area.padding}px`;
  return fit.scale;
}

function listPages(snapshot: DocumentSnapshot, pageId: string | null, elements: DrawingElements, state: DrawState): void {
  elements.pages.replaceChildren(
    ...snapshot.pages.map((page) => {
      const item = element('li', '');
      item.dataset.page = page.id;
      item.dataset.current = String(page.id === pageId);
      item.append(element('span', 'layer-icon', '▤'), element('span', 'name', page.name));
      item.addEventListener('click', () => state.onSelectPage(page.id));
      return item;
    }),
  );
}

function listLayers(page: PageSnapshot | undefined, elements: DrawingElements, state: DrawState): void {
  const items: HTMLElement[] = [];
  const add = (node: DrawNode, depth: number) => {
    const item = element('li', '');
    item.dataset.depth = String(depth);
    item.dataset.kind = node.kind;
    item.dataset.layerId = node.id;
    item.dataset.inserted = String(isInserted(node, state));
    item.append(element('span', 'layer-icon', LAYER_ICONS[node.kind]), element('span', 'name', node.name));
    item.addEventListener('click', () => state.onSelectLayer(node.id));
    items.push(item);
  };
  for (const node of page?.nodes ?? []) {
    add(node, 0);
    // One level down shows variants of sets and the sections of frames, enough to navigate.
    if (node.kind === 'set' || node.kind === 'frame') for (const child of node.children) add(child, 1);
  }
  elements.layers.replaceChildren(...items);
}

/** Draws the page and lists pages and layers; returns the drawing's scale (1 = 100 %). */
export function renderDocument(elements: DrawingElements, state: DrawState): number {
  const page = state.snapshot.pages.find((candidate) => candidate.id === state.pageId) ?? state.snapshot.pages[0];
  listPages(state.snapshot, page?.id ?? null, elements, state);
  listLayers(page, elements, state);
  return drawPage(page, elements, state);
}

