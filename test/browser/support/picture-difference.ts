// How far apart two pictures of the same part of the window are, read in the window itself (it
// decodes PNG): Chromium may antialias a rounded edge a step apart from one frame to the next (1 or
// 2 of 255, seen on a busy machine), so "drew nothing" means "no channel moved more than that".
import type { Frame } from 'playwright-core';

/** What a difference no larger than this is: the same picture, drawn again. */
export const REDRAWN_ALIKE = 4;

/** The largest difference of one colour channel between two pictures (255 when their sizes differ). */
export async function largestDifferenceAsync(ui: Frame, [first, second]: [Buffer, Buffer]): Promise<number> {
  return ui.evaluate(async (pictures) => {
    const pixels = await Promise.all(
      pictures.map(async (base64) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]));
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      }),
    );
    const [a, b] = pixels as [Uint8ClampedArray, Uint8ClampedArray];
    if (a.length !== b.length) return 255;
    let largest = 0;
    for (let index = 0; index < a.length; index++) largest = Math.max(largest, Math.abs(a[index]! - b[index]!));
    return largest;
  }, [first.toString('base64'), second.toString('base64')]);
}
