// What the resize grip asks for, apart from the DOM. The window answers a resize later (the
// sandbox may be busy), so the grip steps from the size it last asked for, never from the
// window's size while that is still on its way: a press or a drag then starts from where the
// earlier ones will land.
import { fitWindowSize, type WindowSize } from '../../src/shared/window/window-size-limits';

const KEY_STEP = 16;
const KEY_STEP_LARGE = 64;
const KEY_DIRECTIONS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The size an arrow key asks for from `from` (Shift: a larger step), within the limits; null for any other key. */
export function keyStepSize(from: WindowSize, key: string, large: boolean): WindowSize | null {
  const direction = KEY_DIRECTIONS[key];
  if (!direction) return null;
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  return fitWindowSize(from.width + direction[0] * step, from.height + direction[1] * step);
}

/**
 * The size the grip last asked for, or the window's own before it asked anything. The grip is
 * the only thing that resizes the window once it is open, and every ask is a whole size, so the
 * last ask is where the window ends up.
 */
export function createAskedSize(windowSize: () => WindowSize) {
  let asked: WindowSize | null = null;
  return {
    current: (): WindowSize => asked ?? windowSize(),
    ask: (size: WindowSize): WindowSize => (asked = size),
  };
}
