// Downloading a library screenshot: every way it fails is said in words for the insert summary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreenshotAsync, ScreenshotError } from '../../../ui/canvas/screenshot-tiles';

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
});
