// When the selection the Templates screen shows may read differently: another selection
// (selectionchange), or a selected layer's link, name or place (or its parent's name) changed
// while it stayed selected.
// The latter fire no selectionchange, only the current page's nodechange: undo taking back a
// save's link, a rename on the canvas, a teammate's unlink.

/** The changes that can alter what the screen says of a selected layer (its link is plugin data). */
const WATCHED: ReadonlySet<NodeChangeProperty> = new Set<NodeChangeProperty>(['pluginData', 'name', 'parent']);

/** The selected layers (`own`), and the layers they are inside of, whose name alone the words use ("… inside “Parent”"). */
export interface WatchedIds {
  own: ReadonlySet<string>;
  parents: ReadonlySet<string>;
}

/** Whether `changes` touch a selected layer in a way the screen shows. `watched`: asked only when one might. */
export function changesSelection(changes: readonly NodeChange[], watched: () => WatchedIds): boolean {
  let ids: WatchedIds | null = null;
  for (const change of changes) {
    if (change.type !== 'PROPERTY_CHANGE' || !change.properties.some((property) => WATCHED.has(property))) continue;
    ids ??= watched();
    if (ids.own.has(change.id) || (ids.parents.has(change.id) && change.properties.includes('name'))) return true;
  }
  return false;
}

/**
 * What made the selection worth reading again: another selection, or a change to the selected
 * layer itself (which may be undo putting back what the read before took away: such a read must
 * not write, or ⌘Z could never get past it).
 */
export type SelectionCause = 'selection' | 'layer';

/** The ids of the selected layers and of the layers (not pages) they are inside of. */
export function watchedIdsOf(selection: readonly SceneNode[]): WatchedIds {
  const own = new Set<string>();
  const parents = new Set<string>();
  for (const node of selection) {
    own.add(node.id);
    const parent = node.parent;
    if (parent !== null && parent.type !== 'PAGE') parents.add(parent.id);
  }
  return { own, parents };
}

/** Calls `onChange` whenever the selection may read differently (see above), following the current page. */
export function watchSelection(figma: Pick<PluginAPI, 'on' | 'currentPage'>, onChange: (cause: SelectionCause) => void): void {
  const onNodeChange = (event: NodeChangeEvent) => {
    if (changesSelection(event.nodeChanges, () => watchedIdsOf(figma.currentPage.selection))) onChange('layer');
  };
  let page = figma.currentPage;
  page.on('nodechange', onNodeChange);
  figma.on('currentpagechange', () => {
    // The page left may have been deleted by a teammate meanwhile: its listeners went with it.
    try {
      page.off('nodechange', onNodeChange);
    } catch {
      // nothing to stop
    }
    page = figma.currentPage;
    page.on('nodechange', onNodeChange);
  });
  figma.on('selectionchange', () => onChange('selection'));
}
