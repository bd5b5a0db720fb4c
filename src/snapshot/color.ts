// Colours in the normalized format are lower-case hex: `#rrggbb` when opaque, `#rrggbbaa`
// otherwise. Figma channels are floats in 0..1; each becomes the nearest 8-bit value, which is
// what any email client can show, so sub-8-bit differences are deliberately not captured.

const HEX_PAIRS: string[] = [];
for (let i = 0; i < 256; i++) HEX_PAIRS.push((i < 16 ? '0' : '') + i.toString(16));

// A channel's byte is floor(channel × 255 + 0.5), computed as `(…) | 0` (exact for these
// non-negative values): the nearest byte, halves up, as Math.round gives it, without a native
// call per channel, which the sandbox's interpreter pays for on every paint.

function channelToByte(channel: number): number {
  if (!(channel > 0)) return 0; // also NaN
  if (channel >= 1) return 255;
  return (channel * 255 + 0.5) | 0;
}

/** `{r, g, b}` plus an alpha (0..1, default 1) → `#rrggbb` or `#rrggbbaa`. */
export function colorToHex(color: { readonly r: number; readonly g: number; readonly b: number }, alpha = 1): string {
  const rgb = rgbIndex(color);
  if (rgb >= 0 && alpha >= 1) return rgbHex(rgb);
  const { r, g, b } = color;
  const hex = '#' + HEX_PAIRS[channelToByte(r)]! + HEX_PAIRS[channelToByte(g)]! + HEX_PAIRS[channelToByte(b)]!;
  const a = channelToByte(alpha);
  return a === 255 ? hex : hex + HEX_PAIRS[a]!;
}

/**
 * `0xrrggbb` of a colour whose channels are all in 0..1, rounded as channelToByte does, or -1.
 * An integer is a cheap cache key in the sandbox's interpreter; a new hex string is not. The
 * paint loop of normalize/paints.ts carries an inline copy (its hot path; a test keeps the two
 * in agreement).
 */
export function rgbIndex(color: { readonly r: number; readonly g: number; readonly b: number }): number {
  const { r, g, b } = color;
  if (!(r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1)) return -1;
  return (((r * 255 + 0.5) | 0) << 16) | (((g * 255 + 0.5) | 0) << 8) | ((b * 255 + 0.5) | 0);
}

/** `#rrggbb` of an `rgbIndex` value. */
export function rgbHex(rgb: number): string {
  return '#' + HEX_PAIRS[rgb >>> 16]! + HEX_PAIRS[(rgb >>> 8) & 255]! + HEX_PAIRS[rgb & 255]!;
}
