import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { declaredImageSize } from '../../../ui/canvas/image-size';

function u32(value: number): number[] {
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** A PNG header as an encoder writes it (signature, IHDR with its CRC left zero: not read). */
function pngHeader(width: number, height: number): Uint8Array {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32(13), 0x49, 0x48, 0x44, 0x52, ...u32(width), ...u32(height), 8, 6, 0, 0, 0, 0, 0, 0, 0]);
}

/** A JPEG with an APP1 (metadata) segment before its baseline frame header. */
function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app1 = [0xff, 0xe1, 0x00, 0x10, ...new Array<number>(14).fill(0x41)];
  const dqt = [0xff, 0xdb, 0x00, 0x04, 0x00, 0x00];
  const frame = [0xff, sof, 0x00, 0x11, 0x08, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 0x03, ...new Array<number>(9).fill(0)];
  return new Uint8Array([0xff, 0xd8, ...app1, ...dqt, 0xff, ...frame]);
}

describe('declaredImageSize', () => {
  it('reads a PNG header, including sizes past 2^31', () => {
    expect(declaredImageSize(pngHeader(600, 20_000))).toEqual({ width: 600, height: 20_000 });
    expect(declaredImageSize(pngHeader(3_000_000_000, 1))).toEqual({ width: 3_000_000_000, height: 1 });
  });

  it('reads a JPEG frame header after metadata segments and fill bytes, baseline or progressive', () => {
    expect(declaredImageSize(jpegHeader(1200, 48_000))).toEqual({ width: 1200, height: 48_000 });
    expect(declaredImageSize(jpegHeader(640, 480, 0xc2))).toEqual({ width: 640, height: 480 });
  });

  it('reads a GIF logical screen', () => {
    expect(declaredImageSize(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x58, 0x02, 0x20, 0x4e]))).toEqual({ width: 600, height: 20_000 });
  });

  it('says nothing of what it cannot read: other formats, cut headers, a JPEG scan before any frame', () => {
    expect(declaredImageSize(new TextEncoder().encode('<html>nope</html>'))).toBeNull();
    expect(declaredImageSize(pngHeader(600, 800).slice(0, 20))).toBeNull();
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(declaredImageSize(deflateSync(Buffer.from('x')))).toBeNull();
  });
});
