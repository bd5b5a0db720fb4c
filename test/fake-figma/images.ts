// figma.createImage / getImageByHash: images are handles to PNG, JPEG or GIF bytes of at most
// 4096×4096 pixels; anything else is refused as Figma refuses it.
import { isUint8ArrayValue } from './realm-checks';
import { digest40, type FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { makeStrict } from './not-implemented';
import { readImageHeader, type ImageHeader } from '../support/png';

export const MAX_IMAGE_SIDE = 4096;

export class FakeImage {
  readonly hash: string;
  readonly _bytes: Uint8Array;
  readonly _header: ImageHeader;

  constructor(bytes: Uint8Array, header: ImageHeader) {
    this._bytes = bytes;
    this._header = header;
    this.hash = digest40(bytes);
  }

  async getBytesAsync(): Promise<Uint8Array> {
    await Promise.resolve();
    return new Uint8Array(this._bytes);
  }

  async getSizeAsync(): Promise<{ width: number; height: number }> {
    await Promise.resolve();
    return { width: this._header.width, height: this._header.height };
  }
}
makeStrict(FakeImage, () => 'Image');

export function imageStore(ctx: FakeContext): Map<string, FakeImage> {
  return (ctx.images ??= new Map<string, FakeImage>()) as Map<string, FakeImage>;
}

export function createImage(ctx: FakeContext, data: Uint8Array, api = 'createImage'): FakeImage {
  if (!isUint8ArrayValue(data)) throw validationError(api, 'a Uint8Array of PNG, JPEG or GIF bytes', data);
  const header = readImageHeader(data);
  if (!header) throw figmaError(api, 'Image type is unsupported (PNG, JPEG and GIF only)');
  if (header.width < 1 || header.height < 1) throw figmaError(api, `Image is too small (${header.width}×${header.height})`);
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE) {
    throw figmaError(api, `Image is too large (${header.width}×${header.height}; at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} pixels)`);
  }
  const copy = new Uint8Array(data);
  const image = new FakeImage(copy, header);
  const store = imageStore(ctx);
  const known = store.get(image.hash);
  if (known) return known;
  store.set(image.hash, image);
  return image;
}
