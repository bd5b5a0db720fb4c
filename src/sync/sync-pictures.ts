// The pictures the Sync screen shows, kept for the plugin run by content hash: this file's
// components as ≤ 256 px PNGs (one document walk for every key not cached yet), what a sync
// pushed, and the design system's picture of the version last synced (read-around.ts).
import type { Component } from '../shared/api/builder/schemas';
import type { CancelSignal } from '../shared/api/http/cancel-signal';
import { exportThumbnailAsync, findComponentsByKeyAsync } from './component-nodes';
import { createReadAround, type ChangesAround } from './read-around';
import type { SyncStateEntry } from './sync-state';

export interface PictureWanted {
  key: string;
  /** The version's hash, the cache's key; undefined: not cached. */
  hash: string | undefined;
}

export interface SyncPictures {
  /** This file's pictures by key (data URLs, null when a component has none). */
  localAsync(wanted: readonly PictureWanted[]): Promise<Map<string, string | null>>;
  /** A picture pushed at `hash`: the "before" of the component's next local change. */
  rememberPushed(hash: string, base64: string): void;
  /**
   * The picture of the version last synced (`base`), for a row about a local change: this run's
   * own, else the design system's while it still stores that version (`stored`), else read
   * around the time it was stored. `signal`: the detail was closed; a read it waits for stops.
   */
  lastSyncedAsync(base: SyncStateEntry, stored: Component | null, changesAround: ChangesAround, signal?: CancelSignal): Promise<string | null>;
}

export function createSyncPictures(figma: PluginAPI): SyncPictures {
  const byHash = new Map<string, string | null>();
  /** Design-system pictures by hash, read around the time a version was stored. */
  const stored = new Map<string, string>();
  const readAround = createReadAround((components) => {
    for (const component of components) if (!component.deleted && component.thumbnail_url) stored.set(component.hash, component.thumbnail_url);
  });

  async function localAsync(wanted: readonly PictureWanted[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    const missing: PictureWanted[] = [];
    for (const entry of wanted) {
      if (entry.hash !== undefined && byHash.has(entry.hash)) out.set(entry.key, byHash.get(entry.hash) ?? null);
      else missing.push(entry);
    }
    if (missing.length === 0) return out;
    const nodes = await findComponentsByKeyAsync(figma, missing.map((entry) => entry.key));
    for (const entry of missing) {
      const node = nodes.get(entry.key);
      const base64 = node === undefined ? null : await exportThumbnailAsync(node);
      const picture = base64 === null ? null : `data:image/png;base64,${base64}`;
      if (entry.hash !== undefined) byHash.set(entry.hash, picture);
      out.set(entry.key, picture);
    }
    return out;
  }

  /**
   * After a reopen this run has no pictures of its own. The version last synced is still the
   * stored one (the row would be a conflict otherwise), stored at the `updatedAt` the state
   * remembers, so one page of changes from just before that time starts with it and the batch
   * it came in (read-around.ts). A failed or slow read leaves the picture unknown, never the detail.
   */
  async function readAroundAsync(base: SyncStateEntry, changesAround: ChangesAround, signal?: CancelSignal): Promise<string | null> {
    if (!stored.has(base.hash) && base.updatedAt !== null) await readAround(base.updatedAt, changesAround, signal);
    return stored.get(base.hash) ?? null;
  }

  return {
    localAsync,
    rememberPushed(hash, base64) {
      byHash.set(hash, `data:image/png;base64,${base64}`);
    },
    async lastSyncedAsync(base, storedNow, changesAround, signal) {
      const own = byHash.get(base.hash);
      if (own) return own;
      if (storedNow !== null && !storedNow.deleted && storedNow.hash === base.hash && storedNow.thumbnail_url) return storedNow.thumbnail_url;
      return readAroundAsync(base, changesAround, signal);
    },
  };
}
