// A library screenshot as PNG tiles Figma accepts: fetched by the iframe (the sandbox needs no
// network for images), decoded and cut by the shared plan, each tile encoded as PNG. The decoding
// and encoding run in a worker with an OffscreenCanvas so the window stays responsive; where
// there is none, on this thread one tile at a time with a pause between tiles. One screenshot at a
// time, its worker ended after it, and one canvas for all its tiles (resizing it frees the last
// tile's pixels; a canvas per tile would keep each until garbage collection), so memory stays one
// decoded screenshot and one tile (test/bench/canvas-bench.ts measures it).
import type { ScreenshotTile } from '../../src/shared/bridge/messages';
import { parseRetryAfterSeconds } from '../../src/shared/api/http/error-body';
import { rateLimitWaitSeconds } from '../../src/shared/api/http/retry-policy';
import { planTiles, type TileRect } from '../../src/shared/canvas/tile-plan';
import { retryAtText } from '../messages/retry-countdown';
import { declaredImageSize, IMAGE_HEADER_BYTES } from './image-size';

export interface Screenshot {
  width: number;
  height: number;
  tiles: ScreenshotTile[];
}

/** Why a screenshot could not be had, in words for the summary. */
export class ScreenshotError extends Error {
  override name = 'ScreenshotError';
  /** Set for a 429: the inserter waits it out as it does the library's own (`code`, `retryAfterSeconds` as an ApiError has them). */
  code?: 'rate_limited';
  retryAfterSeconds?: number | null;
  /** Set for a 429: when its wait ends (a Date.now() time), said by the clock in the message. */
  tryAgainAt?: number;
  /** The library has no screenshot at its address (a 404): the email itself may be gone. */
  missing?: boolean;
  constructor(why: string) {
    super(`The screenshot could not be loaded: ${why}.`);
  }
}

// Unpremultiplied, so translucent pixels keep their exact values. Not colorSpaceConversion 'none':
// in Chromium it decodes a second full copy (96 MB at the peak for a 600 × 20,000 px screenshot,
// 48 MB without); an untagged PNG decodes to the same values either way.
const DECODE_OPTIONS = { premultiplyAlpha: 'none' } as const;

/** What the worker's global offers (the UI is typed for a window, not a worker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ bytes?: ArrayBuffer; tiles?: TileRect[] }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

/**
 * Runs in the worker (its source is sent as text, so it must use nothing from outside): decode and
 * tell the size, then cut and encode the tiles the page asks for, one at a time.
 */
function tileWorker(): void {
  const scope = self as unknown as WorkerScope;
  let bitmap: ImageBitmap | null = null;
  const handleAsync = async (data: { bytes?: ArrayBuffer; tiles?: TileRect[] }) => {
    try {
      if (data.bytes) {
        bitmap = await createImageBitmap(new Blob([data.bytes]), { premultiplyAlpha: 'none' });
        scope.postMessage({ size: { width: bitmap.width, height: bitmap.height } });
        return;
      }
      const tiles = data.tiles!;
      const canvas = new OffscreenCanvas(1, 1);
      for (let index = 0; index < tiles.length; index++) {
        const tile = tiles[index]!;
        // Setting the size clears the canvas, even to the same size.
        canvas.width = tile.width;
        canvas.height = tile.height;
        canvas.getContext('2d')!.drawImage(bitmap!, -tile.x, -tile.y);
        const bytes = await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer();
        scope.postMessage({ index, bytes }, [bytes]);
      }
      bitmap!.close();
      scope.postMessage({ done: true });
    } catch (error) {
      // Its name and words only: the page says them in plain words.
      const { name, message } = error as Error;
      scope.postMessage({ error: { name, message } });
    }
  };
  scope.onmessage = ({ data }) => void handleAsync(data);
  // Running: an error from here on is a crash, not a worker this page may not start.
  scope.postMessage({ ready: true });
}

let workerUrl: string | null = null;
/** Set once a worker could not start here, or crashed too often: the rest go the slower way at once. */
let workerRefused = false;
/**
 * Workers that crashed in a row (short of memory on a huge screenshot, say): the next screenshot
 * gets a fresh one, the window's thread staying free, until this many crashed without a success between.
 */
const MAX_WORKER_CRASHES = 2;
let workerCrashes = 0;

/** A worker this page may not start (a strict CSP, no OffscreenCanvas), or one that `crashed` on its way. */
class WorkerUnavailable extends Error {
  constructor(readonly crashed = false) {
    super();
  }
}

function canUseWorker(): boolean {
  return !workerRefused && typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

function notImage(): ScreenshotError {
  return new ScreenshotError('the library sent something that is not an image');
}

/**
 * A decode or a tile that failed, in words: short of memory (Chromium's "could not be allocated",
 * a RangeError) or a picture that cannot be read; never the browser's error name.
 */
export function pictureFailure(error: unknown, decoded: boolean): ScreenshotError {
  const { name, message } = (error ?? {}) as Partial<Error>;
  if (name === 'RangeError' || /memory|alloc/i.test(String(message))) {
    return new ScreenshotError('there is not enough free memory on this computer to open it. Close other tabs or apps, then try placing it again');
  }
  return new ScreenshotError(decoded ? 'its picture could not be cut into pieces for the canvas. Try placing it again' : 'the picture the library sent could not be read (it may be damaged). Try placing it again later');
}

/**
 * No bytes for this long and the download is given up: a stalled connection never ends by itself
 * (headers and then nothing), and a slow one still sends something now and then.
 */
const STALL_MS = 15_000;

/** The body, read a chunk at a time so that each one tells `onBytes`; ends when `stop` aborts. */
async function readBodyAsync(response: Response, onBytes: () => void, stop: AbortSignal): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  // Ends a read that would wait for ever: an aborted fetch errors its body, a stream may not.
  const release = () => void reader.cancel().catch(() => undefined);
  stop.addEventListener('abort', release);
  try {
    const chunks: BlobPart[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      stop.throwIfAborted();
      if (done) return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
      chunks.push(value);
      onBytes();
    }
  } finally {
    stop.removeEventListener('abort', release);
  }
}

/** Why an error status gave no screenshot, and what to do, in words (no status number). */
function statusWhy(status: number): string {
  if (status === 404) return 'the library has no screenshot at its address';
  if (status >= 500) return 'the library had a problem sending it. Try placing it again in a little while';
  // assumption: screenshots are public addresses, fetched with no key; Settings cannot fix this one.
  if (status === 401 || status === 403) return 'the library refused to send it. Screenshots are downloaded without your library key, so the key in Settings is not the cause. Try placing it again later';
  return 'the library refused to send it. Try placing it again later';
}

/** Downloads the screenshot's bytes; failures, a stall included, said as a person would want them. */
export async function fetchScreenshotAsync(url: string, signal?: AbortSignal): Promise<Blob> {
  const download = new AbortController();
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restartStallTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      download.abort();
    }, STALL_MS);
  };
  const cancel = () => download.abort(signal?.reason);
  signal?.addEventListener('abort', cancel);
  restartStallTimer();
  // Cancel stays a cancel; a stall is said in words with what to do.
  const failure = (error: unknown, otherwise: () => string) => {
    if (signal?.aborted) return error;
    return new ScreenshotError(stalled ? `the library stopped sending it (nothing came for ${STALL_MS / 1000} seconds). Try placing it again` : otherwise());
  };
  try {
    signal?.throwIfAborted();
    let response: Response;
    try {
      response = await fetch(url, { signal: download.signal });
    } catch (error) {
      throw failure(error, () => (navigator.onLine === false ? 'you are offline' : 'it could not be downloaded (offline, or the library did not answer)'));
    }
    if (response.status === 429) {
      const retryAfterSeconds = parseRetryAfterSeconds(response.headers.get('retry-after') ?? undefined, Date.now());
      // Said when the inserter stops waiting: by when the wait the library asked for ends (or the
      // stand-in one the inserter waits when it asked for none), as the clock says it. "Try placing
      // it again in 10 minutes" stayed in the summary, and went untrue.
      const nowMs = Date.now();
      const tryAgainAt = nowMs + rateLimitWaitSeconds(retryAfterSeconds) * 1000;
      const slowDown = Object.assign(new ScreenshotError('the library asked Envelope to slow down'), { code: 'rate_limited' as const, retryAfterSeconds, tryAgainAt });
      slowDown.message = `${slowDown.message} ${retryAtText(tryAgainAt, nowMs)}`;
      throw slowDown;
    }
    if (!response.ok) throw Object.assign(new ScreenshotError(statusWhy(response.status)), response.status === 404 ? { missing: true } : {});
    // A media type is case-insensitive: "Image/PNG" is an image.
    const type = response.headers.get('content-type') ?? '';
    if (type !== '' && !/^image\//i.test(type)) throw notImage();
    restartStallTimer();
    try {
      return await readBodyAsync(response, restartStallTimer, download.signal);
    } catch (error) {
      throw failure(error, () => 'its download stopped part way (the connection dropped, or the library stopped answering)');
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * A worker silent for this long is taken for crashed: one killed for its memory may die without an
 * error event, and the placing would wait until Cancel. Generous: it speaks after the decode and
 * after each tile, and one 4,096 px tile takes a few seconds on a slow computer.
 */
export const WORKER_SILENCE_MS = 60_000;

/** Cuts and encodes in a worker: decoding and PNG encoding never block the window. */
function tileInWorkerAsync(blob: Blob, signal?: AbortSignal): Promise<Screenshot> {
  let worker: Worker;
  try {
    workerUrl ??= URL.createObjectURL(new Blob([`(${tileWorker.toString()})()`], { type: 'text/javascript' }));
    worker = new Worker(workerUrl);
  } catch {
    return Promise.reject(new WorkerUnavailable());
  }
  return new Promise<Screenshot>((resolve, reject) => {
    let plan: TileRect[] = [];
    let size = { width: 0, height: 0 };
    const tiles: ScreenshotTile[] = [];
    /** It ran (said it is ready): an error or silence after is a crash; before, the page may not start workers (a CSP), so this screenshot goes the slower way. */
    let started = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => finish(new WorkerUnavailable(started)), WORKER_SILENCE_MS);
    };
    heard();
    const finish = (error: Error | null) => {
      clearTimeout(silence);
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve({ ...size, tiles });
    };
    const abort = () => finish(new DOMException('Cancelled.', 'AbortError'));
    signal?.addEventListener('abort', abort);
    worker.onerror = () => finish(new WorkerUnavailable(started));
    worker.onmessage = ({ data }: MessageEvent<{ ready?: true; size?: typeof size; index?: number; bytes?: ArrayBuffer; done?: true; error?: Pick<Error, 'name' | 'message'> }>) => {
      heard();
      if (data.ready) started = true;
      else if (data.error) finish(pictureFailure(data.error, size.width !== 0));
      else if (data.size) {
        size = data.size;
        plan = planTiles(size.width, size.height);
        worker.postMessage({ tiles: plan });
      } else if (data.bytes && data.index !== undefined) tiles.push({ ...plan[data.index]!, bytes: new Uint8Array(data.bytes) });
      else if (data.done) finish(null);
    };
    void blob.arrayBuffer().then((bytes) => worker.postMessage({ bytes }, [bytes]), finish);
  });
}

/** The same on this thread, a tile at a time with a pause between, for browsers without OffscreenCanvas workers. */
async function tileOnThisThreadAsync(blob: Blob, signal?: AbortSignal): Promise<Screenshot> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, DECODE_OPTIONS);
  } catch (error) {
    throw pictureFailure(error, false);
  }
  const canvas = document.createElement('canvas');
  try {
    const tiles: ScreenshotTile[] = [];
    for (const tile of planTiles(bitmap.width, bitmap.height)) {
      signal?.throwIfAborted();
      canvas.width = tile.width;
      canvas.height = tile.height;
      canvas.getContext('2d')!.drawImage(bitmap, -tile.x, -tile.y);
      const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!png) throw pictureFailure(null, true);
      tiles.push({ ...tile, bytes: new Uint8Array(await png.arrayBuffer()) });
      // Let the window handle input between tiles.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { width: bitmap.width, height: bitmap.height, tiles };
  } finally {
    bitmap.close();
    // A canvas of no size frees its pixels now rather than at garbage collection.
    canvas.width = 0;
  }
}

// All of a screenshot's pixels are decoded at once (4 bytes each) before tiling: 40 million is a
// 600 × 66,000 px email, about 160 MB decoded, far past the tallest emails, short of what a
// window can hold.
const MAX_SCREENSHOT_PIXELS = 40_000_000;

/** Refuses, before decoding, a screenshot whose header declares more pixels than a window can hold. */
async function checkDeclaredSizeAsync(blob: Blob): Promise<void> {
  const size = declaredImageSize(new Uint8Array(await blob.slice(0, IMAGE_HEADER_BYTES).arrayBuffer()));
  if (size !== null && size.width * size.height > MAX_SCREENSHOT_PIXELS) {
    const px = `${size.width.toLocaleString('en-US')} × ${size.height.toLocaleString('en-US')} px`;
    throw new ScreenshotError(`it is too large to place (${px}; Envelope places screenshots of up to 40 million pixels)`);
  }
}

/** The screenshot at `url` as tiles of at most 4,096 px on a side. */
export async function loadScreenshotTilesAsync(url: string, signal?: AbortSignal): Promise<Screenshot> {
  const blob = await fetchScreenshotAsync(url, signal);
  await checkDeclaredSizeAsync(blob);
  if (canUseWorker()) {
    try {
      const screenshot = await tileInWorkerAsync(blob, signal);
      workerCrashes = 0;
      return screenshot;
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
      // A crash leaves workers to the next ones, unless it keeps happening.
      workerRefused = !error.crashed || ++workerCrashes >= MAX_WORKER_CRASHES;
      // Not retried here: a worker dies mostly short of memory, and the same screenshot on the
      // window's thread could take the whole window down with it.
      if (error.crashed) throw new ScreenshotError('it is too large to cut into pieces on this computer (its memory ran short). Close other tabs or apps, then try placing it again');
    }
  }
  return tileOnThisThreadAsync(blob, signal);
}
