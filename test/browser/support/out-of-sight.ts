// How much of an element the designer cannot see: the part of its box outside the visible part of
// every box that scrolls or clips it, and of the window.
import type { Locator } from 'playwright-core';

/** The pixels of the element's box, summed over its four sides, outside what shows (0: all in sight). */
export function outOfSightAsync(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
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
    return Math.max(0, top - box.top) + Math.max(0, box.bottom - bottom) + Math.max(0, left - box.left) + Math.max(0, box.right - right);
  });
}
