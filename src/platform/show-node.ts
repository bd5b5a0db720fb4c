// Finding a node's page and taking the person to a node: the rooms that point at something in the
// file (a template's frame, a library reference) do it the same way.

/** The page a node is on, or null for the document or a node no longer in it. */
export function pageOf(node: BaseNode): PageNode | null {
  let current: BaseNode | null = node;
  while (current !== null && current.type !== 'PAGE') current = current.parent;
  return current;
}

/** Opens the node's page (under dynamic-page, with setCurrentPageAsync), selects the node and zooms to it. */
export async function showNodeAsync(figma: Pick<PluginAPI, 'currentPage' | 'setCurrentPageAsync' | 'viewport'>, page: PageNode, node: SceneNode): Promise<void> {
  if (page !== figma.currentPage) await figma.setCurrentPageAsync(page);
  page.selection = [node];
  figma.viewport.scrollAndZoomIntoView([node]);
}
