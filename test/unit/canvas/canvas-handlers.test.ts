// The canvas requests against the fake Figma: what a reference is made of, where it goes, undo,
// batches, drops, and the failures said in words.
import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { ABANDONED_BATCH_MS, createCanvasFeature, STILL_ENDING_BATCH } from '../../../src/canvas/canvas-handlers';
import { BATCH_ALIVE_MS } from '../../../src/shared/bridge/messages';
import { hasCheckButton, showCheckButton } from '../../../src/canvas/check-references-button';
import { createReferenceCheckHandlers, REMOVING_REFERENCES } from '../../../src/canvas/reference-check-handlers';
import { PLACEMENT_GAP } from '../../../src/canvas/placement';
import { parseReferenceRecord, REFERENCE_DATA_KEY } from '../../../src/canvas/reference-record';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { CanvasInsert, ReferenceSource } from '../../../src/shared/bridge/messages';
import { planTiles } from '../../../src/shared/canvas/tile-plan';
import { createFakeFigma, type FakeFigmaOptions } from '../../fake-figma/index';
import { encodePng } from '../../support/png';
import { insertSummary } from '../../../ui/canvas/insert-summary';

const context = handlerContext();
const NOW = new Date('2026-11-24T21:00:00.000Z');

function source(emailId: number, overrides: Partial<ReferenceSource> = {}): ReferenceSource {
  return { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example', ...overrides };
}

/** A screenshot's tiles as the UI sends them (small solid PNGs, so the test stays quick). */
function insertOf(emailId: number, width: number, height: number, extra: Partial<CanvasInsert> = {}): CanvasInsert {
  const tiles = planTiles(width, height).map((tile, index) => ({
    ...tile,
    // Compressed: stored blocks made a 12,000 px email 29 MB to checksum, over 5 s on a loaded machine.
    bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [index * 40, 100, emailId % 255, 255], deflate: (data) => deflateSync(data) }),
  }));
  return { reference: source(emailId), width, height, tiles, ...extra };
}

/** Selects a new 100 px square at (x, y): references go to its right. */
function selectSquareAt(fake: ReturnType<typeof createFakeFigma>, x: number, y: number): void {
  const selected = fake.figma.createRectangle();
  selected.resize(100, 100);
  selected.x = x;
  selected.y = y;
  fake.figma.currentPage.selection = [selected];
}

/** WCAG's contrast ratio of two colours. */
function contrast(a: RGB, b: RGB): number {
  const luminance = ({ r, g, b: blue }: RGB) => {
    const [lr, lg, lb] = [r, g, blue].map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `page` loads only once released (a large file's page): whether it was asked to, and the release. */
function holdPageLoad(page: PageNode): { asked: () => boolean; release: () => void } {
  let asked = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const load = page.loadAsync.bind(page);
  Object.defineProperty(page, 'loadAsync', {
    value: async () => {
      asked = true;
      await held;
      return load();
    },
    configurable: true,
  });
  return { asked: () => asked, release: () => release() };
}

function setup(options: FakeFigmaOptions = {}) {
  const fake = createFakeFigma(options);
  const feature = createCanvasFeature({ figma: fake.figma, now: () => NOW });
  const frame = (id: string) => fake.inspect.node(id) as FrameNode;
  return { fake, feature, handlers: feature.handlers, frame };
}

describe('canvas/insert', () => {
  it('builds a frame of the screenshot’s width with locked tiles at their offsets, a linked caption beneath them inside it and the record', async () => {
    const { fake, handlers, frame } = setup();
    const { nodeId, name } = await handlers['canvas/insert'](insertOf(42, 600, 12_000), context);
    const reference = frame(nodeId);
    expect(name).toBe('Acme — Email 42');
    expect(reference.name).toBe(name);
    expect(reference.width).toBe(600);
    const tiles = reference.children.filter((child) => child.type === 'RECTANGLE') as RectangleNode[];
    expect(tiles.map((tile) => [tile.x, tile.y, tile.width, tile.height, tile.locked])).toEqual([
      [0, 0, 600, 4000, true],
      [0, 4000, 600, 4000, true],
      [0, 8000, 600, 4000, true],
    ]);
    for (const tile of tiles) {
      const [fill] = tile.fills as ImagePaint[];
      expect(fill).toMatchObject({ type: 'IMAGE', scaleMode: 'FILL' });
      expect(await fake.inspect.image(fill!.imageHash!)!.getSizeAsync()).toEqual({ width: tile.width, height: tile.height });
    }
    const caption = reference.children.find((child) => child.type === 'TEXT') as TextNode;
    expect(caption.characters).toBe('Acme — Email 42\nCaptured 3 Nov 2026 · View on MailVault');
    expect(caption.y).toBeGreaterThanOrEqual(12_000);
    expect(reference.height).toBe(Math.ceil(caption.y + caption.height));
    const linkStart = caption.characters.indexOf('View on');
    expect(caption.getRangeHyperlink(linkStart, caption.characters.length)).toEqual({ type: 'URL', value: 'https://library.example/emails/42' });
    expect(caption.getRangeHyperlink(0, 4)).toBeNull();
    expect(parseReferenceRecord(reference.getPluginData(REFERENCE_DATA_KEY))).toEqual({ v: 1, ...source(42), service: undefined, serviceUrl: undefined, insertedAt: NOW.toISOString() });
  });

  it('keeps the caption readable on a dark page (Figma’s dark theme draws the canvas #1E1E1E): its words and its link stand out at least 4.5 : 1 from what is behind them', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.currentPage.backgrounds = [{ type: 'SOLID', color: { r: 0x1e / 255, g: 0x1e / 255, b: 0x1e / 255 } }];
    const reference = frame((await handlers['canvas/insert'](insertOf(43, 600, 800), context)).nodeId);
    const caption = reference.children.find((child) => child.type === 'TEXT') as TextNode;
    const solid = (paints: readonly Paint[]) => (paints.find((paint) => paint.type === 'SOLID' && paint.visible !== false) as SolidPaint | undefined)?.color;
    // Behind the caption: the reference's own fill, else the page.
    const behind = solid(reference.fills as Paint[]) ?? solid(fake.figma.currentPage.backgrounds)!;
    const linkStart = caption.characters.indexOf('View on');
    const words = solid(caption.getRangeFills(0, 4) as Paint[])!;
    const link = solid(caption.getRangeFills(linkStart, linkStart + 4) as Paint[])!;
    expect({ words: contrast(words, behind) >= 4.5, link: contrast(link, behind) >= 4.5 }).toEqual({ words: true, link: true });
  });

  it('centres a lone reference on the viewport, selects it, scrolls to it, and undoes in one step', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.viewport.center = { x: 1000, y: 500 };
    const { nodeId } = await handlers['canvas/insert'](insertOf(1, 600, 1000), context);
    const reference = frame(nodeId);
    // The screenshot with its caption, centred.
    expect([reference.x, reference.y]).toEqual([700, Math.round(500 - reference.height / 2)]);
    expect(reference.height).toBeGreaterThan(1000);
    expect(fake.figma.currentPage.selection.map((node) => node.id)).toEqual([nodeId]);
    expect(fake.figma.viewport.center).toEqual({ x: 1000, y: expect.any(Number) as number });
    fake.figma.triggerUndo();
    expect(fake.inspect.node(nodeId)).toBeNull();
  });

  it('brings a 12,000 px email into view at a readable zoom, its top showing, rather than fitting its whole height', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.viewport.center = { x: 1000, y: 500 };
    fake.figma.viewport.zoom = 1;
    const { nodeId } = await handlers['canvas/insert'](insertOf(3, 600, 12_000), context);
    const reference = frame(nodeId).absoluteBoundingBox!;
    const view = fake.figma.viewport.bounds;
    // Its width fitted at 100 %: the zoom stays; its top and both sides are on screen.
    expect(fake.figma.viewport.zoom).toBe(1);
    expect(reference.x >= view.x && reference.x + reference.width <= view.x + view.width).toBe(true);
    expect(reference.y >= view.y && reference.y < view.y + view.height / 4).toBe(true);
  });

  it('zooms out only as far as the reference’s width needs when the view is zoomed in', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.viewport.zoom = 4;
    const { nodeId } = await handlers['canvas/insert'](insertOf(4, 600, 12_000), context);
    const reference = frame(nodeId).absoluteBoundingBox!;
    const view = fake.figma.viewport.bounds;
    expect(reference.x >= view.x && reference.x + reference.width <= view.x + view.width).toBe(true);
    expect(reference.y >= view.y && reference.y < view.y + view.height / 4).toBe(true);
    // Readable: far above what fitting 12,000 px in the view's height gives (under 0.1).
    expect(fake.figma.viewport.zoom).toBeGreaterThan(1.5);
  });

  it('goes to the right of the selection', async () => {
    const { fake, handlers, frame } = setup();
    selectSquareAt(fake, 50, 60);
    const { nodeId } = await handlers['canvas/insert'](insertOf(2, 600, 800), context);
    expect([frame(nodeId).x, frame(nodeId).y]).toEqual([230, 60]);
  });

  it('goes to the right of the design a selected layer sits in, not over that design', async () => {
    const { fake, handlers, frame } = setup();
    // The designer's email (600 px wide) with its button selected.
    const design = fake.figma.createFrame();
    design.resize(600, 2000);
    design.x = 100;
    design.y = 40;
    const button = fake.figma.createRectangle();
    design.appendChild(button);
    button.resize(200, 48);
    button.x = 200;
    button.y = 300;
    fake.figma.currentPage.selection = [button];
    const { nodeId } = await handlers['canvas/insert'](insertOf(3, 600, 800), context);
    expect([frame(nodeId).x, frame(nodeId).y]).toEqual([780, 40]);
    // A batch too.
    fake.figma.currentPage.selection = [button];
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const first = (await handlers['canvas/insert'](insertOf(4, 600, 800, { batchId }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId }, context);
    // Right of the design, and right of the reference just placed there (600 wide), not over it.
    expect([frame(first).x, frame(first).y]).toEqual([780 + 600 + PLACEMENT_GAP, 40]);
  });

  it('moves right past the components in the middle of the view instead of covering them: a lone reference, a grid and a board', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.viewport.center = { x: 1000, y: 500 };
    // The designer's components where the view is, and one far below (out of the way).
    const card = fake.figma.createComponent();
    card.resize(400, 300);
    card.x = 900;
    card.y = 400;
    const header = fake.figma.createComponent();
    header.resize(600, 120);
    header.x = 1500;
    header.y = 200;
    const footer = fake.figma.createComponent();
    footer.resize(600, 120);
    footer.x = 600;
    footer.y = 5000;
    const kept = [card, header, footer].map((node) => ({ ...node.absoluteBoundingBox! }));
    const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

    const lone = frame((await handlers['canvas/insert'](insertOf(1, 600, 1000), context)).nodeId);
    // Centred it would start at x 700, over the card; past the card (1300) there is no room before the header (1500).
    expect(lone.x).toBe(2100 + PLACEMENT_GAP);
    const grid = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const inGrid = [];
    for (const id of [2, 3]) inGrid.push(frame((await handlers['canvas/insert'](insertOf(id, 600, 1000, { batchId: grid.batchId }), context)).nodeId));
    await handlers['canvas/insert-end']({ batchId: grid.batchId }, context);
    fake.figma.currentPage.selection = [];
    const board = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    await handlers['canvas/insert'](insertOf(4, 600, 1000, { batchId: board.batchId, stage: 'Welcome' }), context);
    const { nodeIds } = await handlers['canvas/insert-end']({ batchId: board.batchId, stages: ['Welcome'] }, context);
    const boardFrame = frame(nodeIds[0]!).parent as FrameNode;
    expect(boardFrame.name).toBe('Acme — journey');

    const placed = [lone, ...inGrid, boardFrame].map((node) => node.absoluteBoundingBox!);
    for (const box of placed) for (const other of [...kept, ...placed]) if (other !== box) expect(overlaps(box, other)).toBe(false);
    // The components themselves were not moved.
    expect([card, header, footer].map((node) => node.absoluteBoundingBox)).toEqual(kept);
  });

  it('uses the fallback font when the preferred one is missing, and says so when none loads', async () => {
    const fallback = setup({ fonts: [{ family: 'Roboto', style: 'Regular' }] });
    const { nodeId } = await fallback.handlers['canvas/insert'](insertOf(3, 600, 800), context);
    const caption = fallback.frame(nodeId).children.find((child) => child.type === 'TEXT') as TextNode;
    expect(caption.fontName).toEqual({ family: 'Roboto', style: 'Regular' });

    const none = setup({ fonts: [{ family: 'Georgia', style: 'Regular' }] });
    await expect(none.handlers['canvas/insert'](insertOf(4, 600, 800), context)).rejects.toMatchObject({ code: 'font_unavailable', message: expect.stringMatching(/Inter Regular or Roboto Regular/) as string });
    expect(none.fake.inspect.currentPage.children).toHaveLength(0);
  });

  it('refuses bytes that are not an image, and tiles that break the plan, leaving nothing behind', async () => {
    const { fake, handlers } = setup();
    const broken = insertOf(5, 600, 800);
    broken.tiles[0]!.bytes = new TextEncoder().encode('<html>Not found</html>');
    const refusal = await handlers['canvas/insert'](broken, context).then(() => null, (error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'image_failed', message: expect.stringMatching(/^Figma did not accept its screenshot as an image/) as string });
    // The bar names each failed email beside its reason: the reason does not name it again (it said “Acme — Email 5” twice).
    const failed = [{ name: 'Acme — Email 5', reason: (refusal as Error).message }];
    for (const total of [1, 3]) expect(insertSummary({ placed: total - 1, total, failed, cancelled: false }).match(/Email 5/g)).toHaveLength(1);
    const oversized = insertOf(6, 600, 800);
    oversized.height = 9000;
    await expect(handlers['canvas/insert'](oversized, context)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fake.inspect.currentPage.children).toHaveLength(0);
  });

  it('leaves no stray caption on the page when a step of the caption fails', async () => {
    const { fake, handlers } = setup();
    const createText = fake.figma.createText.bind(fake.figma);
    fake.figma.createText = () => {
      const text = createText();
      text.setRangeHyperlink = () => {
        throw new Error('Cannot set a hyperlink here');
      };
      return text;
    };
    await expect(handlers['canvas/insert'](insertOf(7, 600, 800), context)).rejects.toMatchObject({ code: 'edit_refused' });
    expect(fake.inspect.currentPage.children).toHaveLength(0);
  });

  it('says what Figma said when it refuses the edit (a read-only file), leaving nothing behind, and that Dev Mode is read-only', async () => {
    const { fake, handlers } = setup({ readOnly: true });
    await expect(handlers['canvas/insert'](insertOf(7, 600, 800), context)).rejects.toMatchObject({
      code: 'edit_refused',
      message: expect.stringMatching(/^Figma did not let Envelope place the reference \(.*this file is read-only for you.*\)\. If this page is read-only for you, open a page or file you can edit and try again\.$/) as string,
    });
    expect(fake.inspect.currentPage.children).toHaveLength(0);
    const dev = setup();
    Object.assign(dev.fake.figma, { editorType: 'dev' });
    await expect(dev.handlers['canvas/insert'](insertOf(7, 600, 800), context)).rejects.toMatchObject({ code: 'read_only' });
  });
});

describe('drops', () => {
  it('places a dropped reference at the drop point inside the frame it landed on, or on the page', async () => {
    const { fake, feature, handlers, frame } = setup();
    const dropped: unknown[] = [];
    feature.startDropListener((drop) => dropped.push(drop));
    const target = fake.figma.createFrame();
    target.resize(2000, 2000);
    target.x = 500;
    target.y = 500;
    const handled = fake.drop({ node: target, x: 120, y: 80, absoluteX: 620, absoluteY: 580, dropMetadata: { envelopeReference: { dropId: 'd1', emailId: 8 } } });
    expect(handled).toEqual([false]);
    expect(dropped).toEqual([{ dropId: 'd1', emailId: 8 }]);
    const inside = frame((await handlers['canvas/insert'](insertOf(8, 600, 800, { dropId: 'd1' }), context)).nodeId);
    expect(inside.parent?.id).toBe(target.id);
    expect([inside.x, inside.y]).toEqual([120, 80]);

    fake.drop({ node: fake.figma.currentPage, x: -40, y: 30, absoluteX: -40, absoluteY: 30, dropMetadata: { envelopeReference: { dropId: 'd2', emailId: 9 } } });
    const onPage = frame((await handlers['canvas/insert'](insertOf(9, 600, 800, { dropId: 'd2' }), context)).nodeId);
    expect(onPage.parent?.type).toBe('PAGE');
    expect([onPage.x, onPage.y]).toEqual([-40, 30]);
    // A drop is used once.
    await expect(handlers['canvas/insert'](insertOf(9, 600, 800, { dropId: 'd2' }), context)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('leaves the view where it is for a drop (the person chose the place): the reference is selected, the view not zoomed out to a tall screenshot', async () => {
    const { fake, feature, handlers } = setup();
    feature.startDropListener(() => undefined);
    fake.figma.viewport.center = { x: 400, y: 300 };
    fake.figma.viewport.zoom = 1;
    fake.drop({ node: fake.figma.currentPage, x: 200, y: 100, absoluteX: 200, absoluteY: 100, dropMetadata: { envelopeReference: { dropId: 'd8', emailId: 15 } } });
    const { nodeId } = await handlers['canvas/insert'](insertOf(15, 600, 12_000, { dropId: 'd8' }), context);
    expect(fake.figma.currentPage.selection.map((node) => node.id)).toEqual([nodeId]);
    expect([fake.figma.viewport.center, fake.figma.viewport.zoom]).toEqual([{ x: 400, y: 300 }, 1]);
  });

  it('keeps a reference dropped on a component’s layer out of the component: on the page, at the drop point', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    // A design-system component with a frame layer (the next sync would push whatever goes into it).
    const component = fake.figma.createComponent();
    component.name = 'Header';
    component.resize(600, 400);
    component.x = 100;
    component.y = 200;
    const layer = fake.figma.createFrame();
    layer.resize(600, 200);
    component.appendChild(layer);
    fake.drop({ node: layer, x: 50, y: 60, absoluteX: 150, absoluteY: 260, dropMetadata: { envelopeReference: { dropId: 'd7', emailId: 14 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(14, 600, 800, { dropId: 'd7' }), context)).nodeId);
    expect(placed.parent?.type).toBe('PAGE');
    expect([placed.x, placed.y]).toEqual([150, 260]);
    expect(layer.children).toEqual([]);
  });

  it('puts a reference dropped on an auto-layout frame into its flow where the drop fell', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    const stack = fake.figma.createFrame();
    stack.layoutMode = 'VERTICAL';
    stack.itemSpacing = 20;
    const names = ['Top', 'Middle', 'Bottom'];
    for (const name of names) {
      const block = fake.figma.createRectangle();
      block.name = name;
      block.resize(600, 200);
      stack.appendChild(block);
    }
    // Below the middle of "Middle" (at y 220–420), above the middle of "Bottom".
    fake.drop({ node: stack, x: 300, y: 400, absoluteX: 300, absoluteY: 400, dropMetadata: { envelopeReference: { dropId: 'd5', emailId: 12 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(12, 600, 800, { dropId: 'd5' }), context)).nodeId);
    expect(stack.children.map((child) => child.name)).toEqual(['Top', 'Middle', placed.name, 'Bottom']);
  });

  it('keeps a reference’s caption inside its frame, so a flow leaves room for it and a frame that clips its content still shows where it came from', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    // A designer's stack: auto-layout, hugging its content, clipping it (Figma's default for a frame).
    const stack = fake.figma.createFrame();
    stack.layoutMode = 'VERTICAL';
    stack.itemSpacing = 20;
    stack.primaryAxisSizingMode = 'AUTO';
    const top = fake.figma.createRectangle();
    top.resize(600, 200);
    stack.appendChild(top);
    const below = fake.figma.createRectangle();
    below.name = 'Below';
    below.resize(600, 200);
    stack.appendChild(below);
    expect(stack.clipsContent).toBe(true);
    fake.drop({ node: stack, x: 300, y: 250, absoluteX: 300, absoluteY: 250, dropMetadata: { envelopeReference: { dropId: 'd6', emailId: 13 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(13, 200, 800, { dropId: 'd6' }), context)).nodeId);
    expect(stack.children.map((child) => child.id)).toEqual([top.id, placed.id, below.id]);
    const caption = placed.children.find((child) => child.type === 'TEXT') as TextNode;
    // The caption is part of the reference: within its bounds (a narrow screenshot's caption too) …
    expect(caption.y + caption.height).toBeLessThanOrEqual(placed.height);
    expect(caption.width).toBeLessThanOrEqual(placed.width);
    // … so the next layer in the flow starts below it, not over it (it covered the caption's link).
    expect(placed.y + caption.y + caption.height).toBeLessThanOrEqual(below.y);
    // The screenshot keeps its size and place: tiles 1:1 at the frame's top-left.
    const tiles = placed.children.filter((child) => child.type === 'RECTANGLE');
    expect(tiles.map((tile) => [tile.x, tile.y, tile.width, tile.height])).toEqual([[0, 0, 200, 800]]);
  });

  it('places a drop on the page it landed on when the person opened another page before it arrived, and says which page', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    const first = fake.figma.currentPage;
    const target = fake.figma.createFrame();
    target.resize(1000, 1000);
    fake.drop({ node: target, x: 10, y: 20, absoluteX: 10, absoluteY: 20, dropMetadata: { envelopeReference: { dropId: 'd9', emailId: 90 } } });
    const other = fake.figma.createPage();
    fake.showPage(other);
    const placed = await handlers['canvas/insert'](insertOf(90, 600, 800, { dropId: 'd9' }), context);
    expect(placed).toEqual({ nodeId: placed.nodeId, name: 'Acme — Email 90', pageName: first.name });
    expect(frame(placed.nodeId).parent?.id).toBe(target.id);
    expect(first.selection.map((node) => node.id)).toEqual([placed.nodeId]);
    expect(other.children).toHaveLength(0);
  });

  it('puts a reference dropped on a group into the group, at the drop point (as a layer dropped on a group joins it in Figma)', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    // A group inside a frame at (1000, 500): a group's children keep the frame's coordinates.
    const board = fake.figma.createFrame();
    board.resize(3000, 3000);
    board.x = 1000;
    board.y = 500;
    const a = fake.figma.createRectangle();
    const b = fake.figma.createRectangle();
    board.appendChild(a);
    board.appendChild(b);
    a.x = 100;
    a.y = 100;
    b.x = 900;
    b.y = 900;
    const group = fake.figma.group([a, b], board);
    fake.drop({ node: group, x: 200, y: 300, absoluteX: 1300, absoluteY: 900, dropMetadata: { envelopeReference: { dropId: 'd10', emailId: 91 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(91, 600, 800, { dropId: 'd10' }), context)).nodeId);
    expect(placed.parent?.id).toBe(group.id);
    expect(placed.absoluteBoundingBox).toMatchObject({ x: 1300, y: 900 });
  });

  it('keeps a reference dropped on a locked group out of it: on the page, at the drop point', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    const a = fake.figma.createRectangle();
    const group = fake.figma.group([a], fake.figma.currentPage);
    group.locked = true;
    fake.drop({ node: group, x: 10, y: 10, absoluteX: 10, absoluteY: 10, dropMetadata: { envelopeReference: { dropId: 'd11', emailId: 92 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(92, 600, 800, { dropId: 'd11' }), context)).nodeId);
    expect(placed.parent?.type).toBe('PAGE');
  });

  it('keeps a reference dropped on a frame inside a locked one out of the locked design: on the page, at the drop point', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    // An approved email, locked as a whole; its sections are not locked one by one (Figma locks them with it).
    const approved = fake.figma.createFrame();
    approved.resize(600, 2000);
    approved.x = 400;
    approved.locked = true;
    const section = fake.figma.createFrame();
    section.resize(600, 500);
    approved.appendChild(section);
    fake.drop({ node: section, x: 50, y: 60, absoluteX: 450, absoluteY: 60, dropMetadata: { envelopeReference: { dropId: 'd12', emailId: 93 } } });
    const placed = frame((await handlers['canvas/insert'](insertOf(93, 600, 800, { dropId: 'd12' }), context)).nodeId);
    expect(placed.parent?.type).toBe('PAGE');
    expect([placed.x, placed.y]).toEqual([450, 60]);
    expect(section.children).toHaveLength(0);
  });

  it('keeps a reference dropped on a hidden frame (or one inside a hidden frame) out of it, where it could not be seen: on the page', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    const hidden = fake.figma.createFrame();
    hidden.resize(1000, 1000);
    hidden.visible = false;
    const inner = fake.figma.createFrame();
    inner.resize(500, 500);
    hidden.appendChild(inner);
    for (const [index, target] of [hidden, inner].entries()) {
      const dropId = `d-hidden-${index}`;
      fake.drop({ node: target, x: 10, y: 20, absoluteX: 10, absoluteY: 20, dropMetadata: { envelopeReference: { dropId, emailId: 94 + index } } });
      const placed = frame((await handlers['canvas/insert'](insertOf(94 + index, 600, 800, { dropId }), context)).nodeId);
      expect(placed.parent?.type).toBe('PAGE');
    }
  });

  it('keeps a reference dropped on another reference out of it: beside it in what holds it, at the drop point (it went inside, a screenshot in a screenshot)', async () => {
    const { fake, feature, handlers, frame } = setup();
    feature.startDropListener(() => undefined);
    const dropAsync = async (node: BaseNode, x: number, y: number, absoluteX: number, absoluteY: number, emailId: number) => {
      const dropId = `d-on-reference-${emailId}`;
      fake.drop({ node, x, y, absoluteX, absoluteY, dropMetadata: { envelopeReference: { dropId, emailId } } });
      return frame((await handlers['canvas/insert'](insertOf(emailId, 600, 800, { dropId }), context)).nodeId);
    };
    // On the page: a moodboard of references, the next one dropped half over the last.
    const first = await dropAsync(fake.figma.currentPage, 0, 0, 0, 0, 101);
    const second = await dropAsync(first, 300, 100, 300, 100, 102);
    expect(second.parent?.type).toBe('PAGE');
    expect([second.x, second.y]).toEqual([300, 100]);
    expect(first.children.filter((child) => child.type === 'FRAME')).toEqual([]);
    // In a board (a frame holding references): into the board, at the same point on the canvas.
    const board = fake.figma.createFrame();
    board.resize(3000, 3000);
    board.x = 1000;
    board.y = 500;
    const inBoard = await dropAsync(board, 50, 50, 1050, 550, 103);
    const onTop = await dropAsync(inBoard, 10, 20, 1060, 570, 104);
    expect(onTop.parent?.id).toBe(board.id);
    expect([onTop.x, onTop.y]).toEqual([60, 70]);
    // On a layer of a reference (its caption): likewise.
    const caption = inBoard.children.find((child) => child.type === 'TEXT')!;
    const onCaption = await dropAsync(caption, 5, 5, 1055, 1365, 105);
    expect(onCaption.parent?.id).toBe(board.id);
    expect([onCaption.x, onCaption.y]).toEqual([55, 865]);
  });

  it('leaves other drops to Figma', () => {
    const { fake, feature } = setup();
    const dropped: unknown[] = [];
    feature.startDropListener((drop) => dropped.push(drop));
    expect(fake.drop({ dropMetadata: { somethingElse: true } })).toEqual([true]);
    expect(dropped).toEqual([]);
  });
});

describe('batches', () => {
  it('arranges a grid when the batch ends, selects it, and undoes it in one step', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const ids: string[] = [];
    for (let id = 10; id < 15; id++) ids.push((await handlers['canvas/insert'](insertOf(id, 600, 1000 + id * 10, { batchId }), context)).nodeId);
    const { placed, nodeIds, emailIds } = await handlers['canvas/insert-end']({ batchId }, context);
    expect(placed).toBe(5);
    expect(nodeIds).toEqual(ids);
    // Each with its email: the UI counts one whose insert it let go of (Cancel) after it landed.
    expect(emailIds).toEqual([10, 11, 12, 13, 14]);
    const frames = ids.map(frame);
    // Three columns: the first row shares a top, the second row starts below the first's tallest.
    expect(frames.slice(0, 3).map((f) => f.y)).toEqual([frames[0]!.y, frames[0]!.y, frames[0]!.y]);
    expect(frames[1]!.x - frames[0]!.x).toBeGreaterThan(600);
    expect(frames[3]!.x).toBe(frames[0]!.x);
    expect(frames[3]!.y).toBeGreaterThan(frames[2]!.y + 1000 + 12 * 10);
    expect(fake.figma.currentPage.selection.map((node) => node.id).sort()).toEqual([...ids].sort());
    fake.figma.triggerUndo();
    expect(ids.map((id) => fake.inspect.node(id))).toEqual([null, null, null, null, null]);
  });

  it('keeps the references as a grid when the board cannot be built, says so and which emails they are, leaving no half-made board', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const ids = [(await handlers['canvas/insert'](insertOf(30, 600, 900, { batchId, stage: 'Welcome' }), context)).nodeId, (await handlers['canvas/insert'](insertOf(31, 600, 700, { batchId, stage: 'Win-back' }), context)).nodeId];
    const createText = fake.figma.createText.bind(fake.figma);
    let labels = 0;
    fake.figma.createText = () => {
      const text = createText();
      // The second stage's label fails, after the first column went into the board.
      if (++labels === 2) {
        Object.defineProperty(text, 'characters', {
          set() {
            throw new Error('The font is missing.');
          },
        });
      }
      return text;
    };
    // An answer with what landed, not a failure: the UI counts an email whose insert it stopped waiting for, yet is here.
    await expect(handlers['canvas/insert-end']({ batchId, stages: ['Welcome', 'Win-back'] }, context)).resolves.toEqual({
      placed: 2,
      nodeIds: ids,
      emailIds: [30, 31],
      problem: 'The board “Acme — journey” could not be built (The font is missing), so its 2 references are on the canvas as a grid instead.',
    });
    expect(fake.inspect.currentPage.children.map((child) => child.id).sort()).toEqual([...ids].sort());
    expect(ids.map((id) => frame(id).parent?.type)).toEqual(['PAGE', 'PAGE']);
    expect(fake.figma.currentPage.selection.map((node) => node.id).sort()).toEqual([...ids].sort());
  });

  it('names the page the grid is on when the board cannot be built and the person opened another page meanwhile', async () => {
    const { fake, handlers } = setup();
    const first = fake.figma.currentPage;
    first.name = 'Emails';
    const other = fake.figma.createPage();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    await handlers['canvas/insert'](insertOf(32, 600, 900, { batchId, stage: 'Welcome' }), context);
    fake.showPage(other);
    const createText = fake.figma.createText.bind(fake.figma);
    fake.figma.createText = () => {
      const text = createText();
      Object.defineProperty(text, 'characters', {
        set() {
          throw new Error('The font is missing.');
        },
      });
      return text;
    };
    await expect(handlers['canvas/insert-end']({ batchId, stages: ['Welcome'] }, context)).resolves.toMatchObject({
      emailIds: [32],
      pageName: 'Emails',
      problem: 'The board “Acme — journey” could not be built (The font is missing), so its reference is on the page “Emails” as a grid instead.',
    });
  });

  it('goes beside the selection the batch began with, even if the selection changes meanwhile', async () => {
    const { fake, handlers, frame } = setup();
    selectSquareAt(fake, 50, 60);
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const first = (await handlers['canvas/insert'](insertOf(20, 600, 800, { batchId }), context)).nodeId;
    fake.figma.currentPage.selection = [];
    await handlers['canvas/insert'](insertOf(21, 600, 800, { batchId }), context);
    await handlers['canvas/insert-end']({ batchId }, context);
    expect([frame(first).x, frame(first).y]).toEqual([230, 60]);
  });

  it('lays a batch out as it comes, in view and apart, not piled at the page origin', async () => {
    const { fake, handlers, frame } = setup();
    fake.figma.viewport.center = { x: 5000, y: 3000 };
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const ids: string[] = [];
    for (let id = 20; id < 23; id++) ids.push((await handlers['canvas/insert'](insertOf(id, 600, 800, { batchId }), context)).nodeId);
    // Before the batch ends (a closed plugin would leave them so): a grid around the view's centre.
    const frames = ids.map(frame);
    expect(frames.every((f) => Math.abs(f.x - 5000) < 2000 && Math.abs(f.y - 3000) < 2000)).toBe(true);
    expect(frames[1]!.x - frames[0]!.x).toBeGreaterThan(600);
    expect(frames[2]!.y - frames[0]!.y).toBeGreaterThan(800);
    const during = frames.map((f) => [f.x, f.y]);
    await handlers['canvas/insert-end']({ batchId }, context);
    expect(frames.map((f) => [f.x, f.y])).toEqual(during);
  });

  it('builds a journey board with a labelled column per stage, references in the order they came', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const welcome = [(await handlers['canvas/insert'](insertOf(20, 600, 900, { batchId, stage: 'Welcome' }), context)).nodeId, (await handlers['canvas/insert'](insertOf(21, 600, 700, { batchId, stage: 'Welcome' }), context)).nodeId];
    const winBack = (await handlers['canvas/insert'](insertOf(22, 600, 800, { batchId, stage: 'Win-back' }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId, stages: ['Welcome', 'Nurture', 'Win-back'] }, context);
    const board = frame(fake.figma.currentPage.selection[0]!.id);
    expect(board.name).toBe('Acme — journey');
    const labels = board.children.filter((child) => child.type === 'TEXT') as TextNode[];
    expect(labels.map((label) => label.characters)).toEqual(['Welcome', 'Nurture', 'Win-back']);
    expect(labels[0]!.x).toBeLessThan(labels[1]!.x);
    expect(labels[1]!.x).toBeLessThan(labels[2]!.x);
    const [first, second] = welcome.map(frame);
    expect(first!.parent?.id).toBe(board.id);
    expect(first!.x).toBe(labels[0]!.x);
    expect(second!.x).toBe(labels[0]!.x);
    expect(second!.y).toBeGreaterThan(first!.y + 900);
    expect(frame(winBack).x).toBe(labels[2]!.x);
  });

  it('wraps a long stage name within its column, and starts every column’s references below the tallest name (a long name ran over the next stage’s)', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const welcome = (await handlers['canvas/insert'](insertOf(30, 600, 900, { batchId, stage: 'Welcome' }), context)).nodeId;
    const winBack = (await handlers['canvas/insert'](insertOf(31, 600, 800, { batchId, stage: 'Win-back' }), context)).nodeId;
    const long = 'Browse abandonment reminders after a second visit';
    await handlers['canvas/insert-end']({ batchId, stages: ['Welcome', long, 'Win-back'] }, context);
    const board = frame(fake.figma.currentPage.selection[0]!.id);
    const labels = board.children.filter((child) => child.type === 'TEXT') as TextNode[];
    expect(labels.map((label) => label.characters)).toEqual(['Welcome', long, 'Win-back']);
    for (let index = 0; index + 1 < labels.length; index++) expect(labels[index]!.x + labels[index]!.width).toBeLessThanOrEqual(labels[index + 1]!.x);
    // The long name is on more than one line, all of it shown (not cut).
    expect(labels[1]!.height).toBeGreaterThan(labels[0]!.height);
    const tallest = Math.max(...labels.map((label) => label.y + label.height));
    for (const id of [welcome, winBack]) expect(frame(id).y).toBeGreaterThanOrEqual(tallest);
    expect(frame(winBack).x).toBe(labels[2]!.x);
    expect(board.height).toBeGreaterThanOrEqual(frame(welcome).y + frame(welcome).height);
  });

  it('removes a journey board with its last reference, in the removal’s undo step, and names it (the empty grey board and its stage labels stayed)', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const ids = [(await handlers['canvas/insert'](insertOf(23, 600, 800, { batchId, stage: 'Welcome' }), context)).nodeId, (await handlers['canvas/insert'](insertOf(24, 600, 800, { batchId, stage: 'Win-back' }), context)).nodeId];
    await handlers['canvas/insert-end']({ batchId, stages: ['Welcome', 'Nurture', 'Win-back'] }, context);
    const board = frame(ids[0]!).parent!;
    // One of two gone: the board stays, with the other.
    await expect(handlers['canvas/references-remove']({ nodeIds: [ids[0]!], goneEmailIds: [23, 24] }, context)).resolves.toEqual({ removed: 1, failures: [] });
    expect(board.removed).toBe(false);
    const result = await handlers['canvas/references-remove']({ nodeIds: [ids[1]!], goneEmailIds: [23, 24] }, context);
    expect(result).toEqual({ removed: 1, failures: [], boards: [{ name: 'Acme — journey', pageName: fake.figma.currentPage.name }] });
    expect(board.removed).toBe(true);
    // One step: ⌘Z brings the board back with its reference.
    fake.figma.triggerUndo();
    expect(frame(ids[1]!).parent?.id).toBe(board.id);
    expect(fake.inspect.node(board.id)?.removed).toBe(false);
  });

  it('keeps an emptied journey board the designer added to (a note): it is theirs now', async () => {
    const { fake, handlers, frame } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const id = (await handlers['canvas/insert'](insertOf(25, 600, 800, { batchId, stage: 'Welcome' }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId, stages: ['Welcome'] }, context);
    const board = frame(id).parent as FrameNode;
    const note = fake.figma.createRectangle();
    board.appendChild(note);
    await expect(handlers['canvas/references-remove']({ nodeIds: [id], goneEmailIds: [25] }, context)).resolves.toEqual({ removed: 1, failures: [] });
    expect(board.removed).toBe(false);
  });

  it('refuses a lone reference while a batch is open, so the batch stays one undo step', async () => {
    const { fake, feature, handlers } = setup();
    feature.startDropListener(() => undefined);
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const inBatch = (await handlers['canvas/insert'](insertOf(40, 600, 800, { batchId }), context)).nodeId;
    fake.drop({ node: fake.figma.currentPage, x: 0, y: 0, absoluteX: 0, absoluteY: 0, dropMetadata: { envelopeReference: { dropId: 'd3', emailId: 41 } } });
    await expect(handlers['canvas/insert'](insertOf(41, 600, 800, { dropId: 'd3' }), context)).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/still placing/) as string });
    const second = (await handlers['canvas/insert'](insertOf(42, 600, 800, { batchId }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId }, context);
    fake.figma.triggerUndo();
    expect([fake.inspect.node(inBatch), fake.inspect.node(second)]).toEqual([null, null]);
    // Once the batch has ended, the drop is placed as usual.
    await expect(handlers['canvas/insert'](insertOf(41, 600, 800, { dropId: 'd3' }), context)).resolves.toMatchObject({ name: 'Acme — Email 41' });
  });

  it('refuses a batch, a lone reference and a second removal while a removal waits before its undo step, so its commit cuts none of theirs in two', async () => {
    const { fake, feature, handlers } = setup();
    const old = (await handlers['canvas/insert'](insertOf(70, 600, 800), context)).nodeId;
    // Finding the reference takes a while (its page loading, on a large file).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const find = fake.figma.getNodeByIdAsync.bind(fake.figma);
    fake.figma.getNodeByIdAsync = async (id: string) => {
      await held;
      return find(id);
    };
    const removal = handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [70] }, context);
    expect(feature.removing()).toBe(true);
    await expect(handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context)).rejects.toMatchObject({ code: 'busy', message: REMOVING_REFERENCES });
    await expect(handlers['canvas/insert'](insertOf(71, 600, 800), context)).rejects.toMatchObject({ code: 'busy', message: REMOVING_REFERENCES });
    await expect(handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [70] }, context)).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/still removing other references/) as string });
    release();
    await expect(removal).resolves.toMatchObject({ removed: 1 });
    expect(feature.removing()).toBe(false);
    // Once it is done, a batch goes as usual: its step and the removal's stay apart.
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const placed = (await handlers['canvas/insert'](insertOf(72, 600, 800, { batchId }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId }, context);
    fake.figma.triggerUndo();
    expect(fake.inspect.node(placed)).toBeNull();
    expect(fake.inspect.node(old)).toBeNull();
    fake.figma.triggerUndo();
    expect(fake.inspect.node(old)).not.toBeNull();
  });

  it('refuses to remove references while a batch is open, so the batch stays one undo step and the removal another', async () => {
    const { fake, feature } = setup();
    // Composed as src/handlers.ts does.
    const handlers = { ...createReferenceCheckHandlers(fake.figma), ...feature.handlers };
    const old = (await handlers['canvas/insert'](insertOf(60, 600, 800), context)).nodeId;
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const first = (await handlers['canvas/insert'](insertOf(61, 600, 800, { batchId }), context)).nodeId;
    await expect(handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [60] }, context)).rejects.toMatchObject({
      code: 'busy',
      message: 'Envelope is still placing references on the canvas. Wait until they are there, then remove these again.',
    });
    expect(fake.inspect.node(old)).not.toBeNull();
    const second = (await handlers['canvas/insert'](insertOf(62, 600, 800, { batchId }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId }, context);
    // Once the batch has ended the removal goes through, as its own step.
    await expect(handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [60] }, context)).resolves.toMatchObject({ removed: 1 });
    fake.figma.triggerUndo();
    expect(fake.inspect.node(old)).not.toBeNull();
    fake.figma.triggerUndo();
    expect([fake.inspect.node(first), fake.inspect.node(second)]).toEqual([null, null]);
    expect(fake.inspect.node(old)).not.toBeNull();
  });

  it('while a sync runs (its take is one undo step), refuses in words to place, begin a batch or remove, and leaves the file as it was', async () => {
    const fake = createFakeFigma();
    let syncing = false;
    const { handlers } = createCanvasFeature({ figma: fake.figma, now: () => NOW, syncing: () => syncing });
    const old = (await handlers['canvas/insert'](insertOf(70, 600, 800), context)).nodeId;
    const frames = () => fake.inspect.allNodes().filter((node) => node.type === 'FRAME').length;
    const before = frames();
    syncing = true;
    const words = (what: string) => ({ code: 'busy', message: `Envelope is syncing this file with the design system. ${what} again once the sync is done.` });
    await expect(handlers['canvas/insert'](insertOf(71, 600, 800), context)).rejects.toMatchObject(words('Place this reference'));
    await expect(handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context)).rejects.toMatchObject(words('Place these references'));
    await expect(handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [70] }, context)).rejects.toMatchObject(words('Remove these references'));
    expect(frames()).toBe(before);
    expect(fake.inspect.node(old)).not.toBeNull();
    // Once the sync is done, the same go through.
    syncing = false;
    await expect(handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [70] }, context)).resolves.toMatchObject({ removed: 1 });
  });

  it('stops holding lone references back once a batch has heard nothing for long (its end was lost)', async () => {
    const fake = createFakeFigma();
    let clock = NOW.getTime();
    const { handlers } = createCanvasFeature({ figma: fake.figma, now: () => new Date(clock) });
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const inBatch = (await handlers['canvas/insert'](insertOf(50, 600, 800, { batchId }), context)).nodeId;
    clock += ABANDONED_BATCH_MS - 1_000;
    await expect(handlers['canvas/insert'](insertOf(51, 600, 800), context)).rejects.toMatchObject({ code: 'busy' });
    clock += 2_000;
    const lone = (await handlers['canvas/insert'](insertOf(51, 600, 800), context)).nodeId;
    // The abandoned batch's reference stays where it was laid out; the lone one is its own undo step.
    fake.figma.triggerUndo();
    expect(fake.inspect.node(lone)).toBeNull();
    expect(fake.inspect.node(inBatch)).not.toBeNull();
  });

  it('keeps holding lone references back while the UI says it is still at work on the batch (long waits for the library)', async () => {
    const fake = createFakeFigma();
    let clock = NOW.getTime();
    const { handlers } = createCanvasFeature({ figma: fake.figma, now: () => new Date(clock) });
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const first = (await handlers['canvas/insert'](insertOf(52, 600, 800, { batchId }), context)).nodeId;
    // The next email waits out "slow down"s for longer than a silent batch is given; the UI says so each minute.
    for (let minute = 0; minute < 7; minute++) {
      clock += BATCH_ALIVE_MS;
      await expect(handlers['canvas/insert-alive']({ batchId }, context)).resolves.toEqual({});
    }
    await expect(handlers['canvas/insert'](insertOf(53, 600, 800), context)).rejects.toMatchObject({ code: 'busy' });
    const second = (await handlers['canvas/insert'](insertOf(54, 600, 800, { batchId }), context)).nodeId;
    await handlers['canvas/insert-end']({ batchId }, context);
    // One step: ⌘Z takes the whole batch.
    fake.figma.triggerUndo();
    expect(fake.inspect.node(first)).toBeNull();
    expect(fake.inspect.node(second)).toBeNull();
    // Ended: the UI's last word on it is refused, as for a batch never begun.
    await expect(handlers['canvas/insert-alive']({ batchId }, context)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(handlers['canvas/insert-alive']({ batchId: 'batch-99' }, context)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('leaves nothing behind when the UI stopped waiting for the insert (timed out or cancelled)', async () => {
    const { fake, handlers } = setup();
    const stopped = createCancelSource();
    stopped.cancel();
    const gaveUp = handlerContext({ signal: stopped.signal });
    await expect(handlers['canvas/insert'](insertOf(60, 600, 800), gaveUp)).rejects.toMatchObject({ code: 'cancelled' });
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    await expect(handlers['canvas/insert'](insertOf(61, 600, 800, { batchId }), gaveUp)).rejects.toMatchObject({ code: 'cancelled' });
    expect(fake.figma.currentPage.children).toHaveLength(0);
  });

  it('leaves no empty board when no email of the journey was placed (all failed, or cancelled at once)', async () => {
    const { fake, handlers } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    await expect(handlers['canvas/insert-end']({ batchId, stages: ['Welcome', 'Nurture'] }, context)).resolves.toEqual({ placed: 0, nodeIds: [] });
    expect(fake.figma.currentPage.children).toHaveLength(0);
  });

  it('keeps a batch on the page it began on when the person opens another page meanwhile, and says which page', async () => {
    const { fake, handlers, frame } = setup();
    const first = fake.figma.currentPage;
    const other = fake.figma.createPage();
    other.name = 'Ideas';
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const ids = [(await handlers['canvas/insert'](insertOf(70, 600, 800, { batchId }), context)).nodeId];
    fake.showPage(other);
    ids.push((await handlers['canvas/insert'](insertOf(71, 600, 800, { batchId }), context)).nodeId);
    await expect(handlers['canvas/insert-end']({ batchId }, context)).resolves.toEqual({ placed: 2, nodeIds: ids, emailIds: [70, 71], pageName: first.name });
    expect(ids.map((id) => frame(id).parent?.id)).toEqual([first.id, first.id]);
    expect(other.children).toHaveLength(0);
    expect(first.selection.map((node) => node.id).sort()).toEqual([...ids].sort());
    // The page the person is on is left as they see it.
    expect(fake.figma.currentPage).toBe(other);
    expect(other.selection).toEqual([]);
    fake.figma.triggerUndo();
    expect(ids.map((id) => fake.inspect.node(id))).toEqual([null, null]);
  });

  it('builds a journey board on the page the batch began on when the person opens another page meanwhile', async () => {
    const { fake, handlers, frame } = setup();
    const first = fake.figma.currentPage;
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'board', title: 'Acme — journey' }, context);
    const id = (await handlers['canvas/insert'](insertOf(72, 600, 800, { batchId, stage: 'Welcome' }), context)).nodeId;
    const other = fake.figma.createPage();
    fake.showPage(other);
    await expect(handlers['canvas/insert-end']({ batchId, stages: ['Welcome'] }, context)).resolves.toMatchObject({ placed: 1, pageName: first.name });
    const board = frame(id).parent!;
    expect([board.type, board.parent?.id]).toEqual(['FRAME', first.id]);
    expect(other.children).toHaveLength(0);
  });

  it('while an empty batch’s end still searches the pages for the check button, counts as placing: nothing begun meanwhile has its undo step cut by that end’s commit, and the button stays with a reference on the canvas', async () => {
    const { fake, feature, handlers } = setup();
    const slowPage = fake.figma.createPage();
    // A file showing the button (its reference since deleted), whose second page is slow to load.
    showCheckButton(fake.figma.root, true);
    fake.figma.commitUndo();
    const slow = holdPageLoad(slowPage);

    // Cancelled before anything landed: its end searches the pages.
    const ended = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Cancelled' }, context);
    const ending = handlers['canvas/insert-end']({ batchId: ended.batchId }, context);
    await vi.waitFor(() => expect(slow.asked()).toBe(true));
    // The UI stopped waiting for that end; the designer places again, or syncs.
    expect(feature.placing()).toBe(true);
    await expect(handlers['canvas/insert-begin']({ layout: 'grid', title: 'Again' }, context)).rejects.toMatchObject({ code: 'busy', message: STILL_ENDING_BATCH });
    await expect(handlers['canvas/insert'](insertOf(80, 600, 800), context)).rejects.toMatchObject({ code: 'busy' });
    await expect(handlers['canvas/insert'](insertOf(81, 600, 800, { batchId: ended.batchId }), context)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(handlers['canvas/insert-end']({ batchId: ended.batchId }, context)).rejects.toMatchObject({ code: 'invalid_input' });
    slow.release();
    await expect(ending).resolves.toEqual({ placed: 0, nodeIds: [] });
    expect(feature.placing()).toBe(false);
    expect(hasCheckButton(fake.figma.root)).toBe(false);

    // Once it has ended, the next batch is placed whole, one undo step, and keeps the button.
    const again = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Again' }, context);
    const ids = [(await handlers['canvas/insert'](insertOf(82, 600, 800, { batchId: again.batchId }), context)).nodeId];
    ids.push((await handlers['canvas/insert'](insertOf(83, 600, 800, { batchId: again.batchId }), context)).nodeId);
    await handlers['canvas/insert-end']({ batchId: again.batchId }, context);
    expect(hasCheckButton(fake.figma.root)).toBe(true);
    fake.figma.triggerUndo();
    expect(ids.map((id) => fake.inspect.node(id))).toEqual([null, null]);
  });

  it('an end that searches the pages is not taken for an abandoned batch, however long its emails took', async () => {
    const fake = createFakeFigma();
    let clock = NOW.getTime();
    const feature = createCanvasFeature({ figma: fake.figma, now: () => new Date(clock) });
    const slow = holdPageLoad(fake.figma.createPage());
    showCheckButton(fake.figma.root, true);
    fake.figma.commitUndo();
    const { batchId } = await feature.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Slow' }, context);
    // The UI waited out "slow down"s for nearly the limit; nothing landed.
    clock += ABANDONED_BATCH_MS - 1_000;
    const ending = feature.handlers['canvas/insert-end']({ batchId }, context);
    await vi.waitFor(() => expect(slow.asked()).toBe(true));
    clock += 2_000;
    expect(feature.placing()).toBe(true);
    await expect(feature.handlers['canvas/insert'](insertOf(86, 600, 800), context)).rejects.toMatchObject({ code: 'busy', message: STILL_ENDING_BATCH });
    slow.release();
    await ending;
    expect(feature.placing()).toBe(false);
  });

  it('a lone reference whose placing failed after the pages were searched keeps the button a reference placed during that search set', async () => {
    const { fake, handlers } = setup();
    const slowPage = fake.figma.createPage();
    showCheckButton(fake.figma.root, true);
    fake.figma.commitUndo();
    const slow = holdPageLoad(slowPage);
    // The UI stops waiting for a lone reference just before it lands: it is taken away, and the pages searched.
    const stopped = createCancelSource();
    stopped.cancel();
    const failing = handlers['canvas/insert'](insertOf(84, 600, 800), handlerContext({ signal: stopped.signal }));
    await vi.waitFor(() => expect(slow.asked()).toBe(true));
    // Meanwhile a batch places a reference on the page already searched.
    const batch = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Meanwhile' }, context);
    const placed = await handlers['canvas/insert'](insertOf(85, 600, 800, { batchId: batch.batchId }), context);
    slow.release();
    await expect(failing).rejects.toMatchObject({ code: 'cancelled' });
    await handlers['canvas/insert-end']({ batchId: batch.batchId }, context);
    expect(fake.inspect.node(placed.nodeId)).not.toBeNull();
    expect(hasCheckButton(fake.figma.root)).toBe(true);
  });

  it('refuses an insert into a batch that has ended', async () => {
    const { handlers } = setup();
    const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    await expect(handlers['canvas/insert-end']({ batchId }, context)).resolves.toEqual({ placed: 0, nodeIds: [] });
    await expect(handlers['canvas/insert'](insertOf(30, 600, 800, { batchId }), context)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('the reference check and undo', () => {
  it('adds no undo step of its own to a file whose references lack the button (copied in from another file): the designer’s next ⌘Z undoes their last change, not an unseen button', async () => {
    // The fake counts the test’s edits as the plugin’s: the rename stands for the designer’s last step.
    const { fake, handlers } = setup();
    const check = createReferenceCheckHandlers(fake.figma);
    const { nodeId } = await handlers['canvas/insert'](insertOf(80, 600, 800), context);
    // As if pasted from another file: the reference, without the document's button.
    fake.inspect.run(() => fake.figma.root.setRelaunchData({}));
    fake.markFileOpened();
    // The designer's last change, one step.
    const reference = fake.inspect.node(nodeId) as FrameNode;
    reference.name = 'Moodboard pick';
    fake.figma.commitUndo();
    const found = await check['canvas/references-find']({}, context);
    expect(found.references.map((entry) => entry.nodeId)).toEqual([nodeId]);
    fake.figma.triggerUndo();
    expect(reference.name).toBe('Acme — Email 80');
  });
});
