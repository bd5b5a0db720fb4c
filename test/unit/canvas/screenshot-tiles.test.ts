// Decoding and cutting a library screenshot: when the browser cannot, the summary says what
// happened and what to do in plain words, never the browser's error class ("EncodingError: …"),
// and tells a picture that cannot be read from one too large for the computer's memory.
import { resolveObjectURL } from 'node:buffer';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScreenshotTilesAsync, ScreenshotError } from '../../../ui/canvas/screenshot-tiles';
import { messageProblems } from '../../support/message-rules';

/** A small PNG answer: the download succeeds, what follows decides. */
function serveAnImage(): void {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 10, 8, 6, 0, 0, 0]);
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(png, { status: 200, headers: { 'content-type': 'image/png' } })));
}

/**
 * A Worker that runs the real worker source (sent as a blob URL) in this thread, with the
 * browser's `createImageBitmap` and `OffscreenCanvas` replaced by the given fakes.
 */
function stubWorker(browser: { createImageBitmap: () => Promise<unknown>; OffscreenCanvas: unknown }): void {
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    private readonly scope = { onmessage: null as ((event: { data: unknown }) => void) | null, postMessage: (data: unknown) => setTimeout(() => this.onmessage?.({ data })) };
    private readonly ready: Promise<void>;
    constructor(url: string) {
      this.ready = resolveObjectURL(url)!
        .text()
        .then((source) => {
          runInNewContext(source, { self: this.scope, Blob, createImageBitmap: browser.createImageBitmap, OffscreenCanvas: browser.OffscreenCanvas });
        });
    }
    postMessage(data: unknown): void {
      void this.ready.then(() => this.scope.onmessage?.({ data }));
    }
    terminate(): void {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', browser.OffscreenCanvas);
}

async function failureAsync(): Promise<ScreenshotError> {
  const failure = await loadScreenshotTilesAsync('https://library.example/shot.png').then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ScreenshotError);
  const message = (failure as Error).message;
  expect(messageProblems(message)).toEqual([]);
  // No error class of the browser's, of any kind.
  expect(message).not.toMatch(/[A-Z][a-z]+Error\b|DOMException/);
  return failure as ScreenshotError;
}

const rejectWith = (message: string, name: string) => () => Promise.reject(new DOMException(message, name));

/** A canvas whose PNG encoding fails as Chromium's does. */
class FailingCanvas {
  width = 1;
  height = 1;
  getContext() {
    return { drawImage() {} };
  }
  convertToBlob() {
    return Promise.reject(new DOMException('Encoding of the source image has failed.', 'EncodingError'));
  }
}

describe('loadScreenshotTilesAsync in a worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a picture the browser cannot read is said in words, not as the browser’s error', async () => {
    serveAnImage();
    stubWorker({ createImageBitmap: rejectWith('The source image could not be decoded.', 'InvalidStateError'), OffscreenCanvas: FailingCanvas });
    expect((await failureAsync()).message).toMatch(/could not be read/);
  });

  it('a decode that runs out of memory says so, with what to do, rather than “not an image”', async () => {
    serveAnImage();
    stubWorker({ createImageBitmap: rejectWith('The ImageBitmap could not be allocated.', 'InvalidStateError'), OffscreenCanvas: FailingCanvas });
    const { message } = await failureAsync();
    expect(message).toMatch(/memory/);
    expect(message).toMatch(/Close other/);
    expect(message).not.toMatch(/not an image/);
  });

  it('a tile that cannot be encoded is said in words, without “EncodingError”', async () => {
    serveAnImage();
    stubWorker({ createImageBitmap: () => Promise.resolve({ width: 10, height: 10, close() {} }), OffscreenCanvas: FailingCanvas });
    expect((await failureAsync()).message).toMatch(/Try placing it again/);
  });
});

describe('loadScreenshotTilesAsync on this thread (no worker)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a decode that runs out of memory says so rather than “not an image”', async () => {
    serveAnImage();
    vi.stubGlobal('createImageBitmap', rejectWith('The ImageBitmap could not be allocated.', 'InvalidStateError'));
    const { message } = await failureAsync();
    expect(message).toMatch(/memory/);
    expect(message).not.toMatch(/not an image/);
  });

  it('a picture that cannot be read is said so', async () => {
    serveAnImage();
    vi.stubGlobal('createImageBitmap', rejectWith('The source image could not be decoded.', 'InvalidStateError'));
    expect((await failureAsync()).message).toMatch(/could not be read/);
  });
});
