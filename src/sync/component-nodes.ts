// Finds this file's local components by key (for thumbnails, pictures and "take theirs"), under
// dynamic-page rules: pages are loaded one at a time and searched with findAllWithCriteria.
import { exportPngBase64Async } from '../snapshot/thumbnails';

export type LocalComponentNode = ComponentNode | ComponentSetNode;

const ROOT_TYPES: Array<'COMPONENT' | 'COMPONENT_SET'> = ['COMPONENT', 'COMPONENT_SET'];

function isSyncRoot(node: ComponentNode | ComponentSetNode): boolean {
  // A variant is part of its set's payload, not a component of its own.
  return !node.remote && !(node.type === 'COMPONENT' && node.parent?.type === 'COMPONENT_SET');
}

/** The local component (or set) of each key that is in the file; keys not found are left out. */
export async function findComponentsByKeyAsync(figma: PluginAPI, keys: Iterable<string>): Promise<Map<string, LocalComponentNode>> {
  const wanted = new Set(keys);
  const found = new Map<string, LocalComponentNode>();
  if (wanted.size === 0) return found;
  for (const page of figma.root.children) {
    await page.loadAsync();
    // A teammate may remove the page while it loads.
    if (page.removed) continue;
    for (const node of page.findAllWithCriteria({ types: ROOT_TYPES })) {
      if (wanted.has(node.key) && isSyncRoot(node)) found.set(node.key, node);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}

/** Longest side of a pushed thumbnail and of the pictures in the diff view, in px. */
export const THUMBNAIL_MAX_SIZE = 256;

/** A PNG of the component no larger than 256 px on its long side, as base64; null when it cannot be exported. */
export function exportThumbnailAsync(node: LocalComponentNode): Promise<string | null> {
  return exportPngBase64Async(node, THUMBNAIL_MAX_SIZE);
}
