// What the canvas benchmark evaluates inside QuickJS: the sandbox's part of placing references
// (images from the tiles, the frame, its locked tiles, the caption with its font and link, the
// record, placement, undo) on the fake Figma, driven by the host through `globalThis.__canvasBench`.
// The host hands over real PNG tiles as ArrayBuffers (`__canvasTiles`); timing is the host's.
import { createFakeFigma } from '../fake-figma';
import { createCanvasFeature } from '../../src/canvas/canvas-handlers';
import { handlerContext } from '../../src/shared/bridge/endpoint';
import type { ReferenceSource } from '../../src/shared/bridge/messages';
import { planTiles } from '../../src/shared/canvas/tile-plan';

interface Screenshot {
  width: number;
  height: number;
  /** One ArrayBuffer per tile of `planTiles(width, height)`. */
  tiles: ArrayBuffer[];
}

const quiet = { log: (): void => undefined, warn: (): void => undefined, error: (): void => undefined };
const context = handlerContext();
let state: { done: boolean; result?: unknown; error?: string } = { done: true };

function source(emailId: number): ReferenceSource {
  return { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' };
}

function tilesOf(screenshot: Screenshot) {
  return planTiles(screenshot.width, screenshot.height).map((tile, index) => ({ ...tile, bytes: new Uint8Array(screenshot.tiles[index]!) }));
}

/** A fresh file each phase, so every phase meets the same document. */
function featureForPhase() {
  const fake = createFakeFigma({ console: quiet, teamLibrary: false });
  return { fake, handlers: createCanvasFeature({ figma: fake.figma }).handlers };
}

async function runAsync(phase: string): Promise<unknown> {
  const screenshots = (globalThis as unknown as { __canvasTiles: Screenshot[] }).__canvasTiles;
  const { fake, handlers } = featureForPhase();
  if (phase === 'one') {
    const [tall] = screenshots;
    const placed = await handlers['canvas/insert']({ reference: source(1), width: tall!.width, height: tall!.height, tiles: tilesOf(tall!) }, context);
    return { tiles: (fake.inspect.node(placed.nodeId) as FrameNode).children.length - 1 };
  }
  const { batchId } = await handlers['canvas/insert-begin']({ layout: 'grid', title: 'References' }, context);
  for (const [index, screenshot] of screenshots.entries()) {
    await handlers['canvas/insert']({ reference: source(100 + index), width: screenshot.width, height: screenshot.height, tiles: tilesOf(screenshot), batchId }, context);
  }
  return handlers['canvas/insert-end']({ batchId }, context).then((ended) => ({ placed: ended.placed }));
}

(globalThis as unknown as { __canvasBench: unknown }).__canvasBench = {
  start(phase: string): void {
    state = { done: false };
    runAsync(phase).then(
      (result) => (state = { done: true, result }),
      (error: unknown) => (state = { done: true, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) }),
    );
  },
  poll(): string {
    return JSON.stringify(state);
  },
};
