// The PNG preview's scale: as wide as an email is read (600 px at most, never enlarged), and
// smaller until its base64 fits well under the builder's 2 MB request limit, beside the content.
// Pure: the session exports and measures, this decides.
import { megabytesText, TEMPLATE_MAX_BODY_BYTES } from '../shared/api/builder/requests';
import { quotedName } from '../shared/quoted-name';

/** The widest preview sent (an email's usual width). */
export const PREVIEW_MAX_WIDTH = 600;
/** Narrower than this a preview says nothing: the frame is refused instead. */
export const PREVIEW_MIN_WIDTH = 120;
/** The preview's base64 stays under this ("well under" the 2 MB limit). */
export const PREVIEW_MAX_BASE64 = 1_000_000;
/** Room kept for the JSON around content and preview (name, description, keys). */
const BODY_MARGIN_BYTES = 20_000;
/** Figma's smallest export scale. */
const MIN_EXPORT_SCALE = 0.01;

/** The length of `bytes` bytes as base64 text. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** The longest preview side (exports beyond a few thousand pixels fail or are useless). */
export const PREVIEW_MAX_SIDE = 4096;

/** The first scale to try for a frame of `width` × `height` px. */
export function firstPreviewScale(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.max(MIN_EXPORT_SCALE, Math.min(1, PREVIEW_MAX_WIDTH / width, PREVIEW_MAX_SIDE / height));
}

/**
 * The smallest scale allowed: PREVIEW_MIN_WIDTH wide (the frame's own width when narrower), or
 * the first scale when a very tall frame starts narrower than that already.
 */
export function minimumPreviewScale(width: number, height: number): number {
  if (!(width > 0)) return 1;
  return Math.min(firstPreviewScale(width, height), Math.max(MIN_EXPORT_SCALE, Math.min(1, PREVIEW_MIN_WIDTH / width)));
}

/** How much base64 the preview may take beside content of `contentBytes`; 0 when none fits. */
export function previewBudget(contentBytes: number): number {
  return Math.max(0, Math.min(PREVIEW_MAX_BASE64, TEMPLATE_MAX_BODY_BYTES - BODY_MARGIN_BYTES - contentBytes));
}

/**
 * After exporting at `scale` gave `encodedLength` characters of base64: `scale` when it fits the
 * budget, a smaller scale to try next (the size shrinks with the area, so with the square of the
 * scale; 10 % kept in hand), or null when even the minimum scale is too large.
 */
export function nextPreviewScale(scale: number, encodedLength: number, budget: number, minimumScale: number): number | null {
  if (encodedLength <= budget) return scale;
  if (scale <= minimumScale || budget <= 0) return null;
  return Math.max(minimumScale, scale * Math.sqrt(budget / encodedLength) * 0.9);
}

/**
 * Why a preview too large even at its smallest is refused, in words. It names the preview's own
 * limit (the budget, rounded down: a limit), not only the request's 2 MB: "1.2 MB … too large to
 * send (the builder takes at most 2 MB)" read as a contradiction.
 */
export function previewTooLargeText(frameName: string, encodedLength: number, widthPx: number, budget: number): string {
  const limit = `${(Math.floor(budget / 100_000) / 10).toFixed(1)} MB`;
  return `The preview of ${quotedName(frameName, 'the frame')} would be ${megabytesText(encodedLength)} even at ${widthPx} px wide, too large to send: Envelope sends a preview of up to ${limit}, so that it fits with the frame’s layers in the 2 MB the builder takes per request. Make the frame shorter or split it into several templates.`;
}
