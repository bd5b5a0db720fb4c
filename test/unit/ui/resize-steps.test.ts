// The resize grip's steps: arrows by 16 px, Shift by 64, within the window's limits, each from
// the size last asked for while the window has not answered yet.
import { describe, expect, it } from 'vitest';
import { createAskedSize, keyStepSize } from '../../../ui/shell/resize-steps';

describe('keyStepSize', () => {
  it('steps 16 px per arrow and 64 px with Shift, in the arrow’s direction', () => {
    const from = { width: 400, height: 600 };
    expect(keyStepSize(from, 'ArrowLeft', false)).toEqual({ width: 384, height: 600 });
    expect(keyStepSize(from, 'ArrowRight', true)).toEqual({ width: 464, height: 600 });
    expect(keyStepSize(from, 'ArrowUp', false)).toEqual({ width: 400, height: 584 });
    expect(keyStepSize(from, 'ArrowDown', true)).toEqual({ width: 400, height: 664 });
  });

  it('stops at the limits and ignores other keys', () => {
    expect(keyStepSize({ width: 330, height: 250 }, 'ArrowLeft', true)).toEqual({ width: 320, height: 250 });
    expect(keyStepSize({ width: 330, height: 250 }, 'ArrowUp', false)).toEqual({ width: 330, height: 240 });
    expect(keyStepSize({ width: 790, height: 990 }, 'ArrowDown', true)).toEqual({ width: 790, height: 1000 });
    expect(keyStepSize({ width: 400, height: 600 }, 'Enter', false)).toBeNull();
  });
});

describe('createAskedSize', () => {
  it('reads the window until something is asked, then keeps to the last ask while the window lags behind', () => {
    let shown = { width: 400, height: 600 };
    const asked = createAskedSize(() => shown);
    expect(asked.current()).toEqual({ width: 400, height: 600 });
    // Presses from 400 × 600 while the window still shows 600 (a busy sandbox): they add up.
    for (let press = 0; press < 24; press += 1) asked.ask(keyStepSize(asked.current(), 'ArrowUp', false)!);
    for (let press = 0; press < 6; press += 1) asked.ask(keyStepSize(asked.current(), 'ArrowLeft', false)!);
    expect(asked.current()).toEqual({ width: 320, height: 240 });
    shown = { width: 384, height: 584 };
    expect(asked.current()).toEqual({ width: 320, height: 240 });
  });
});
