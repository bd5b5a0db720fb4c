// Finding a node's page and taking the person to a node: the rooms that point at something in the
// file (a template's frame, a library reference) do it the same way.
import { viewOnto } from './view-onto';

/** The page a node is on, or null for the document or a node no longer in it. */
export function pageOf(node: BaseNode): PageNode | null {
  let current: BaseNode | null = node;
  while (current !== null && current.type !== 'PAGE') current = current.parent;
  return current;
}

/**
 * Opens the node's page (under dynamic-page, with setCurrentPageAsync), selects the node and
 * brings it into view by `viewOnto`'s rule, as Insert does: a tall email at a readable zoom, its
 * top showing, where Shift-2 (`scrollAndZoomIntoView`) shrank it to a thin strip. A small node is
 * zoomed in to fit whole, as Shift-2 did: Show is "go to it", wherever the person's zoom was.
 */
export async function showNodeAsync(figma: Pick<PluginAPI, 'currentPage' | 'setCurrentPageAsync' | 'viewport'>, page: PageNode, node: SceneNode): Promise<void> {
  if (page !== figma.currentPage) await figma.setCurrentPageAsync(page);
  page.selection = [node];
  const box = 'absoluteBoundingBox' in node ? node.absoluteBoundingBox : null;
  // No box to measure (none of Envelope's nodes, but SceneNode allows it): Figma's own way.
  if (box === null) return figma.viewport.scrollAndZoomIntoView([node]);
  const view = viewOnto(box, figma.viewport.bounds, figma.viewport.zoom, { zoomInToFit: true });
  figma.viewport.zoom = view.zoom;
  figma.viewport.center = view.center;
}
