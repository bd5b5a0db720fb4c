// The pictures the Sync screen shows, kept for the plugin run by content hash: this file's
// components as ≤ 256 px PNGs (one document walk for every key not cached yet), what a sync
// pushed, and the design system's picture of the version last synced.
import type { Component } from '../shared/api/builder/schemas';
import { createCancelSource, whenCancelled, type CancelSignal } from '../shared/api/http/cancel-signal';
import { exportThumbnailAsync, findComponentsByKeyAsync } from './component-nodes';
import type { SyncStateEntry } from './sync-state';

/** One push request holds at most 100 upserts, all stored at one time: a page this size holds them. */
const STORED_TOGETHER_PAGE = 100;
/**
 * How long a detail waits for a picture read from the design system: a slow builder must hold
 * neither the detail (the window waits 30 s for it) nor the requests queued behind it.
 */
const PICTURE_WAIT_MS = 5_000;

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

/** One page of the design system's changes after `since` (a server time); `signal` stops it. */
export type ChangesAround = (since: string, limit: number, signal: CancelSignal) => Promise<{ components: Component[] }>;

export function createSyncPictures(figma: PluginAPI): SyncPictures {
  const byHash = new Map<string, string | null>();
  /** Design-system pictures by hash, read around the time a version was stored. */
  const stored = new Map<string, string>();
  /** The server times already asked about, so a reopened detail costs no second request. */
  const askedAround = new Set<string>();
  /** Reads still on their way, by server time, and how to stop each. */
  const reading = new Map<string, { done: Promise<void>; cancel(): void }>();

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
   * it came in. Best effort: a failed read leaves the picture unknown, never the detail, and a
   * slow one is waited for a few seconds only (it fills the picture in for the next time). A
   * detail closed while it waits stops the read: it is asked again when the detail opens again
   * (the serial queue has no other detail waiting for it).
   */
  async function readAroundAsync(base: SyncStateEntry, changesAround: ChangesAround, signal?: CancelSignal): Promise<string | null> {
    const known = stored.get(base.hash);
    const at = base.updatedAt;
    if (known !== undefined || at === null) return known ?? null;
    let read = reading.get(at);
    if (read === undefined) {
      const storedMs = Date.parse(at);
      if (Number.isNaN(storedMs) || askedAround.has(at)) return null;
      askedAround.add(at);
      const source = createCancelSource();
      const done = changesAround(new Date(storedMs - 1).toISOString(), STORED_TOGETHER_PAGE, source.signal).then(
        (page) => {
          for (const component of page.components) {
            if (!component.deleted && component.thumbnail_url) stored.set(component.hash, component.thumbnail_url);
          }
        },
        () => {
          askedAround.delete(at);
        },
      );
      read = { done, cancel: () => source.cancel() };
      reading.set(at, read);
      void done.then(() => reading.delete(at));
    }
    let timer = 0;
    let stopListening = () => undefined as void;
    await Promise.race([read.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, PICTURE_WAIT_MS))), new Promise<void>((resolve) => (stopListening = whenCancelled(signal, resolve)))]);
    clearTimeout(timer);
    stopListening();
    if (signal?.aborted) read.cancel();
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
