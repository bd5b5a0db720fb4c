// The "Difference" picture mode: both pictures decoded in the page, compared by pixel-diff.ts
// (a slice of rows at a time, yielding to the page between slices), and drawn on a canvas with
// the changed share in words. Computed only when this mode is shown, once per pair of pictures
// (their URLs change with the component's hash, so they stand for the pair of hashes).
import { useEffect, useRef, useState } from 'preact/hooks';
import { boxOutline } from './diff-box-outline';
import { diffPixelsAsync, pixelDiffText, type PixelDiff, type Pixels } from './pixel-diff';

const CACHE_LIMIT = 24;
const cache = new Map<string, Promise<PixelDiff>>();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function pixelsOfAsync(src: string): Promise<Pixels> {
  const image = new Image();
  // Remote thumbnails are read back only if their host allows it (CORS); data URLs always are.
  if (!src.startsWith('data:')) image.crossOrigin = 'anonymous';
  image.src = src;
  await image.decode();
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export function pixelDifferenceAsync(before: string, after: string): Promise<PixelDiff> {
  const key = `${before}\n${after}`;
  const known = cache.get(key);
  if (known) return known;
  const computed = Promise.all([pixelsOfAsync(before), pixelsOfAsync(after)]).then(([a, b]) => diffPixelsAsync(a, b, { yieldAsync: nextTask }));
  // A failure is not kept: the next look tries again.
  computed.catch(() => cache.delete(key));
  cache.set(key, computed);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return computed;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; diff: PixelDiff };

export function PixelDifference({ before, after, name, beforeLabel, afterLabel }: { before: string; after: string; name: string; beforeLabel: string; afterLabel: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    pixelDifferenceAsync(before, after).then(
      (diff) => current && setState({ status: 'ready', diff }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [before, after]);

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

  if (state.status === 'failed') {
    return <div class="sync-picture-missing">The pictures could not be compared pixel by pixel (one of them could not be read).</div>;
  }
  const text = state.status === 'ready' ? pixelDiffText(state.diff) : 'Comparing the pictures…';
  const boxes = state.status === 'ready' ? state.diff.boxes.length : 0;
  return (
    <figure class="sync-diff" data-testid="sync-pixel-diff">
      {state.status === 'ready' ? (
        <canvas
          ref={canvas}
          class="sync-picture sync-diff-canvas"
          role="img"
          aria-label={`${name}: pixels that differ between “${beforeLabel}” and “${afterLabel}”, tinted over a faded “${afterLabel}”. ${text}.`}
        />
      ) : (
        <div class="sync-picture-missing" />
      )}
      <figcaption role="status" data-testid="sync-pixel-diff-text">
        {text}
        {boxes > 0 ? ` · ${boxes === 1 ? '1 area' : `${boxes} areas`} boxed` : ''}
      </figcaption>
    </figure>
  );
}
