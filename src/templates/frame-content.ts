// A frame as a template's content: its layers as the snapshot normalizer reads them, and a PNG
// preview exported as large as fits beside them in one builder request (preview-scale.ts decides
// the scale; here are the exports and Figma's failures in words).
import { megabytesText } from '../shared/api/builder/requests';
import type { TemplateContent } from '../shared/api/builder/schemas';
import { jsonByteLength } from '../shared/api/http/utf8';
import { BridgeError } from '../shared/bridge/bridge-error';
import { quotedName } from '../shared/quoted-name';
import { readFrameAsync } from '../snapshot';
import { base64Length, firstPreviewScale, minimumPreviewScale, nextPreviewScale, previewBudget, previewTooLargeText } from './preview-scale';

/** Export attempts before the preview is given up (each one smaller). */
const PREVIEW_ATTEMPTS = 5;

export interface FramePreview {
  base64: string;
  width: number;
  height: number;
}

export interface FrameContent {
  content: TemplateContent;
  /** The normalizer's hash of the frame (what a link remembers). */
  hash: string;
  preview: FramePreview;
  /** The content's root as sent. */
  root: Record<string, unknown>;
}

/** `frame`: the frame's name and size, read before anything is awaited (it may be deleted meanwhile). */
async function previewAsync(figma: Pick<PluginAPI, 'base64Encode'>, node: FrameNode, frame: { name: string; width: number; height: number }, contentBytes: number): Promise<FramePreview> {
  const budget = previewBudget(contentBytes);
  if (budget === 0) {
    throw new BridgeError('too_large', `${quotedName(frame.name, 'The frame')} is ${megabytesText(contentBytes)} as a description alone, more than the builder takes (2 MB per request). Split it into smaller frames.`);
  }
  const minimum = minimumPreviewScale(frame.width, frame.height);
  let scale = firstPreviewScale(frame.width, frame.height);
  for (let attempt = 1; ; attempt++) {
    let bytes: Uint8Array;
    try {
      bytes = await node.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: scale } });
    } catch (error) {
      // Figma's own words name its API ("in exportAsync: …"): said as what it means instead.
      if (node.removed) throw error;
      throw new BridgeError('export_failed', `Figma could not make a preview image of ${quotedName(frame.name, 'the frame')}, so nothing was sent to the builder. Check that the frame shows something, then try again.`);
    }
    const length = base64Length(bytes.length);
    const next = nextPreviewScale(scale, length, budget, minimum);
    if (next === scale) return { base64: figma.base64Encode(bytes), width: Math.round(frame.width * scale), height: Math.round(frame.height * scale) };
    if (next === null || attempt >= PREVIEW_ATTEMPTS) {
      throw new BridgeError('too_large', previewTooLargeText(frame.name, length, Math.round(frame.width * scale), budget), { bytes: length });
    }
    scale = next;
  }
}

/** `name`: the frame's, read when the save began (a deleted frame has none to read). */
export async function frameContentAsync(figma: PluginAPI, frame: FrameNode, name: string): Promise<FrameContent> {
  const deleted = () => new BridgeError('no_frame', `${quotedName(name, 'The frame')} was deleted while it was being saved, so nothing was sent to the builder.`);
  if (frame.removed) throw deleted();
  const facts = { name, width: frame.width, height: frame.height };
  try {
    const reading = await readFrameAsync(figma, frame);
    const root = reading.node as unknown as Record<string, unknown>;
    const withoutPreview: TemplateContent = { format: 'figma-node-tree', version: 1, root };
    const preview = await previewAsync(figma, frame, facts, jsonByteLength(withoutPreview));
    return { content: { ...withoutPreview, preview_png_base64: preview.base64 }, hash: reading.hash, preview, root };
  } catch (error) {
    // Deleted while it was read or exported: Figma's error would name a node id.
    if (frame.removed) throw deleted();
    throw error;
  }
}
