// A component only in the design system is listed, after a sync, from that sync's record of its
// row (remote-adds.ts): name, kind, who, when, picture; no description, size, properties or
// variants, so its detail could say only "component added". Its whole version is what the design
// system still stores under the recorded hash (a change since comes in the changes window, not as
// the record): read around the time it was stored (read-around.ts), the detail describes it as it
// did before that sync. Best effort: unread, the row stays the one line.
import type { Component } from '../shared/api/builder/schemas';
import type { CancelSignal } from '../shared/api/http/cancel-signal';
import { createReadAround, type ChangesAround } from './read-around';
import type { RemoteAddEntry } from './sync-state';

/** What a detail says of a version: all but its layers (a page of versions read holds up to a hundred whole trees). */
export type DescribedVersion = Pick<Component, 'name' | 'description' | 'kind' | 'properties' | 'variants'> & { node: Record<string, unknown> };

export interface RemoteAddVersions {
  /**
   * The recorded addition `entry` as the design system stores it, or null: stored otherwise now, or
   * not read (failed, or slower than a detail waits). `signal`: the detail was closed.
   */
  versionAsync(entry: RemoteAddEntry, changesAround: ChangesAround, signal?: CancelSignal): Promise<DescribedVersion | null>;
}

/** The version without its layers: the root node's box and effects stay (its size, as pictureSizeOf reads it). */
function describedVersion(component: Component): DescribedVersion {
  const { width, height, effects } = component.node;
  const node: Record<string, unknown> = {};
  if (width !== undefined) node.width = width;
  if (height !== undefined) node.height = height;
  if (effects !== undefined) node.effects = effects;
  return { name: component.name, description: component.description, kind: component.kind, properties: component.properties, variants: component.variants, node };
}

export function createRemoteAddVersions(): RemoteAddVersions {
  // Every version a read finds is kept, not only those recorded when it was read: a record made
  // later (by a later sync) of a version stored at a time already read finds it here, as that time
  // is not read twice. Without layers, a page's hundred versions weigh little.
  const byHash = new Map<string, DescribedVersion>();
  const readAround = createReadAround((components) => {
    for (const component of components) if (!component.deleted) byHash.set(component.hash, describedVersion(component));
  });
  return {
    async versionAsync(entry, changesAround, signal) {
      if (!byHash.has(entry.hash)) await readAround(entry.updatedAt, changesAround, signal);
      return byHash.get(entry.hash) ?? null;
    },
  };
}
