// The resize grip sits in the window's bottom-right corner: its keyboard ring, drawn outside it, lost
// its right and bottom sides to the window's edge (only the left and top showed), and so did the
// outline forced colours paint instead. The ring is now drawn inside the grip: reached with Tab, it
// shows whole, in light, dark and forced colours, and the grip keeps its size and place to grab.
import type { Frame, Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { focusRingSidesAsync, type Side } from './support/focus-ring';
import { useHarness } from './support/playground-harness';

const h = useHarness();

afterEach(async () => {
  await h.page.emulateMedia({ forcedColors: 'none' });
});

async function openGripAsync(theme: 'light' | 'dark'): Promise<{ ui: Frame; grip: Locator }> {
  await h.openFreshAsync(`?theme=${theme}`);
  const ui = await h.uiFrameAsync();
  const grip = ui.getByRole('slider', { name: 'Resize the window: drag, or use the arrow keys' });
  await expect.poll(() => grip.count(), { timeout: 10_000 }).toBe(1);
  return { ui, grip };
}

/** Brings the keyboard to the grip with Tab (from the control before it), as a person does. */
async function tabToGripAsync(grip: Locator): Promise<void> {
  await grip.focus();
  await h.page.keyboard.press('Shift+Tab');
  await h.page.keyboard.press('Tab');
  expect(await grip.evaluate((element) => element === document.activeElement && element.matches(':focus-visible'))).toBe(true);
}

/**
 * Forced colours drop shadows: the sides of the focused grip's outline the window draws, read from
 * its pixels half-way along each side, half-way across the outline. A side whose middle falls
 * outside the window is not drawn.
 */
async function outlineSidesAsync(ui: Frame, grip: Locator): Promise<Side[]> {
  const frame = (await (await ui.frameElement()).boundingBox())!;
  const at = await grip.evaluate((element) => {
    const style = getComputedStyle(element);
    const { left, top, right, bottom } = element.getBoundingClientRect();
    // From the box's edge outwards to the outline's middle (negative: inside the box).
    const out = style.outlineStyle === 'none' ? Number.NaN : parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) / 2;
    return { left, top, right, bottom, out, colour: style.outlineColor, width: innerWidth, height: innerHeight };
  });
  expect(at.out, 'the grip has an outline in forced colours').not.toBeNaN();
  const middleX = (at.left + at.right) / 2;
  const middleY = (at.top + at.bottom) / 2;
  const points: Array<[Side, number, number]> = [
    ['left', at.left - at.out, middleY],
    ['top', middleX, at.top - at.out],
    ['right', at.right + at.out, middleY],
    ['bottom', middleX, at.bottom + at.out],
  ];
  const inside = points.filter(([, x, y]) => x >= 0 && x < at.width && y >= 0 && y < at.height);
  const clip = { x: frame.x + at.left - 4, y: frame.y + at.top - 4, width: at.right - at.left + 8, height: at.bottom - at.top + 8 };
  const png = (await h.page.screenshot({ clip, animations: 'disabled' })).toString('base64');
  const drawn = await ui.evaluate(
    async ({ base64, colour, points, origin, width }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true })!;
      context.drawImage(bitmap, 0, 0);
      // The outline's colour may be see-through (forced colours keep the alpha): as drawn over the
      // window's ground, read at the picture's corner, outside the grip.
      const ground = context.getImageData(0, 0, 1, 1).data;
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const wanted = [...context.getImageData(0, 0, 1, 1).data];
      context.putImageData(new ImageData(ground, 1, 1), 0, 0);
      const scale = bitmap.width / width;
      return points
        .filter(([, x, y]) => {
          const pixel = context.getImageData(Math.floor((x - origin.x) * scale), Math.floor((y - origin.y) * scale), 1, 1).data;
          return [0, 1, 2].every((channel) => Math.abs(pixel[channel]! - wanted[channel]!) <= 24);
        })
        .map(([side]) => side);
    },
    { base64: png, colour: at.colour, points: inside, origin: { x: at.left - 4, y: at.top - 4 }, width: clip.width },
  );
  return drawn as Side[];
}

describe('the resize grip reached with the keyboard', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows its whole ring inside the window (${theme}; its right and bottom sides were outside)`, async () => {
      const { ui, grip } = await openGripAsync(theme);
      // Still the same grip to grab: 16 px square, in the window's corner.
      expect(await grip.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [box.width, box.height, innerWidth - box.right, innerHeight - box.bottom];
      })).toEqual([16, 16, 0, 0]);
      await tabToGripAsync(grip);
      expect((await focusRingSidesAsync(ui)).join(' ')).toBe('left top right bottom');
      await checkAxeAsync(ui, `the resize grip with the keyboard, ${theme}`);
    }, 60_000);

    it(`shows its whole outline inside the window in forced colours (${theme}; its right and bottom sides were outside)`, async () => {
      const { ui, grip } = await openGripAsync(theme);
      await h.page.emulateMedia({ forcedColors: 'active', colorScheme: theme });
      await tabToGripAsync(grip);
      expect((await outlineSidesAsync(ui, grip)).join(' ')).toBe('left top right bottom');
    }, 60_000);
  }
});
