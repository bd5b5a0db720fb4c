// A grip in the window's bottom-right corner, as in Figma's own panels: drag it, or focus it
// and use the arrow keys, to resize the plugin window. The sandbox keeps the size within its
// limits and, when a resize ends, saves it for the next launch.
import { useEffect, useRef, useState } from 'preact/hooks';
import { fitWindowSize, WINDOW_LIMITS } from '../../src/shared/window/window-size-limits';
import { createAskedSize, keyStepSize } from './resize-steps';

export interface ResizeHandleProps {
  /** `save` is true when the resize ends (pointer released, key pressed). */
  onResize: (width: number, height: number, save: boolean) => void;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  width: number;
  height: number;
  /** The latest size asked for, sent at most once per animation frame. */
  next: [number, number] | null;
  last: [number, number];
  frame: number;
}

export function ResizeHandle({ onResize }: ResizeHandleProps) {
  const drag = useRef<Drag | null>(null);
  // Presses and drags come faster than the window answers (a key held down, a busy sandbox):
  // each steps from the size last asked for, not from the window's size still on its way (a
  // focus that left and came back made presses step from it: some were lost).
  const asked = useRef(createAskedSize(() => ({ width: window.innerWidth, height: window.innerHeight }))).current;

  // The window's size as a screen reader says it, kept as the window answers each resize.
  const [size, setSize] = useState([innerWidth, innerHeight]);
  useEffect(() => {
    const measure = () => setSize([innerWidth, innerHeight]);
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, []);

  const sizeAt = (current: Drag, event: PointerEvent): [number, number] => [current.width + event.screenX - current.startX, current.height + event.screenY - current.startY];

  const resize = ([width, height]: [number, number], save: boolean): void => {
    const fitted = fitWindowSize(width, height);
    if (fitted) asked.ask(fitted);
    onResize(width, height, save);
  };

  const finish = (event: PointerEvent, cancelled: boolean): void => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    cancelAnimationFrame(current.frame);
    drag.current = null;
    resize(cancelled ? current.last : sizeAt(current, event), true);
  };

  return (
    // A slider, as a button has no value to say: its value is the width, said with the height.
    <div
      role="slider"
      tabIndex={0}
      class="resize-handle"
      aria-label="Resize the window: drag, or use the arrow keys"
      aria-valuenow={size[0]}
      aria-valuemin={WINDOW_LIMITS.minWidth}
      aria-valuemax={WINDOW_LIMITS.maxWidth}
      aria-valuetext={`${size[0]} by ${size[1]} pixels`}
      title="Drag to resize"
      data-testid="resize-handle"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        const from = asked.current();
        const size: [number, number] = [from.width, from.height];
        drag.current = { pointerId: event.pointerId, startX: event.screenX, startY: event.screenY, width: size[0], height: size[1], next: null, last: size, frame: 0 };
      }}
      onPointerMove={(event) => {
        const current = drag.current;
        if (!current || current.pointerId !== event.pointerId) return;
        current.next = sizeAt(current, event);
        if (current.frame !== 0) return;
        current.frame = requestAnimationFrame(() => {
          current.frame = 0;
          if (!current.next) return;
          current.last = current.next;
          current.next = null;
          resize(current.last, false);
        });
      }}
      onPointerUp={(event) => finish(event, false)}
      onPointerCancel={(event) => finish(event, true)}
      onKeyDown={(event) => {
        const next = keyStepSize(asked.current(), event.key, event.shiftKey);
        if (!next) return;
        event.preventDefault();
        resize([next.width, next.height], true);
      }}
    >
      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
        <path d="M9 1 1 9M9 5 5 9" stroke="currentColor" stroke-width="1.2" stroke-linecap="round" />
      </svg>
    </div>
  );
}
