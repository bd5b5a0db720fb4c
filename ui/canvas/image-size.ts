// The size an image file declares in its header (PNG, GIF, JPEG), read before decoding: a
// screenshot's pixels are all decoded at once before tiling, so one that declares an enormous
// size is refused in words instead of exhausting the window's memory.

export interface ImageSize {
  width: number;
  height: number;
}

/** How many header bytes `declaredImageSize` needs at most (JPEG metadata can come first). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/** JPEG start-of-frame markers (baseline, progressive, lossless…), not DHT (C4), JPG (C8) or DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The size in the header, or null when the format is not one of these or the header is cut short. */
export function declaredImageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.length;
  // PNG: signature, then the IHDR chunk (length, "IHDR", width, height).
  if (length >= 24 && view.getUint32(0) === 0x89504e47) return view.getUint32(12) === 0x49484452 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  // GIF: "GIF", version, then the logical screen's width and height (little-endian).
  if (length >= 10 && view.getUint32(0) >>> 8 === 0x474946) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (length < 4 || view.getUint16(0) !== 0xffd8) return null;
  // JPEG: segments until the frame header; a scan or the end before it means no size.
  let at = 2;
  while (at + 9 < length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) at += 1; // a fill byte
    else if (isStartOfFrame(marker)) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    else if (marker === 0xd9 || marker === 0xda) return null;
    else at += 2 + view.getUint16(at + 2);
  }
  return null;
}
