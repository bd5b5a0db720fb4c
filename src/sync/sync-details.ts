// What the Sync screen shows of one comparison beyond its rows: the list's thumbnails, and one
// row's detail (property by property, its two pictures, what taking theirs leaves by hand).
import type { Component } from '../shared/api/builder/schemas';
import type { CancelSignal } from '../shared/api/http/cancel-signal';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { SyncDetail } from '../shared/bridge/messages';
import { PICTURE_LABEL, theirsLabel } from '../shared/sync/picture-labels';
import { takeSteps } from './apply-theirs';
import type { ClassifiedComponent } from './classify';
import { comparisonNames, withComponentNames } from './component-names';
import { pictureSizeOf } from './picture-size';
import type { ChangesAround } from './read-around';
import { changedSides, diffComponents, type DiffableComponent } from './property-diff';
import { createRemoteAddVersions } from './remote-add-versions';
import { itemOf, type Comparison } from './sync-comparison';
import type { SyncLink } from './sync-link';
import type { SyncPictures } from './sync-pictures';

export interface SyncDetails {
  /** The list rows' thumbnails (see `sync/pictures`), with one walk of the document per call. */
  picturesAsync(current: Comparison, keys: readonly string[]): Promise<Record<string, string | null>>;
  /** `signal`: the detail was closed; a picture read it waits for stops. */
  detailAsync(current: Comparison, key: string, replaces?: string, signal?: CancelSignal): Promise<SyncDetail>;
}

/** One page of the linked design system's changes, to read a version around the time it was stored (read-around.ts). */
function changesAroundOf(link: SyncLink): ChangesAround {
  return (since, limit, reading) => link.client.getChangesAsync(link.designSystemId, { since, limit }, reading);
}

export function createSyncDetails(pictures: SyncPictures): SyncDetails {
  const remoteAddVersions = createRemoteAddVersions();

  async function localPictureAsync(key: string, hash: string | undefined): Promise<string | null> {
    return (await pictures.localAsync([{ key, hash }])).get(key) ?? null;
  }

  /** The picture of the version last synced, read from the design system when this run has none. */
  function lastSyncedPictureAsync(link: SyncLink, component: ClassifiedComponent, signal: CancelSignal | undefined): Promise<string | null> {
    if (component.base === null) return Promise.resolve(null);
    return pictures.lastSyncedAsync(component.base, component.remote, changesAroundOf(link), signal);
  }

  /**
   * A component only in the design system, whole, to describe: as the changes gave it, or, listed
   * from a sync's record of its row, as the design system stores it (remote-add-versions.ts); null
   * when that could not be read.
   */
  async function remoteAddVersionAsync(current: Comparison, remote: Component, signal: CancelSignal | undefined): Promise<DiffableComponent | null> {
    const record = current.state.remoteAdds?.get(remote.key);
    if (record === undefined || current.window.some((version) => version.key === remote.key)) return remote;
    return remoteAddVersions.versionAsync(record, changesAroundOf(current.link), signal);
  }

  /**
   * A row's thumbnail is the version the row is about: the design system's for remote changes
   * and additions (the file's when it has no thumbnail), this file's otherwise (the design
   * system's when the component is no longer in the file).
   */
  async function picturesAsync(current: Comparison, keys: readonly string[]): Promise<Record<string, string | null>> {
    const result: Record<string, string | null> = {};
    const local: Array<{ key: string; hash: string | undefined }> = [];
    const remoteOf = new Map<string, string | null>();
    for (const key of new Set(keys)) {
      result[key] = null;
      const component = current.byKey.get(key);
      if (component === undefined) continue;
      const remoteUrl = component.remote !== null && !component.remote.deleted ? (component.remote.thumbnail_url ?? null) : null;
      const payload = current.payloads.get(key);
      const remoteFirst = component.kind === 'remote-change' || component.kind === 'remote-add';
      if ((remoteFirst && remoteUrl !== null) || payload === undefined) result[key] = remoteUrl;
      else {
        local.push({ key, hash: payload.hash });
        remoteOf.set(key, remoteUrl);
      }
    }
    const found = await pictures.localAsync(local);
    for (const { key } of local) result[key] = found.get(key) ?? remoteOf.get(key) ?? null;
    return result;
  }

  /** A replaced row: the deleted component as last synced against the one added in its place. */
  async function replacementDetailAsync(current: Comparison, added: ClassifiedComponent, deleted: ClassifiedComponent, signal: CancelSignal | undefined): Promise<SyncDetail> {
    const paired = current.replacements.some((pair) => pair.oldKey === deleted.key && pair.newKey === added.key);
    if (!paired) throw new BridgeError('not_found', `${added.name} no longer replaces ${deleted.name}. Check again.`);
    const local = current.payloads.get(added.key) ?? null;
    const before = deleted.base === null ? null : await current.link.payloads.getAsync(deleted.key, deleted.base.hash);
    return {
      item: itemOf(added, current),
      beforeLabel: PICTURE_LABEL.deleted,
      afterLabel: PICTURE_LABEL.added,
      beforeKnown: before !== null,
      changes: diffComponents(before, local, { describeOneSide: true }),
      beforePicture: await lastSyncedPictureAsync(current.link, deleted, signal),
      afterPicture: local === null ? null : await localPictureAsync(added.key, local.hash),
      beforeSize: pictureSizeOf(before),
      afterSize: pictureSizeOf(local),
      manualSteps: [],
    };
  }

  async function detailAsync(current: Comparison, key: string, replaces?: string, signal?: CancelSignal): Promise<SyncDetail> {
    const detail = await keyedDetailAsync(current, key, replaces, signal);
    return { ...detail, changes: withComponentNames(detail.changes, comparisonNames(current)) };
  }

  /** The detail with its changes as property-diff.ts writes them: component keys as keys (its steps by hand already named). */
  async function keyedDetailAsync(current: Comparison, key: string, replaces?: string, signal?: CancelSignal): Promise<SyncDetail> {
    const component = current.byKey.get(key);
    if (component === undefined) throw new BridgeError('not_found', 'This component is no longer in the comparison. Check again.');
    if (replaces !== undefined) {
      const deleted = current.byKey.get(replaces);
      if (deleted === undefined) throw new BridgeError('not_found', 'The replaced component is no longer in the comparison. Check again.');
      return replacementDetailAsync(current, component, deleted, signal);
    }
    const item = itemOf(component, current);
    const local = current.payloads.get(key) ?? null;
    const remote = component.remote !== null && !component.remote.deleted ? component.remote : null;
    const remotePicture = remote?.thumbnail_url ?? null;
    const localPicture = local === null ? null : await localPictureAsync(key, local.hash);
    const lastSynced = component.base === null ? null : await current.link.payloads.getAsync(key, component.base.hash);
    const base = { beforeKnown: true, manualSteps: [] as string[] };
    // Only in the design system: described when its whole version is known.
    const added = component.kind === 'remote-add' && remote !== null ? await remoteAddVersionAsync(current, remote, signal) : null;
    switch (component.kind) {
      case 'remote-change':
      case 'remote-add':
      case 'remote-delete':
      case 'both-same':
        return {
          ...base,
          item,
          beforeLabel: PICTURE_LABEL.thisFile,
          afterLabel: PICTURE_LABEL.designSystem,
          // Only in this file (deleted there), or only in the design system and read whole: described.
          changes: diffComponents(local, added ?? remote, { describeOneSide: remote === null || added !== null }),
          beforePicture: localPicture,
          afterPicture: remotePicture,
          beforeSize: pictureSizeOf(local),
          afterSize: pictureSizeOf(added ?? remote),
          manualSteps: remote === null ? [] : takeSteps(local, remote, comparisonNames(current)),
        };
      case 'conflict': {
        // Three-way: each difference marked with the side that changed it since the last sync, when that version was kept.
        const diff = diffComponents(remote, local);
        const sides = lastSynced === null ? [] : changedSides(diff, lastSynced, local, remote);
        const changes = diff.map((change, index) => (sides[index] ? { ...change, side: sides[index] } : change));
        return {
          ...base,
          item,
          beforeLabel: theirsLabel(remote?.updated_by),
          afterLabel: PICTURE_LABEL.mine,
          // Both added it (no last sync): there is no version to have kept.
          ...(component.base === null ? {} : { sidesKnown: lastSynced !== null }),
          changes,
          beforePicture: remotePicture,
          afterPicture: localPicture,
          beforeSize: pictureSizeOf(remote),
          afterSize: pictureSizeOf(local),
          manualSteps: remote === null ? [] : takeSteps(local, remote, comparisonNames(current)),
        };
      }
      default: {
        // Local kinds: the "before" is the payload as last synced, when it was kept, and its
        // picture when this run pushed it (or the design system still shows that version).
        const beforeKnown = component.base === null || lastSynced !== null;
        const basePicture = await lastSyncedPictureAsync(current.link, component, signal);
        return {
          ...base,
          item,
          beforeLabel: PICTURE_LABEL.lastSync,
          afterLabel: PICTURE_LABEL.thisFile,
          beforeKnown,
          // This file's version and the one last synced (kept whole): either, alone, is described.
          changes: diffComponents(lastSynced, local, { describeOneSide: true }),
          beforePicture: basePicture,
          afterPicture: localPicture,
          // The version last synced, when kept: the one its picture shows.
          beforeSize: pictureSizeOf(lastSynced),
          afterSize: pictureSizeOf(local),
        };
      }
    }
  }

  return { picturesAsync, detailAsync };
}
