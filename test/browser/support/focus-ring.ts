// Which sides of the keyboard's focus ring the window draws, read from its pixels: a ring is a
// box-shadow outside the control, and a box that scrolls clips it where the control meets its edge.
import type { Frame } from 'playwright-core';

export type Side = 'left' | 'top' | 'right' | 'bottom';

function clipAround(frame: { x: number; y: number }, at: { left: number; top: number; right: number; bottom: number }) {
  return { x: Math.floor(frame.x + at.left) - 4, y: Math.floor(frame.y + at.top) - 4, width: Math.ceil(at.right - at.left) + 10, height: Math.ceil(at.bottom - at.top) + 10 };
}

/** The sides of the focused control's ring that show (in its colour, half-way along each side, 1 px outside the control for a 2 px ring). */
export async function focusRingSidesAsync(ui: Frame): Promise<Side[]> {
  // The page's own frame (the UI opened alone) is at the window's corner.
  const frame = ui.parentFrame() ? (await (await ui.frameElement()).boundingBox())! : { x: 0, y: 0 };
  const measureAsync = () =>
    ui.evaluate(() => {
      const element = document.activeElement!;
      const { left, top, right, bottom } = element.getBoundingClientRect();
      // The ring is the shadow's widest layer outside the control (a pressed button's ring has a line
      // of another colour inside it, listed first): read it half-way between the layer under it and its edge.
      const layers = getComputedStyle(element)
        .boxShadow.split(/,(?![^(]*\))/)
        .map((layer) => layer.trim())
        .filter((layer) => layer !== 'none' && !/\binset\b/.test(layer))
        .map((layer) => {
          const colour = /^[a-z-]+\([^)]*\)|^[a-z]+/i.exec(layer)?.[0] ?? 'transparent';
          const lengths = [...layer.slice(colour.length).matchAll(/-?[\d.]+px/g)].map((length) => parseFloat(length[0]));
          return { colour, spread: lengths[3] ?? 0 };
        });
      const widest = layers.reduce((found, layer) => (layer.spread > found.spread ? layer : found), layers[0] ?? { colour: 'transparent', spread: 2 });
      const under = Math.max(0, ...layers.map((layer) => layer.spread).filter((spread) => spread < widest.spread));
      return { left, top, right, bottom, ring: widest.colour, outside: (under + widest.spread) / 2 };
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
  return ui.evaluate(
    async ({ base64, box, ring, outside, width }) => {
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
      const middleX = (box.left + box.right) / 2;
      const middleY = (box.top + box.bottom) / 2;
      const sides: Array<[Side, boolean]> = [
        ['left', isRing(Math.floor(box.left - outside), middleY)],
        ['top', isRing(middleX, Math.floor(box.top - outside))],
        ['right', isRing(Math.floor(box.right + outside), middleY)],
        ['bottom', isRing(middleX, Math.floor(box.bottom + outside))],
      ];
      return sides.filter(([, shown]) => shown).map(([side]) => side);
    },
    { base64: png, box, ring: at.ring, outside: at.outside, width: clip.width },
  );
}
