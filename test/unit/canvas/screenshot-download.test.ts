// Downloading a library screenshot: every way it fails is said in words for the insert summary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreenshotAsync, loadScreenshotTilesAsync, ScreenshotError } from '../../../ui/canvas/screenshot-tiles';

/** A 200 image answer whose connection drops after its first bytes. */
function droppedHalfWay(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'image/png' } });
}

describe('fetchScreenshotAsync', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a download that stops half way is said in words, not as a raw "network error"', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(droppedHalfWay()));
    const failure = await fetchScreenshotAsync('https://library.example/shot.png').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ScreenshotError);
    expect((failure as Error).message).toBe('Its screenshot could not be loaded: its download stopped part way (the connection dropped, or the library stopped answering).');
  });

  it('a screenshot whose header declares more pixels than a window can hold is refused in words before decoding', async () => {
    const ihdr = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x02, 0x58, 0, 0x01, 0x86, 0xa0, 8, 6, 0, 0, 0];
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr]);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(header, { status: 200, headers: { 'content-type': 'image/png' } })));
    // Nothing may be decoded: this environment has no decoder, so reaching one fails differently.
    const failure = await loadScreenshotTilesAsync('https://library.example/huge.png').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ScreenshotError);
    expect((failure as Error).message).toBe('Its screenshot could not be loaded: it is too large to place (600 × 100,000 px; Envelope places screenshots of up to 40 million pixels).');
  });
});
