// How much of an element the designer cannot see: the part of its box outside the visible part of
// every box that scrolls or clips it, and of the window.
import type { Locator } from 'playwright-core';

/** Where an element can show, in the window's pixels: inside every box around it that scrolls or clips it, and the window. */
export interface SeenArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The element's box, and the area its clipping boxes and the window leave it to show in. */
export function seenAreaAsync(element: Locator): Promise<{ box: SeenArea; area: SeenArea }> {
  return element.evaluate((target) => {
    const { top: boxTop, bottom: boxBottom, left: boxLeft, right: boxRight } = target.getBoundingClientRect();
    let [top, bottom, left, right] = [0, innerHeight, 0, innerWidth];
    for (let parent = target.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
      const seen = parent.getBoundingClientRect();
      // The inside of the box, without its borders and scroll bar.
      const inTop = seen.top + parent.clientTop;
      const inLeft = seen.left + parent.clientLeft;
      [top, bottom] = [Math.max(top, inTop), Math.min(bottom, inTop + parent.clientHeight)];
      [left, right] = [Math.max(left, inLeft), Math.min(right, inLeft + parent.clientWidth)];
    }
    return { box: { top: boxTop, bottom: boxBottom, left: boxLeft, right: boxRight }, area: { top, bottom, left, right } };
  });
}

/** The pixels of the element's box, summed over its four sides, outside what shows (0: all in sight). */
export async function outOfSightAsync(element: Locator): Promise<number> {
  const { box, area } = await seenAreaAsync(element);
  return Math.max(0, area.top - box.top) + Math.max(0, box.bottom - area.bottom) + Math.max(0, area.left - box.left) + Math.max(0, box.right - area.right);
}
