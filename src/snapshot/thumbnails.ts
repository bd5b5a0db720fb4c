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
      const root = roots.get(payload.key)!;
      const longest = Math.max(root.width, root.height);
      const scale = longest > options.maxSize ? options.maxSize / longest : 1;
      try {
        const bytes = await root.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: scale } });
        thumbnail = { format: 'png', base64: encodeBase64(bytes) };
        exported++;
      } catch {
        failed++; // e.g. an empty or oversized component: the payload goes without a thumbnail
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
