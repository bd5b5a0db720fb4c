// Thumbnails: each component exported as a PNG no larger than the limit, reused by content hash
// from the previous snapshot, so only new or changed components are exported again.
import { encodeBase64 } from './base64';
import type { ComponentRoot } from './normalize/component';
import type { ComponentPayload, ThumbnailPayload } from './normalized-types';
import { cancelledError } from './snapshot-error';

export interface ThumbnailOptions {
  /** Longest side of a thumbnail in px; smaller components export at 1×. */
  readonly maxSize: number;
  readonly isCancelled: (() => boolean) | undefined;
  /** Whether it is time to yield; `tick` reports progress and yields. */
  readonly due: () => boolean;
  readonly tick: (phase: 'thumbnails', done: number, total: number) => Promise<void>;
}

export interface ThumbnailRun {
  readonly components: ComponentPayload[];
  readonly exported: number;
  readonly reused: number;
  readonly failed: number;
  /** The thumbnails of this run by content hash: the next run's `previous`. */
  readonly byHash: Map<string, ThumbnailPayload>;
}

/**
 * A PNG of the component no larger than `maxSize` px on its long side (smaller ones at 1×), as
 * base64: the snapshot's thumbnails, the push's and the Sync screen's pictures alike. Null when it
 * cannot be exported: removed since it was found (the designer works on while a long run yields;
 * reading its size would throw "does not exist"), empty, or oversized. The export covers the render
 * bounds (a drop shadow too), so those are kept within `maxSize` when larger than the box.
 */
export async function exportPngBase64Async(root: ComponentRoot, maxSize: number): Promise<string | null> {
  if (root.removed) return null;
  if (!(Math.max(root.width, root.height) > 0)) return null;
  try {
    const painted = root.absoluteRenderBounds;
    const longest = Math.max(root.width, root.height, painted?.width ?? 0, painted?.height ?? 0);
    return encodeBase64(await root.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: Math.min(1, maxSize / longest) } }));
  } catch {
    return null;
  }
}

export async function addThumbnailsAsync(
  list: ComponentPayload[],
  roots: Map<string, ComponentRoot>,
  previous: ReadonlyMap<string, ThumbnailPayload>,
  options: ThumbnailOptions,
): Promise<ThumbnailRun> {
  const out: ComponentPayload[] = [];
  const kept = new Map<string, ThumbnailPayload>();
  let exported = 0;
  let reused = 0;
  let failed = 0;
  for (let i = 0; i < list.length; i++) {
    const payload = list[i]!;
    let thumbnail = previous.get(payload.hash);
    if (thumbnail) {
      reused++;
    } else {
      if (options.isCancelled?.()) throw cancelledError();
      const base64 = await exportPngBase64Async(roots.get(payload.key)!, options.maxSize);
      if (base64 === null) {
        failed++; // e.g. an empty or oversized component: the payload goes without a thumbnail
      } else {
        thumbnail = { format: 'png', base64 };
        exported++;
      }
      if (options.due()) await options.tick('thumbnails', i + 1, list.length);
    }
    if (thumbnail) {
      kept.set(payload.hash, thumbnail);
      out.push({ ...payload, thumbnail });
    } else {
      out.push(payload);
    }
  }
  return { components: out, exported, reused, failed, byHash: kept };
}
