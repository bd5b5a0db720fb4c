// A small baseline JPEG encoder in plain TypeScript (no zlib, no canvas: runs in QuickJS too).
// It keeps only each 8×8 block's average colour (DC coefficients; every AC coefficient is zero),
// so pictures come out blocky, but the files are valid JPEGs of the requested size.

export interface JpegOptions {
  width: number;
  height: number;
  pixel: (x: number, y: number) => readonly [number, number, number, number];
}

const DC_QUANT = 8;

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >> i) & 1);
      this.count++;
      if (this.count === 8) this.flushByte();
    }
  }

  private flushByte(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00); // byte stuffing
    this.current = 0;
    this.count = 0;
  }

  finish(): number[] {
    if (this.count > 0) this.write(0xff, 8 - this.count); // pad with ones
    return this.bytes;
  }
}

/** DC differences in categories 0–11, every code 4 bits long (0000–1011). */
const DC_CODE_LENGTH = 4;

function category(value: number): number {
  let magnitude = Math.abs(value);
  let bits = 0;
  while (magnitude > 0) {
    bits++;
    magnitude >>= 1;
  }
  return bits;
}

function writeDc(writer: BitWriter, diff: number): void {
  const size = category(diff);
  writer.write(size, DC_CODE_LENGTH);
  if (size > 0) writer.write(diff >= 0 ? diff : diff + (1 << size) - 1, size);
  writer.write(0, 1); // AC: end of block (the only AC symbol, code "0")
}

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

export function encodeJpeg({ width, height, pixel }: JpegOptions): Uint8Array {
  if (!(width >= 1 && height >= 1 && width <= 65535 && height <= 65535)) throw new Error(`JPEG size ${width}×${height} is out of range`);
  const writer = new BitWriter();
  const predictors = [0, 0, 0];
  const blocksX = Math.ceil(width / 8);
  const blocksY = Math.ceil(height / 8);
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      const sums = [0, 0, 0];
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const [r, g, b, a] = pixel(Math.min(width - 1, bx * 8 + x), Math.min(height - 1, by * 8 + y));
          // JPEG has no alpha: composite over white.
          const alpha = a / 255;
          const rr = r * alpha + 255 * (1 - alpha);
          const gg = g * alpha + 255 * (1 - alpha);
          const bb = b * alpha + 255 * (1 - alpha);
          sums[0]! += 0.299 * rr + 0.587 * gg + 0.114 * bb - 128;
          sums[1]! += -0.168736 * rr - 0.331264 * gg + 0.5 * bb;
          sums[2]! += 0.5 * rr - 0.418688 * gg - 0.081312 * bb;
        }
      }
      for (let c = 0; c < 3; c++) {
        // The forward DCT's DC term is sum / 8; quantised by DC_QUANT.
        const dc = Math.max(-2047, Math.min(2047, Math.round(sums[c]! / 8 / DC_QUANT)));
        writeDc(writer, dc - predictors[c]!);
        predictors[c] = dc;
      }
    }
  }
  const scan = writer.finish();
  const jfif = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const quant = segment(0xdb, [0x00, ...new Array<number>(64).fill(DC_QUANT)]);
  const frame = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  // DC table: 12 codes of length 4; AC table: one code of length 1 for EOB (0x00).
  const dcCounts = new Array<number>(16).fill(0);
  dcCounts[DC_CODE_LENGTH - 1] = 12;
  const acCounts = new Array<number>(16).fill(0);
  acCounts[0] = 1;
  const tables = segment(0xc4, [0x00, ...dcCounts, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x10, ...acCounts, 0x00]);
  const scanHeader = segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
  const bytes = [0xff, 0xd8, ...jfif, ...quant, ...frame, ...tables, ...scanHeader];
  const out = new Uint8Array(bytes.length + scan.length + 2);
  out.set(bytes, 0);
  out.set(scan, bytes.length);
  out[out.length - 2] = 0xff;
  out[out.length - 1] = 0xd9;
  return out;
}
