// A grip in the window's bottom-right corner, as in Figma's own panels: drag it, or focus it
// and use the arrow keys, to resize the plugin window. The sandbox keeps the size within its
// limits and, when a resize ends, saves it for the next launch.
import { useRef } from 'preact/hooks';
import { fitWindowSize, type WindowSize } from '../../src/shared/window/window-size-limits';

export interface ResizeHandleProps {
  /** `save` is true when the resize ends (pointer released, key pressed). */
  onResize: (width: number, height: number, save: boolean) => void;
}

const KEY_STEP = 16;
const KEY_STEP_LARGE = 64;

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
  // The size the arrow keys last asked for. Presses come faster than the window answers (a key
  // held down), so each steps from the last size asked, within the limits, not from the window's
  // size still on its way; it is forgotten when focus comes back or a drag starts.
  const keyTarget = useRef<WindowSize | null>(null);

  const sizeAt = (current: Drag, event: PointerEvent): [number, number] => [current.width + event.screenX - current.startX, current.height + event.screenY - current.startY];

  const finish = (event: PointerEvent, cancelled: boolean): void => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    cancelAnimationFrame(current.frame);
    drag.current = null;
    const [width, height] = cancelled ? current.last : sizeAt(current, event);
    onResize(width, height, true);
  };

  return (
    <button
      type="button"
      class="resize-handle"
      aria-label="Resize the window: drag, or use the arrow keys"
      title="Drag to resize"
      data-testid="resize-handle"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        keyTarget.current = null;
        event.currentTarget.setPointerCapture(event.pointerId);
        const size: [number, number] = [window.innerWidth, window.innerHeight];
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
          onResize(current.last[0], current.last[1], false);
        });
      }}
      onPointerUp={(event) => finish(event, false)}
      onPointerCancel={(event) => finish(event, true)}
      onKeyDown={(event) => {
        const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
        const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
        const change = delta[event.key];
        if (!change) return;
        event.preventDefault();
        const from = keyTarget.current ?? { width: window.innerWidth, height: window.innerHeight };
        const next = fitWindowSize(from.width + change[0], from.height + change[1]);
        if (!next) return;
        keyTarget.current = next;
        onResize(next.width, next.height, true);
      }}
      onFocus={() => (keyTarget.current = null)}
    >
      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
        <path d="M9 1 1 9M9 5 5 9" stroke="currentColor" stroke-width="1.2" stroke-linecap="round" />
      </svg>
    </button>
  );
}
