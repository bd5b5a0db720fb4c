// A tiling worker that crashes (short of memory on a huge screenshot, say), with an error event or
// in silence: that screenshot is not cut on the window's thread (short of memory there too, it could
// take the window down) but named in the summary as too large; the next one gets a fresh worker,
// and a worker that keeps crashing is not started again and again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageProblems } from '../../support/message-rules';

/**
 * `silent`: dies without a word or an error event (its process killed), as Chromium may.
 * `refused`: never runs (a CSP that refuses the worker's script only once it loads): an error event before it is ready.
 */
type Behaviour = 'crash' | 'silent' | 'work' | 'refused';

/**
 * Fakes the browser: each Worker started behaves as `behaviours` says, in turn (the last one for
 * the rest); tiling on the window's thread is counted by the canvases it makes.
 */
function stubBrowser(behaviours: Behaviour[]) {
  const started: Behaviour[] = [];
  let cutOnThisThread = 0;
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    private readonly behaviour: Behaviour;
    constructor() {
      this.behaviour = behaviours[started.length] ?? behaviours[behaviours.length - 1]!;
      started.push(this.behaviour);
      // A worker that runs says so first; one refused fails before.
      setTimeout(() => (this.behaviour === 'refused' ? this.onerror?.({ type: 'error' }) : this.onmessage?.({ data: { ready: true } })));
    }
    postMessage(data: { bytes?: ArrayBuffer; tiles?: unknown[] }): void {
      setTimeout(() => {
        // What the page sees of a worker whose process ran out of memory: an error event, no answer.
        if (this.behaviour === 'crash') return this.onerror?.({ type: 'error' });
        if (this.behaviour === 'silent' || this.behaviour === 'refused') return;
        if (data.bytes) return this.onmessage?.({ data: { size: { width: 10, height: 10 } } });
        data.tiles!.forEach((_tile, index) => this.onmessage?.({ data: { index, bytes: new ArrayBuffer(1) } }));
        this.onmessage?.({ data: { done: true } });
      });
    }
    terminate(): void {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 10, height: 10, close() {} }));
  vi.stubGlobal('document', {
    createElement: () => {
      cutOnThisThread += 1;
      return { width: 0, height: 0, getContext: () => ({ drawImage() {} }), toBlob: (done: (blob: Blob) => void) => done(new Blob([new Uint8Array([1])])) };
    },
  });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 10, 8, 6, 0, 0, 0]);
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(png, { status: 200, headers: { 'content-type': 'image/png' } })));
  return { started, cutOnThisThread: () => cutOnThisThread };
}

/** The module afresh: what it learnt about workers lasts for the window's session. */
async function loaderAsync() {
  vi.resetModules();
  return (await import('../../../ui/canvas/screenshot-tiles')).loadScreenshotTilesAsync;
}

/** What loading the screenshot ends with when it fails: its words. */
async function failureAsync(loading: Promise<unknown>): Promise<string> {
  const failure = await loading.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(Error);
  return (failure as Error).message;
}

const TOO_LARGE = /too large to cut into pieces on this computer/;

describe('a tiling worker that crashes', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('costs only its own screenshot, named as too large, never cut on the window’s thread; the next screenshot gets a fresh worker', async () => {
    const browser = stubBrowser(['crash', 'work']);
    const loadAsync = await loaderAsync();
    const words = await failureAsync(loadAsync('https://library.example/huge.png'));
    expect(words).toMatch(TOO_LARGE);
    expect(messageProblems(words)).toEqual([]);
    expect(browser.cutOnThisThread()).toBe(0);
    expect((await loadAsync('https://library.example/next.png')).tiles).toHaveLength(1);
    expect(browser.started).toEqual(['crash', 'work']);
    expect(browser.cutOnThisThread()).toBe(0);
  });

  it('takes a worker silent for a minute for crashed: the placing does not wait until Cancel', async () => {
    vi.useFakeTimers();
    try {
      const browser = stubBrowser(['silent', 'work']);
      const loadAsync = await loaderAsync();
      const failure = failureAsync(loadAsync('https://library.example/huge.png'));
      await vi.advanceTimersByTimeAsync(59_000);
      let settled = false;
      void failure.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      // Still at work, as far as the page can tell: not given up early.
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await failure).toMatch(TOO_LARGE);
      expect(browser.cutOnThisThread()).toBe(0);
      const next = loadAsync('https://library.example/next.png');
      await vi.advanceTimersByTimeAsync(10);
      expect((await next).tiles).toHaveLength(1);
      expect(browser.started).toEqual(['silent', 'work']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not started again and again when it keeps crashing: after two crashes in a row, screenshots are cut here at once', async () => {
    const browser = stubBrowser(['crash']);
    const loadAsync = await loaderAsync();
    for (let screenshot = 0; screenshot < 2; screenshot++) expect(await failureAsync(loadAsync(`https://library.example/${screenshot}.png`))).toMatch(TOO_LARGE);
    for (let screenshot = 2; screenshot < 4; screenshot++) expect((await loadAsync(`https://library.example/${screenshot}.png`)).tiles).toHaveLength(1);
    expect(browser.started).toHaveLength(2);
    expect(browser.cutOnThisThread()).toBe(2);
  });

  it('counts only crashes in a row: a worker that worked in between starts the count again', async () => {
    const browser = stubBrowser(['crash', 'work', 'crash', 'work']);
    const loadAsync = await loaderAsync();
    for (let screenshot = 0; screenshot < 4; screenshot++) await loadAsync(`https://library.example/${screenshot}.png`).catch(() => undefined);
    expect(browser.started).toEqual(['crash', 'work', 'crash', 'work']);
    expect(browser.cutOnThisThread()).toBe(0);
  });

  it('is not a crash when it never ran (a CSP refusing it as it loads): that screenshot is cut here, and no worker is started again', async () => {
    const browser = stubBrowser(['refused', 'work']);
    const loadAsync = await loaderAsync();
    expect((await loadAsync('https://library.example/first.png')).tiles).toHaveLength(1);
    expect((await loadAsync('https://library.example/second.png')).tiles).toHaveLength(1);
    expect(browser.started).toEqual(['refused']);
    expect(browser.cutOnThisThread()).toBe(2);
  });
});
