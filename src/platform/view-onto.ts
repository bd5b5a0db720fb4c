// Where the view goes to show something on the canvas: one rule for a reference just placed
// (canvas) and for Show (a reference from the check, a template's frame from Open). Pure.

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** Part of the view left free around what the view is brought to, on each side. */
const VIEW_MARGIN = 0.05;

/**
 * The furthest Show zooms in: Figma's own maximum, 25,600 % (the top of its zoom range; neither the
 * typings nor the docs state it, nor what Figma does when asked for more). Not lower: Show promises
 * Shift-2's fit for a small node, and designers do inspect a 16 px icon at 2,000 % or more. Only a
 * node of a pixel or two reaches it: a 1 px one asked for hundreds of times that.
 */
const MAX_ZOOM = 256;

export interface ViewOptions {
  /**
   * Show, not Insert: the person asked to go to something elsewhere, at whatever zoom they had. A
   * small node (a component, a short frame) is then zoomed in to fit whole, as Shift-2 and Show
   * always did, which is what a designer expects of "go to it"; Insert never zooms in (the person is
   * looking at the place it lands, at the zoom they chose).
   */
  zoomInToFit?: boolean;
}

/**
 * Where the view goes to show `box`. Unlike Shift-2 (`scrollAndZoomIntoView`), it never zooms out
 * to fit a tall email's height: a 12,000 px screenshot fitted whole is a thin strip nobody can
 * read. The rule: keep the zoom if the box's width fits in the view (zoom out only as far as its
 * width needs, never in unless `zoomInToFit` says so); centre on the box if all of it then fits,
 * else show its top.
 */
export function viewOnto(box: Box, view: Box, zoom: number, { zoomInToFit = false }: ViewOptions = {}): { center: Point; zoom: number } {
  const screen = { width: view.width * zoom, height: view.height * zoom };
  const room = 1 - 2 * VIEW_MARGIN;
  const widthFit = (screen.width * room) / Math.max(1, box.width);
  // Shift-2's zoom: the whole box in view. Only ever above the person's zoom here, never a strip below it.
  const wholeFit = Math.min(widthFit, (screen.height * room) / Math.max(1, box.height));
  const start = zoomInToFit ? Math.max(zoom, Math.min(wholeFit, MAX_ZOOM)) : zoom;
  const fitted = Math.min(start, widthFit);
  const height = screen.height / fitted;
  const x = box.x + box.width / 2;
  if (box.height <= height * room) return { center: { x, y: box.y + box.height / 2 }, zoom: fitted };
  return { center: { x, y: box.y - height * VIEW_MARGIN + height / 2 }, zoom: fitted };
}
