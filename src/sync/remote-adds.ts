/*
 * Components only in the design system (remote-add: no base, not in this file). Envelope cannot
 * build them in the file, so they are never resolved; held as unresolved, they kept the base time
 * before them for good, and every check asked the design system again for everything since.
 *
 * Instead, a sync records each remote addition it listed in the sync state (hash, time, and what
 * the row shows), the base time moves past them, and the next comparison lists them from the
 * record. Nothing a teammate does is hidden by that:
 * - a later change of one (edit, rename, delete) is after the base time, so it is in the next
 *   changes window, which comes after the records and wins (a tombstone: no row, as before);
 * - one that appears in this file is classified against the record (the same hash: both-same;
 *   another: a conflict), never as an addition pushed over theirs, and the changes call then
 *   starts just before the record's time, so its full version is there to compare or take
 *   (changesSince).
 * A row only in the design system shows its name, kind, who and when, and its thumbnail: all
 * recorded (its detail compares nothing with it, and reads what it is from the design system:
 * remote-add-versions.ts). Pure.
 */
import type { Component } from '../shared/api/builder/schemas';
import type { ClassifiedComponent } from './classify';
import type { RemoteAddEntry, SyncState } from './sync-state';
import { justBefore, undoneTakesSince } from './undone-takes';

/** A record as a remote version: what a row only in the design system shows (no description, properties or layers). */
function recordedComponent(key: string, entry: RemoteAddEntry): Component {
  return {
    key,
    name: entry.name,
    kind: entry.kind,
    description: '',
    hash: entry.hash,
    properties: {},
    variants: [],
    node: {},
    thumbnail_url: entry.thumbnailUrl,
    updated_at: entry.updatedAt,
    updated_by: entry.updatedBy,
    deleted: false,
  };
}

/**
 * The remote versions to classify: the recorded remote additions first, then the changes
 * window (the classification keeps a key's last version, so a change since the record wins).
 * A key the base has is not a remote addition any more: its record is ignored.
 */
export function withRecordedRemoteAdds(state: Pick<SyncState, 'components' | 'remoteAdds'>, window: readonly Component[]): Component[] {
  const recorded: Component[] = [];
  for (const [key, entry] of state.remoteAdds ?? []) if (!state.components.has(key)) recorded.push(recordedComponent(key, entry));
  return recorded.length === 0 ? [...window] : [...recorded, ...window];
}

/** What to record after a sync: every row still only in the design system, as it was listed. */
export function remoteAddsToRecord(components: readonly ClassifiedComponent[]): Map<string, RemoteAddEntry> {
  const adds = new Map<string, RemoteAddEntry>();
  for (const { key, kind, remote } of components) {
    if (kind !== 'remote-add' || remote === null) continue;
    adds.set(key, { hash: remote.hash, updatedAt: remote.updated_at, name: remote.name, kind: remote.kind, updatedBy: remote.updated_by, thumbnailUrl: remote.thumbnail_url });
  }
  return adds;
}

/**
 * The `since` of a comparison's changes call: the base time, or just before the time of a
 * recorded remote addition that is now in this file, whose full version the comparison needs,
 * or of a version taken here whose take the file has undone (undone-takes.ts).
 */
export function changesSince(state: Pick<SyncState, 'lastSyncedAt' | 'components' | 'remoteAdds' | 'takenDeletions'>, localHashOf: (key: string) => string | undefined): string | null {
  let since = state.lastSyncedAt;
  if (since === null) return null;
  for (const [key, entry] of state.remoteAdds ?? []) {
    if (state.components.has(key) || localHashOf(key) === undefined) continue;
    const before = justBefore(entry.updatedAt);
    if (Date.parse(before) < Date.parse(since)) since = before;
  }
  return undoneTakesSince(state, since, localHashOf);
}
