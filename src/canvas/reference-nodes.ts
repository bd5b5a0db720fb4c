// Builds one reference on the canvas: a frame holding one locked rectangle per tile (an image fill
// at its own size, so nothing is scaled and tiles meet without a seam), the caption beneath them
// with its link, and the record in plugin data.
import type { ReferenceSource, ScreenshotTile } from '../shared/bridge/messages';
import { tilesMismatch } from '../shared/canvas/tile-plan';
import { BridgeError } from '../shared/bridge/bridge-error';
import { referenceCaption, referenceName } from './caption';
import { asCanvasError, errorMessage, fontUnavailableError, imageFailedError } from './canvas-errors';
import { relaunchName } from '../platform/relaunch-description';
import { OPEN_EMAIL_COMMAND, REFERENCE_DATA_KEY, serializeReferenceRecord } from './reference-record';

/** The caption's font, then the one used when it is missing. */
export const CAPTION_FONTS: readonly FontName[] = [
  { family: 'Inter', style: 'Regular' },
  { family: 'Roboto', style: 'Regular' },
];
export const CAPTION_FONT_SIZE = 12;
/** Between the screenshot's bottom edge and its caption. */
export const CAPTION_GAP = 8;
/** A caption is never narrower than this, so a narrow screenshot's caption stays readable. */
const MIN_CAPTION_WIDTH = 240;
const CAPTION_COLOR: RGB = { r: 0.4, g: 0.4, b: 0.4 };
const LINK_COLOR: RGB = { r: 0.05, g: 0.4, b: 0.9 };

const SCREENSHOT_NAME = 'Screenshot';
const CAPTION_NAME = 'Caption';
const TILE_NAME = /^Screenshot( \d+ of \d+)?$/;

const hasImageFill = (node: SceneNode): boolean => 'fills' in node && Array.isArray(node.fills) && (node.fills as readonly Paint[]).some((paint) => paint.type === 'IMAGE');

/**
 * Whether a layer inside a reference is one the reference was built with, not one the designer
 * added: a screenshot tile (a rectangle of that name holding an image) or its caption (a text
 * layer of that name whose words begin as this reference's do: Figma names a text layer after
 * its words, so a note reading "Caption" is the designer's). Removing a reference takes only these.
 */
export function isBuiltReferenceLayer(node: SceneNode, record: Pick<ReferenceSource, 'brandName' | 'subject'>): boolean {
  if (node.type === 'RECTANGLE') return TILE_NAME.test(node.name) && hasImageFill(node);
  return node.type === 'TEXT' && node.name === CAPTION_NAME && node.characters.startsWith(`${referenceName(record)}\n`);
}

/** Whether a layer holds an image anywhere in it (a screenshot tile grouped or renamed by the designer, or an image of their own). */
export function holdsImage(node: SceneNode): boolean {
  return hasImageFill(node) || ('children' in node && node.children.some(holdsImage));
}

export interface ReferenceInput {
  source: ReferenceSource;
  width: number;
  height: number;
  tiles: readonly ScreenshotTile[];
}

type CanvasApi = Pick<PluginAPI, 'createFrame' | 'createRectangle' | 'createText' | 'createImage' | 'loadFontAsync'>;

/** Loads the first caption font Figma has; the same answer for the rest of the run. */
export function createFontLoader(figma: Pick<PluginAPI, 'loadFontAsync'>, fonts: readonly FontName[] = CAPTION_FONTS): () => Promise<FontName> {
  let loaded: Promise<FontName> | null = null;
  const loadAsync = async (): Promise<FontName> => {
    for (const font of fonts) {
      try {
        await figma.loadFontAsync(font);
        return font;
      } catch {
        // Missing here: try the next one.
      }
    }
    throw fontUnavailableError(fonts);
  };
  return () => {
    // A failure is not kept: the font may be installed before the next try.
    loaded ??= loadAsync().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}

/** The images for the tiles, checked against their place in the plan, before any node is made. */
async function createTileImagesAsync(figma: CanvasApi, input: ReferenceInput): Promise<Image[]> {
  const mismatch = tilesMismatch(input.width, input.height, input.tiles);
  if (mismatch !== null) throw new BridgeError('invalid_input', `The screenshot came in pieces that do not fit together: ${mismatch}`);
  const images: Image[] = [];
  for (const tile of input.tiles) {
    let image: Image;
    try {
      image = figma.createImage(tile.bytes);
    } catch (error) {
      throw imageFailedError(`Figma did not accept its screenshot as an image (${errorMessage(error)}).`);
    }
    const size = await image.getSizeAsync();
    if (size.width !== tile.width || size.height !== tile.height) {
      throw imageFailedError(`A piece of its screenshot is ${size.width} × ${size.height} px where ${tile.width} × ${tile.height} px was expected.`);
    }
    images.push(image);
  }
  return images;
}

/** What a reference needs from Figma before any node is made: its images, checked, and the caption's font. */
export interface PreparedReference {
  input: ReferenceInput;
  images: Image[];
  font: FontName;
}

export async function prepareReferenceAsync(figma: CanvasApi, input: ReferenceInput, loadFontAsync: () => Promise<FontName>): Promise<PreparedReference> {
  const images = await createTileImagesAsync(figma, input);
  return { input, images, font: await loadFontAsync() };
}

/**
 * Builds the reference on the current page (where Figma puts new nodes); the caller places it.
 * Without waiting: nothing (a page opened, another feature's undo step) comes between its nodes
 * and the caller's placing and commit.
 */
export function buildReference(figma: CanvasApi, { input, images, font }: PreparedReference, now: Date): FrameNode {
  const { source, width, height } = input;
  const name = referenceName(source);
  let frame: FrameNode | null = null;
  try {
    frame = figma.createFrame();
    frame.name = name;
    frame.resize(width, height);
    // White behind the caption: on a dark page (Figma's dark theme draws the canvas near black) its
    // grey words and blue link were hard to read (under 3.5 : 1); a screenshot's own pixels cover the rest.
    frame.fills = [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 } }];
    // The caption sits below the frame's edge and must stay visible.
    frame.clipsContent = false;
    input.tiles.forEach((tile, index) => {
      const rectangle = figma.createRectangle();
      rectangle.name = input.tiles.length === 1 ? SCREENSHOT_NAME : `${SCREENSHOT_NAME} ${index + 1} of ${input.tiles.length}`;
      frame!.appendChild(rectangle);
      rectangle.resize(tile.width, tile.height);
      rectangle.x = tile.x;
      rectangle.y = tile.y;
      // FILL on a rectangle of the image's own size: drawn 1:1.
      rectangle.fills = [{ type: 'IMAGE', imageHash: images[index]!.hash, scaleMode: 'FILL' }];
      rectangle.locked = true;
    });
    const caption = addCaption(figma, frame, source, font, width, height);
    // The caption is part of the reference: inside its bounds, a flow leaves room for it and a
    // frame that clips its content still shows where the screenshot came from. Tiles stay put.
    frame.resizeWithoutConstraints(caption.width, Math.ceil(caption.y + caption.height));
    frame.setPluginData(
      REFERENCE_DATA_KEY,
      serializeReferenceRecord({
        emailId: source.emailId,
        brandSlug: source.brandSlug,
        brandName: source.brandName,
        subject: source.subject,
        url: source.url,
        capturedDate: source.capturedDate,
        insertedAt: now.toISOString(),
      }),
    );
    // Selected later, the reference offers to open its email in Envelope (manifest relaunchButtons).
    frame.setRelaunchData({ [OPEN_EMAIL_COMMAND]: relaunchName(name) });
    // The document's "Check email references" button is the caller's: set once the reference is placed (check-references-button.ts).
    return frame;
  } catch (error) {
    // Nothing half-made is left behind.
    if (frame && !frame.removed) frame.remove();
    throw asCanvasError(error);
  }
}

/** The caption goes into the frame before anything is set on it: a failed step leaves nothing on the page. */
function addCaption(figma: CanvasApi, frame: FrameNode, source: ReferenceSource, font: FontName, width: number, height: number): TextNode {
  const caption = referenceCaption(source);
  const text = figma.createText();
  frame.appendChild(text);
  text.name = CAPTION_NAME;
  text.fontName = font;
  text.fontSize = CAPTION_FONT_SIZE;
  text.characters = caption.text;
  text.fills = [{ type: 'SOLID', color: CAPTION_COLOR }];
  text.textAutoResize = 'HEIGHT';
  text.resize(Math.max(width, MIN_CAPTION_WIDTH), text.height);
  const { start, end, url } = caption.link;
  if (url !== null) {
    text.setRangeHyperlink(start, end, { type: 'URL', value: url });
    text.setRangeTextDecoration(start, end, 'UNDERLINE');
    text.setRangeFills(start, end, [{ type: 'SOLID', color: LINK_COLOR }]);
  }
  text.x = 0;
  text.y = height + CAPTION_GAP;
  return text;
}

/** A reference's footprint with its caption (for arranging several; an older reference's caption hangs below its frame). */
export function referenceFootprint(frame: FrameNode): { width: number; height: number } {
  const caption = frame.children.find((child) => child.type === 'TEXT');
  return caption ? { width: Math.max(frame.width, caption.width), height: Math.max(frame.height, caption.y + caption.height) } : { width: frame.width, height: frame.height };
}
