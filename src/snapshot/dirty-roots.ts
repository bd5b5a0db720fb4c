// Invalidation for an incremental snapshot: from the changes `documentchange` recorded since
// the last one, and the style and variable edits it does not report, which component roots
// must be read again (null: the root is gone). Components whose instances show a dirty one
// are dirty too.
import { documentationLinksOf, type CacheEntry } from './cache-entry';
import { classifyChanges, type TrackedChange } from './change-tracker';
import { COMPONENT_TYPES, isComponentRoot } from './component-roots';
import type { ComponentRoot } from './normalize/component';
import type { ReferenceResolver } from './reference-resolver';

/**
 * Root ids that must be read again, from recorded changes and style/variable edits. `entries`:
 * the last snapshot's, by root id; `rootIdOf`: the root a layer of it belonged to.
 */
export async function dirtyRootsAsync(
  changes: TrackedChange[],
  entries: ReadonlyMap<string, CacheEntry>,
  rootIdOf: (nodeId: string) => string | undefined,
  resolver: ReferenceResolver,
): Promise<Map<string, ComponentRoot | null>> {
  const classified = classifyChanges(changes, rootIdOf);
  const dirty = new Map<string, ComponentRoot | null>();
  for (const id of classified.rootIds) dirty.set(id, (classified.roots.get(id) as ComponentRoot | undefined) ?? entries.get(id)?.root ?? null);
  for (const container of classified.containersToSearch) {
    if (container.removed || !('findAllWithCriteria' in container)) continue;
    for (const node of container.findAllWithCriteria({ types: COMPONENT_TYPES })) {
      if (isComponentRoot(node) && !node.remote) dirty.set(node.id, node);
    }
  }
  const refreshed = await resolver.refreshAsync();
  for (const id of classified.styleIds) refreshed.styleIds.add(id);
  const styleOrVariableEdits = refreshed.styleIds.size > 0 || refreshed.variableIds.size > 0;
  for (const [id, entry] of entries) {
    if (dirty.has(id)) continue;
    if (entry.root.removed) {
      // Normally reported by a DELETE change; checked anyway since it costs one read.
      dirty.set(id, null);
      continue;
    }
    if (documentationLinksOf(entry.root) !== entry.documentationLinks) dirty.set(id, entry.root);
    if (!styleOrVariableEdits) continue;
    for (const styleId of entry.dependencies.styleIds) if (refreshed.styleIds.has(styleId)) dirty.set(id, entry.root);
    for (const variableId of entry.dependencies.variableIds) if (refreshed.variableIds.has(variableId)) dirty.set(id, entry.root);
  }
  // Components whose instances show a changed component change with it.
  if (dirty.size > 0) {
    const dependents = new Map<string, string[]>();
    for (const [id, entry] of entries) {
      for (const rootId of entry.dependencies.rootIds) {
        const list = dependents.get(rootId);
        if (list) list.push(id);
        else dependents.set(rootId, [id]);
      }
    }
    const queue = [...dirty.keys()];
    while (queue.length > 0) {
      for (const dependent of dependents.get(queue.pop()!) ?? []) {
        if (!dirty.has(dependent)) {
          dirty.set(dependent, entries.get(dependent)?.root ?? null);
          queue.push(dependent);
        }
      }
    }
  }
  return dirty;
}
