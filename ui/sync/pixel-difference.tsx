// The "Difference" picture mode: both pictures decoded in the page, compared by pixel-diff.ts
// (a slice of rows at a time, yielding to the page between slices), and drawn on a canvas with
// the changed share in words. Computed only when this mode is shown, once per pair of pictures
// (their URLs change with the component's hash, so they stand for the pair of hashes).
import { useEffect, useRef, useState } from 'preact/hooks';
import { boxOutline } from './diff-box-outline';
import type { PictureSize } from '../../src/shared/bridge/messages';
import { boxedText, diffPixelsAsync, nothingDrawnText, pixelDiffText, type PixelDiff, type Pixels } from './pixel-diff';
import { pairFactors } from './picture-scale';

const CACHE_LIMIT = 24;
const cache = new Map<string, Promise<PixelDiff>>();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function bitmapOfAsync(src: string): Promise<ImageBitmap> {
  const image = new Image();
  // Remote thumbnails are read back only if their host allows it (CORS); data URLs always are.
  if (!src.startsWith('data:')) image.crossOrigin = 'anonymous';
  image.src = src;
  await image.decode();
  return createImageBitmap(image);
}

/** The picture's pixels, shrunk by `factor` (picture-scale.ts) so both sides compare at one scale. */
function pixelsOf(bitmap: ImageBitmap, factor: number): Pixels {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * factor));
  canvas.height = Math.max(1, Math.round(bitmap.height * factor));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

const sizeKey = (size: PictureSize | undefined) => (size ? `${size.width}x${size.height}` : '');

export function pixelDifferenceAsync(before: string, after: string, sizes: { before?: PictureSize | undefined; after?: PictureSize | undefined } = {}): Promise<PixelDiff> {
  const key = `${before}\n${after}\n${sizeKey(sizes.before)}\n${sizeKey(sizes.after)}`;
  const known = cache.get(key);
  if (known) return known;
  const computed = Promise.all([bitmapOfAsync(before), bitmapOfAsync(after)]).then(([a, b]) => {
    const factors = pairFactors(sizes, { before: a, after: b });
    return diffPixelsAsync(pixelsOf(a, factors.before), pixelsOf(b, factors.after), { yieldAsync: nextTask });
  });
  // A failure is not kept: the next look tries again.
  computed.catch(() => cache.delete(key));
  cache.set(key, computed);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return computed;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; diff: PixelDiff };

export function PixelDifference({
  before,
  after,
  beforeSize,
  afterSize,
  name,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  /** Each version's size in Figma units, when known: the pictures are compared at one scale. */
  beforeSize?: PictureSize | undefined;
  afterSize?: PictureSize | undefined;
  name: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    pixelDifferenceAsync(before, after, { before: beforeSize, after: afterSize }).then(
      (diff) => current && setState({ status: 'ready', diff }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
    // By value: a detail loaded again with the same pictures and sizes keeps its diff (said once, not again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [before, after, sizeKey(beforeSize), sizeKey(afterSize)]);

  // A picture of nothing: the tinted canvas would be a solid block, the share "Every pixel changed".
  const nothingDrawn = state.status === 'ready' ? nothingDrawnText(state.diff, { before: beforeLabel, after: afterLabel }) : null;

  useEffect(() => {
    const element = canvas.current;
    if (state.status !== 'ready' || !element) return;
    const { diff } = state;
    element.width = diff.width;
    element.height = diff.height;
    const context = element.getContext('2d');
    if (!context) return;
    context.putImageData(new ImageData(diff.image.data, diff.width, diff.height), 0, 0);
    // Dark on the faded picture and the tint, light against the frame (diff-box-outline.ts).
    context.lineWidth = 1;
    for (const box of diff.boxes) {
      const { dark, light } = boxOutline(box, diff.width, diff.height);
      for (const [ring, color] of [[light, 'rgb(255, 255, 255)'], [dark, 'rgb(20, 20, 20)']] as const) {
        context.strokeStyle = color;
        context.strokeRect(ring.left + 0.5, ring.top + 0.5, ring.right - ring.left, ring.bottom - ring.top);
      }
    }
  }, [state]);

  // A failure is said in the status that said "Comparing…": put in its place, it was never heard.
  const text =
    state.status === 'ready'
      ? (nothingDrawn ?? pixelDiffText(state.diff))
      : state.status === 'failed'
        ? 'The pictures could not be compared pixel by pixel (one of them could not be read).'
        : 'Comparing the pictures…';
  const boxed = state.status === 'ready' && nothingDrawn === null ? boxedText(state.diff) : '';
  return (
    <figure class="sync-diff" data-testid="sync-pixel-diff">
      {state.status === 'ready' && nothingDrawn === null ? (
        <canvas
          ref={canvas}
          class="sync-picture sync-diff-canvas"
          role="img"
          // The share is the caption's (a status): said here too, it was heard twice.
          aria-label={
            state.diff.changed === 0
              ? // None tinted: "pixels that differ …, tinted" described pixels that are not there.
                `${name}: a faded “${afterLabel}”; no pixel differs from “${beforeLabel}”.`
              : `${name}: pixels that differ between “${beforeLabel}” and “${afterLabel}”, tinted over a faded “${afterLabel}”.`
          }
        />
      ) : (
        <div class="sync-picture-missing" />
      )}
      <figcaption role="status" data-testid="sync-pixel-diff-text">
        {text}
        {boxed && ` · ${boxed}`}
      </figcaption>
    </figure>
  );
}
