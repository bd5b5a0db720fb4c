// Downloading a library screenshot: every way it fails is said in words for the insert summary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreenshotAsync, loadScreenshotTilesAsync, ScreenshotError } from '../../../ui/canvas/screenshot-tiles';
import { messageProblems } from '../../support/message-rules';

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

/** A 200 image answer whose first bytes come, then nothing: the connection stalled. */
function stalledAfterHeaders(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'image/png' } });
}

/** The failure of a download while fake time runs past any wait. */
async function failureAfterWaitingAsync(download: Promise<unknown>): Promise<unknown> {
  const failure = download.then(
    () => null,
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(120_000);
  return failure;
}

const STALLED = 'The screenshot could not be loaded: the library stopped sending it (nothing came for 15 seconds). Try placing it again.';

describe('fetchScreenshotAsync', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('a download that stalls after its headers ends in words, and the request is let go', async () => {
    vi.useFakeTimers();
    let request: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      request = init?.signal ?? undefined;
      return Promise.resolve(stalledAfterHeaders());
    });
    const failure = await failureAfterWaitingAsync(fetchScreenshotAsync('https://library.example/shot.png'));
    expect(failure).toBeInstanceOf(ScreenshotError);
    expect((failure as Error).message).toBe(STALLED);
    expect(request?.aborted).toBe(true);
  });

  it('a library that never answers at all ends in the same words', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted.', 'AbortError')))));
    const failure = await failureAfterWaitingAsync(fetchScreenshotAsync('https://library.example/shot.png'));
    expect((failure as Error).message).toBe(STALLED);
  });

  it('Cancel during a stalled download is a cancel, not a failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => Promise.resolve(stalledAfterHeaders()));
    const cancel = new AbortController();
    const download = fetchScreenshotAsync('https://library.example/shot.png', cancel.signal).then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    cancel.abort(new DOMException('Cancelled.', 'AbortError'));
    const failure = await download;
    expect(failure).not.toBeInstanceOf(ScreenshotError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('a download that stops half way is said in words, not as a raw "network error"', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(droppedHalfWay()));
    const failure = await fetchScreenshotAsync('https://library.example/shot.png').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ScreenshotError);
    expect((failure as Error).message).toBe('The screenshot could not be loaded: its download stopped part way (the connection dropped, or the library stopped answering).');
  });

  it('takes an image whose media type is written in capitals (“Image/PNG”) for an image: it said the library sent something that is not an image', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'Image/PNG' } })));
    const blob = await fetchScreenshotAsync('https://library.example/shot.png');
    expect(blob.size).toBe(4);
  });

  it('an error status says what happened and what to do, not only its number', async () => {
    // 12:05 on a Tuesday, this machine's time zone (a "slow down" says by when it ends).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5));
    const failureFor = async (status: number) => {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('busy', { status, headers: { 'content-type': 'text/plain' } })));
      return ((await fetchScreenshotAsync('https://library.example/shot.png').catch((error: unknown) => error)) as Error).message;
    };
    // The words say it: no status number a designer must decode.
    for (const status of [400, 401, 403, 404, 410, 429, 500, 503]) expect(messageProblems(await failureFor(status)), String(status)).toEqual([]);
    expect(await failureFor(503)).toBe('The screenshot could not be loaded: the library had a problem sending it. Try placing it again in a little while.');
    expect(await failureFor(429)).toBe('The screenshot could not be loaded: the library asked Envelope to slow down. You can try again after 12:05:30, in about 30 seconds.');
    expect(await failureFor(404)).toBe('The screenshot could not be loaded: the library has no screenshot at its address.');
    expect(await failureFor(400)).toBe('The screenshot could not be loaded: the library refused to send it. Try placing it again later.');
    // Refused as if for a key: the designer would otherwise look for a key problem (it is sent no key).
    for (const status of [401, 403])
      expect(await failureFor(status)).toBe('The screenshot could not be loaded: the library refused to send it. Screenshots are downloaded without your library key, so the key in Settings is not the cause. Try placing it again later.');
  });

  it('a “slow down” says by when the wait the library asked for ends (it said “in a minute” for a wait of ten, then “in 10 minutes”, untrue as it stayed on screen)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5));
    const failureFor = async (headers: Record<string, string>) => {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('busy', { status: 429, headers })));
      return (await fetchScreenshotAsync('https://library.example/shot.png').catch((error: unknown) => error)) as ScreenshotError;
    };
    const long = await failureFor({ 'retry-after': '600' });
    expect(long.message).toBe('The screenshot could not be loaded: the library asked Envelope to slow down. You can try again after 12:15, in about 10 minutes.');
    expect([long.code, long.retryAfterSeconds, long.tryAgainAt]).toEqual(['rate_limited', 600, new Date(2026, 11, 1, 12, 15).getTime()]);
    expect((await failureFor({ 'retry-after': '20' })).message).toBe('The screenshot could not be loaded: the library asked Envelope to slow down. You can try again after 12:05:20, in about 20 seconds.');
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
    expect((failure as Error).message).toBe('The screenshot could not be loaded: it is too large to place (600 × 100,000 px; Envelope places screenshots of up to 40 million pixels).');
  });
});
