import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, readImageHeader } from '../../support/png';
import { createFakeFigma } from '../../fake-figma/index';

const pngOfSize = (width: number, height: number) => encodePng({ width, height, pixel: () => [200, 100, 50, 255] });

/** Decodes the fake's own PNGs (8-bit RGBA, filter 0) into pixels. */
function decodePng(bytes: Uint8Array): { width: number; height: number; at: (x: number, y: number) => number[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  const idat: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, at: (x, y) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)] };
}

describe('images', () => {
  it('creates images from PNG bytes, with a stable hash, findable by hash', async () => {
    const { figma } = createFakeFigma();
    const bytes = pngOfSize(40, 20);
    const image = figma.createImage(bytes);
    expect(image.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(figma.createImage(bytes).hash).toBe(image.hash);
    expect(figma.getImageByHash(image.hash)).toBe(image);
    expect(await image.getSizeAsync()).toEqual({ width: 40, height: 20 });
    expect(await image.getBytesAsync()).toEqual(bytes);
    const rect = figma.createRectangle();
    rect.fills = [{ type: 'IMAGE', imageHash: image.hash, scaleMode: 'FILL' }];
    expect(() => (rect.fills = [{ type: 'IMAGE', imageHash: 'f'.repeat(40), scaleMode: 'FILL' }])).toThrow(/does not name an image/);
  });

  it('refuses images over 4096 px and bytes that are not PNG, JPEG or GIF', () => {
    const { figma } = createFakeFigma();
    expect(() => figma.createImage(pngOfSize(5000, 1))).toThrow(/Image is too large \(5000×1/);
    expect(() => figma.createImage(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toThrow(/Image type is unsupported/);
    expect(() => figma.createImage(new TextEncoder().encode('<svg/>'))).toThrow(/unsupported/);
    expect(() => figma.createImage([1, 2] as unknown as Uint8Array)).toThrow(/Uint8Array/);
    expect(figma.createImage(pngOfSize(4096, 1)).hash).toHaveLength(40);
  });

  it('checks an image fill’s rotation, scaling factor, transform and filters (typings’ ImagePaint comments)', () => {
    const { figma } = createFakeFigma();
    const imageHash = figma.createImage(pngOfSize(8, 8)).hash;
    const rect = figma.createRectangle();
    const fill = (extra: Record<string, unknown>) => {
      rect.fills = [{ type: 'IMAGE', imageHash, scaleMode: 'TILE', ...extra } as ImagePaint];
    };
    // rotation: "Must be in increments of +90".
    fill({ rotation: 180, scalingFactor: 0.5 });
    expect(() => fill({ rotation: 45 })).toThrow(/rotation must be a multiple of 90/);
    expect(() => fill({ scalingFactor: 0 })).toThrow(/scalingFactor must be a positive number/);
    expect(() => fill({ imageTransform: [[1, 0, 0]] })).toThrow(/imageTransform must be a 2×3 matrix/);
    // filters: "All values default to 0.0 and have range -1.0 to +1.0".
    fill({ filters: { exposure: -1, contrast: 0.4 } });
    expect(() => fill({ filters: { exposure: 1.5 } })).toThrow(/filters.exposure must be a number from -1 to 1/);
    expect(rect.fills).toEqual([expect.objectContaining({ filters: { exposure: -1, contrast: 0.4 } })]);
  });
});

describe('exportAsync', () => {
  it('exports a real PNG sized by node size × scale, with the node’s colours', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.resize(120, 80);
    frame.fills = [{ type: 'SOLID', color: { r: 0, g: 0, b: 1 } }];
    const rect = figma.createRectangle();
    frame.appendChild(rect);
    rect.x = 0;
    rect.y = 0;
    rect.resize(60, 80);
    rect.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    const bytes = await frame.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 2 } });
    expect(readImageHeader(bytes)).toEqual({ format: 'png', width: 240, height: 160 });
    const png = decodePng(bytes);
    expect(png.at(10, 10)).toEqual([255, 0, 0, 255]);
    expect(png.at(200, 100)).toEqual([0, 0, 255, 255]);
    const byWidth = await frame.exportAsync({ format: 'PNG', constraint: { type: 'WIDTH', value: 60 } });
    expect(readImageHeader(byWidth)).toEqual({ format: 'png', width: 60, height: 40 });
  });

  it('exports JPEG, SVG and PDF', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.resize(100, 50);
    const jpeg = await frame.exportAsync({ format: 'JPG' });
    expect(readImageHeader(jpeg)).toEqual({ format: 'jpeg', width: 100, height: 50 });
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    const svg = await frame.exportAsync({ format: 'SVG_STRING' });
    expect(svg).toMatch(/^<svg width="100" height="50"/);
    const svgBytes = await frame.exportAsync({ format: 'SVG' });
    expect(new TextDecoder().decode(svgBytes)).toBe(svg);
    const pdf = new TextDecoder().decode(await frame.exportAsync({ format: 'PDF' }));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 100 50]');
  });

  // Typings (ExportSettingsSVG): svgOutlineText "Whether text elements are rendered as outlines
  // (vector paths) or as `<text>` elements in SVGs. Defaults to `true`."; svgIdAttribute "Whether
  // to include layer names as ID attributes in the SVG. … Defaults to `false`."
  it('outlines text in SVG unless svgOutlineText is false, and writes layer names as ids only with svgIdAttribute', async () => {
    const { figma } = createFakeFigma();
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const frame = figma.createFrame();
    frame.name = 'Card';
    frame.resize(200, 100);
    const title = figma.createText();
    title.name = 'Title';
    title.characters = 'Hello & welcome';
    frame.appendChild(title);
    const first = figma.createRectangle();
    first.name = 'Dot';
    const second = figma.createRectangle();
    second.name = 'Dot';
    frame.appendChild(first);
    frame.appendChild(second);
    const outlined = await frame.exportAsync({ format: 'SVG_STRING' });
    expect(outlined).not.toContain('<text');
    expect(outlined).not.toContain('Hello');
    expect(outlined).toMatch(/<path d="M[^"]+Z"/);
    expect(outlined).not.toContain(' id="');
    const withText = await frame.exportAsync({ format: 'SVG_STRING', svgOutlineText: false });
    expect(withText).toContain('>Hello &amp; welcome</text>');
    const withIds = await frame.exportAsync({ format: 'SVG_STRING', svgIdAttribute: true });
    expect(withIds).toContain('id="Card"');
    expect(withIds).toContain('id="Title"');
    expect(withIds).toContain('id="Dot"');
    expect(withIds).toContain('id="Dot_2"');
    await expect(frame.exportAsync({ format: 'SVG', svgIdAttribute: 'yes' as unknown as boolean })).rejects.toThrow(/svgIdAttribute to be a boolean/);
  });

  it('says it cannot draw overlapping layers (contentsOnly: false) instead of leaving them out quietly', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    await expect(frame.exportAsync({ format: 'PNG', contentsOnly: true })).resolves.toBeInstanceOf(Uint8Array);
    await expect(frame.exportAsync({ format: 'PNG', contentsOnly: false })).rejects.toThrow(/not implemented by the fake: exportAsync with contentsOnly: false/);
  });

  it('refuses scales and sizes beyond the limits and unknown formats', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.resize(5000, 100);
    await expect(frame.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 5 } })).rejects.toThrow(/outside 0.01–4/);
    await expect(frame.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 4 } })).rejects.toThrow(/at most 16384 a side/);
    await expect(frame.exportAsync({ format: 'GIF' } as unknown as ExportSettings)).rejects.toThrow(/Unsupported export format/);
  });
});

describe('figma.createImageAsync', () => {
  // Typings (createImageAsync): "The `src` passed in must be a URL to a PNG, JPEG, or GIF. Images
  // have a maximum size of 4096 pixels (4K) in width and height. Invalid images will reject and
  // log the reason in the console."
  const served = new Map<string, { status: number; body: Uint8Array }>([
    ['https://images.example.com/ok.png', { status: 200, body: pngOfSize(30, 20) }],
    ['https://images.example.com/wide.png', { status: 200, body: pngOfSize(4097, 1) }],
    ['https://images.example.com/text.txt', { status: 200, body: new TextEncoder().encode('not an image') }],
    ['https://images.example.com/missing.png', { status: 404, body: new Uint8Array() }],
  ]);
  const fakeWithImages = () =>
    createFakeFigma({
      allowedDomains: ['https://images.example.com'],
      network: (url) => {
        const answer = served.get(url) ?? { status: 404, body: new Uint8Array() };
        return Promise.resolve({
          status: answer.status,
          statusText: answer.status === 200 ? 'OK' : 'Not Found',
          url,
          headers: { forEach: () => undefined },
          arrayBuffer: () => Promise.resolve(answer.body.slice().buffer),
        });
      },
    });

  it('resolves to an Image of the URL’s bytes, the same as createImage would give', async () => {
    const { figma } = fakeWithImages();
    const image = await figma.createImageAsync('https://images.example.com/ok.png');
    expect(await image.getSizeAsync()).toEqual({ width: 30, height: 20 });
    expect(image.hash).toBe(figma.createImage(pngOfSize(30, 20)).hash);
  });

  it('rejects, never throws, for images over 4096 px, bytes that are no image, failed requests and hosts the manifest does not allow', async () => {
    const { figma } = fakeWithImages();
    const attempts: Array<[string, RegExp]> = [
      ['https://images.example.com/wide.png', /Image is too large \(4097×1; at most 4096×4096/],
      ['https://images.example.com/text.txt', /Image type is unsupported/],
      ['https://images.example.com/missing.png', /answered 404/],
      ['https://elsewhere.example.org/ok.png', /not in the manifest's networkAccess.allowedDomains/],
    ];
    for (const [url, reason] of attempts) {
      let pending: Promise<Image> | undefined;
      expect(() => (pending = figma.createImageAsync(url))).not.toThrow();
      await expect(pending).rejects.toThrow(reason);
    }
  });
});
