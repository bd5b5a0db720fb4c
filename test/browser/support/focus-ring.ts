// Which sides of the keyboard's focus ring the window draws, read from its pixels: a ring is a
// box-shadow outside the control (or inside it, an inset one: a grid's row), and a box that scrolls
// clips it where the control meets its edge.
import type { Frame } from 'playwright-core';

export type Side = 'left' | 'top' | 'right' | 'bottom';

function clipAround(frame: { x: number; y: number }, at: { left: number; top: number; right: number; bottom: number }) {
  return { x: Math.floor(frame.x + at.left) - 4, y: Math.floor(frame.y + at.top) - 4, width: Math.ceil(at.right - at.left) + 10, height: Math.ceil(at.bottom - at.top) + 10 };
}

/**
 * The sides of the focused control's ring that show: in its colour, half-way along each side, half-way
 * across the ring (1 px outside the control for a 2 px ring; 1 px inside its border for a 2 px inset one).
 * A control that keeps the keyboard for a descendant (aria-activedescendant: a grid's row) is read
 * where its ring is drawn, on that descendant or the nearest box around it that has a shadow.
 */
export async function focusRingSidesAsync(ui: Frame): Promise<Side[]> {
  // The page's own frame (the UI opened alone) is at the window's corner.
  const frame = ui.parentFrame() ? (await (await ui.frameElement()).boundingBox())! : { x: 0, y: 0 };
  const measureAsync = () =>
    ui.evaluate(() => {
      const focused = document.activeElement!;
      const descendant = focused.getAttribute('aria-activedescendant');
      let element = (descendant && document.getElementById(descendant)) || focused;
      while (element !== focused && getComputedStyle(element).boxShadow === 'none' && element.parentElement) element = element.parentElement;
      const style = getComputedStyle(element);
      const { left, top, right, bottom } = element.getBoundingClientRect();
      const layers = style.boxShadow
        .split(/,(?![^(]*\))/)
        .map((layer) => layer.trim())
        .filter((layer) => layer !== 'none')
        .map((layer) => {
          const colour = /^[a-z-]+\([^)]*\)|^[a-z]+/i.exec(layer)?.[0] ?? 'transparent';
          const lengths = [...layer.slice(colour.length).matchAll(/-?[\d.]+px/g)].map((length) => parseFloat(length[0]));
          return { colour, spread: lengths[3] ?? 0, inset: /\binset\b/.test(layer) };
        });
      // The ring is the shadow's widest layer outside the control (a pressed button's ring has a line
      // of another colour inside it, listed first), or with none outside, its widest inset layer:
      // read it half-way between the layer under it and its edge.
      const outside = layers.filter((layer) => !layer.inset);
      const ringLayers = outside.length > 0 ? outside : layers;
      const widest = ringLayers.reduce((found, layer) => (layer.spread > found.spread ? layer : found), ringLayers[0] ?? { colour: 'transparent', spread: 2, inset: false });
      const under = Math.max(0, ...ringLayers.map((layer) => layer.spread).filter((spread) => spread < widest.spread));
      const across = (under + widest.spread) / 2;
      // How far out from each side of the box to read it: an inset ring lies inside the border.
      const border = (side: string) => parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0;
      const out = widest.inset
        ? { left: -border('left') - across, top: -border('top') - across, right: -border('right') - across, bottom: -border('bottom') - across }
        : { left: across, top: across, right: across, bottom: across };
      // Read each side half-way along the part of it that shows: the boxes that scroll around the
      // control (and the window) may cut it, a row half under a list's edge.
      const shown = { left: Math.max(left, 0), top: Math.max(top, 0), right: Math.min(right, innerWidth), bottom: Math.min(bottom, innerHeight) };
      for (let box = element.parentElement; box; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if (overflowX === 'visible' && overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        shown.left = Math.max(shown.left, clip.left + box.clientLeft);
        shown.top = Math.max(shown.top, clip.top + box.clientTop);
        shown.right = Math.min(shown.right, clip.left + box.clientLeft + box.clientWidth);
        shown.bottom = Math.min(shown.bottom, clip.top + box.clientTop + box.clientHeight);
      }
      const middle = {
        x: shown.right > shown.left ? (shown.left + shown.right) / 2 : (left + right) / 2,
        y: shown.bottom > shown.top ? (shown.top + shown.bottom) / 2 : (top + bottom) / 2,
      };
      return { left, top, right, bottom, middle, ring: widest.colour, out };
    });
  // The picture must show the control where it was measured: a scroll still to come (an opened
  // disclosure's toggle event runs a task later) would move it between the two, so measure again
  // after the picture and take them only when both agree.
  let at = await measureAsync();
  let clip = clipAround(frame, at);
  let png = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    png = (await ui.page().screenshot({ clip, animations: 'disabled' })).toString('base64');
    const again = await measureAsync();
    if (again.left === at.left && again.top === at.top && again.right === at.right && again.bottom === at.bottom) break;
    at = again;
    clip = clipAround(frame, at);
  }
  // Where the control is in the picture, in CSS pixels.
  const box = { left: frame.x + at.left - clip.x, top: frame.y + at.top - clip.y, right: frame.x + at.right - clip.x, bottom: frame.y + at.bottom - clip.y };
  const middle = { x: frame.x + at.middle.x - clip.x, y: frame.y + at.middle.y - clip.y };
  return ui.evaluate(
    async ({ base64, box, middle, ring, out, width }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true })!;
      context.fillStyle = ring;
      context.fillRect(0, 0, 1, 1);
      const colour = [...context.getImageData(0, 0, 1, 1).data];
      context.drawImage(bitmap, 0, 0);
      const scale = bitmap.width / width;
      const isRing = (x: number, y: number) => {
        const pixel = context.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data;
        return [0, 1, 2].every((channel) => Math.abs(pixel[channel]! - colour[channel]!) <= 24);
      };
      const { x: middleX, y: middleY } = middle;
      const sides: Array<[Side, boolean]> = [
        ['left', isRing(Math.floor(box.left - out.left), middleY)],
        ['top', isRing(middleX, Math.floor(box.top - out.top))],
        ['right', isRing(Math.floor(box.right + out.right), middleY)],
        ['bottom', isRing(middleX, Math.floor(box.bottom + out.bottom))],
      ];
      return sides.filter(([, shown]) => shown).map(([side]) => side);
    },
    { base64: png, box, middle, ring: at.ring, out: at.out, width: clip.width },
  );
}
