// figma.util: colour helpers. Accepts hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba() and
// hsl()-free CSS strings, or colour objects; anything else fails with a clear message.
import { figmaError, validationError } from './figma-errors';
import { strictObject } from './not-implemented';
import { isPlainObject } from './properties';

const NAMED: Record<string, string> = { black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', transparent: '#00000000' };

export function parseColour(api: string, input: unknown): RGBA {
  if (isPlainObject(input)) {
    const { r, g, b, a } = input as Partial<RGBA>;
    if ([r, g, b].some((v) => typeof v !== 'number' || v < 0 || v > 1) || (a !== undefined && (typeof a !== 'number' || a < 0 || a > 1))) {
      throw validationError(api, 'a colour {r, g, b, a?} with channels from 0 to 1', input);
    }
    return { r: r!, g: g!, b: b!, a: a ?? 1 };
  }
  if (typeof input !== 'string') throw validationError(api, 'a CSS colour string or a colour object', input);
  const text = (NAMED[input.trim().toLowerCase()] ?? input).trim();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16) / 255;
    return { r: channel(0), g: channel(2), b: channel(4), a: digits.length === 8 ? channel(6) : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(text);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map((v) => Number(v) / 255) as [number, number, number];
    const a = fn[4] === undefined ? 1 : Number(fn[4]);
    if ([r, g, b, a].every((v) => v >= 0 && v <= 1)) return { r, g, b, a };
  }
  throw figmaError(api, `Invalid color string "${input}" (the fake reads hex, rgb() and rgba())`);
}

export function createUtilApi(): UtilAPI {
  const api = {
    rgb(color: string | RGB): RGB {
      const { r, g, b } = parseColour('util.rgb', color);
      return { r, g, b };
    },
    rgba(color: string | RGBA): RGBA {
      return parseColour('util.rgba', color);
    },
    solidPaint(color: string | RGBA, overrides?: Partial<SolidPaint>): SolidPaint {
      const { r, g, b, a } = parseColour('util.solidPaint', color);
      return { type: 'SOLID', color: { r, g, b }, opacity: a, ...(overrides ?? {}) } as SolidPaint;
    },
  };
  return strictObject(api, 'figma.util') as unknown as UtilAPI;
}
