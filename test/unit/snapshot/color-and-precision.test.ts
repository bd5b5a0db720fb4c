import { describe, expect, it } from 'vitest';
import { colorToHex } from '../../../src/snapshot/color';
import { roundAngle, roundLength, roundRatio } from '../../../src/snapshot/precision';

describe('colorToHex', () => {
  it('writes opaque colours as #rrggbb and others as #rrggbbaa', () => {
    expect(colorToHex({ r: 1, g: 0, b: 0 })).toBe('#ff0000');
    expect(colorToHex({ r: 0.0392, g: 0.5176, b: 1 }, 0.5)).toBe('#0a84ff80');
    expect(colorToHex({ r: 0, g: 0, b: 0 }, 0)).toBe('#00000000');
  });

  it('rounds to the nearest 8-bit value and clamps out-of-range channels', () => {
    expect(colorToHex({ r: 0.5, g: 0.501, b: 0.499 })).toBe('#80807f');
    expect(colorToHex({ r: 1.2, g: -0.1, b: Number.NaN })).toBe('#ff0000');
    expect(colorToHex({ r: 0, g: 0, b: 0 }, 0.999)).toBe('#000000');
  });
});

describe('precision', () => {
  it('rounds lengths to 0.01 and ratios to 0.0001, without -0', () => {
    expect(roundLength(120.00000001)).toBe(120);
    expect(roundLength(10.456)).toBe(10.46);
    expect(Object.is(roundLength(-0.001), 0)).toBe(true);
    expect(roundRatio(0.123456)).toBe(0.1235);
    expect(Object.is(roundRatio(-0.00001), 0)).toBe(true);
  });

  it('normalizes angles to (-180, 180]', () => {
    expect(roundAngle(270)).toBe(-90);
    expect(roundAngle(-180)).toBe(180);
    expect(roundAngle(360)).toBe(0);
    expect(roundAngle(45.123)).toBe(45.12);
  });

  it('gives a half turn one value whatever float noise Figma reads it with', () => {
    // A flipped layer reads 180, -180 or ±179.999…, depending on how its transform was made.
    for (const angle of [180, -180, 179.9999, -179.9999, 180.0001, 540]) expect(roundAngle(angle)).toBe(180);
    expect(roundAngle(-179.99)).toBe(-179.99);
  });
});
