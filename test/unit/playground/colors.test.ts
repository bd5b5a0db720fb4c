import { describe, expect, it } from 'vitest';
import { hexToRgb, rgbToHex } from '../../playground/page/colors';

describe('playground colours', () => {
  it('turn Figma RGB into CSS hex, with alpha only below full opacity', () => {
    expect(rgbToHex({ r: 1, g: 0, b: 0.5 })).toBe('#ff0080');
    expect(rgbToHex({ r: 0, g: 0, b: 0 }, 0.5)).toBe('#00000080');
    expect(rgbToHex({ r: 2, g: -1, b: Number.NaN })).toBe('#ff0000');
  });

  it('read #rgb and #rrggbb back, and nothing else', () => {
    expect(hexToRgb('#0d99ff')).toEqual({ r: 13 / 255, g: 153 / 255, b: 1 });
    expect(hexToRgb('#fff')).toEqual({ r: 1, g: 1, b: 1 });
    expect(hexToRgb('blue')).toBeNull();
    expect(hexToRgb('#12345')).toBeNull();
  });

  it('round-trip every 8-bit colour', () => {
    for (const value of [0, 1, 127, 128, 254, 255]) {
      const hex = `#${value.toString(16).padStart(2, '0').repeat(3)}`;
      const rgb = hexToRgb(hex);
      expect(rgb && rgbToHex(rgb)).toBe(hex);
    }
  });
});
