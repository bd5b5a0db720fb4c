// Colour conversions between Figma's 0–1 RGB and CSS hex, for drawing fills and the fill control.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

function channelToHex(value: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round(clamped * 255).toString(16).padStart(2, '0');
}

/** `#rrggbb`, or `#rrggbbaa` when the opacity is below 1. */
export function rgbToHex(color: Rgb, opacity = 1): string {
  const hex = `#${channelToHex(color.r)}${channelToHex(color.g)}${channelToHex(color.b)}`;
  return opacity >= 1 ? hex : `${hex}${channelToHex(opacity)}`;
}

/** Parses `#rgb` or `#rrggbb`; null for anything else. */
export function hexToRgb(input: string): Rgb | null {
  const value = input.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(value) ? value.replace(/./g, (c) => c + c) : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const channel = (at: number) => parseInt(full.slice(at, at + 2), 16) / 255;
  return { r: channel(0), g: channel(2), b: channel(4) };
}

