// A control that had the keyboard can go with the state it belonged to (Sync's button replaced
// by Cancel, an error's Try again by the screen it brings back): the focus then falls to the
// page body and a keyboard user starts again from the top. These hand it to what took its place,
// and only then: the plugin window must not take the focus from Figma's canvas by itself.
import { useLayoutEffect, useRef } from 'preact/hooks';

/** True when no control in the window has the focus (it fell to the body, or stays on something hidden). */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.getClientRects().length === 0;
}

const firstEnabledButton = (group: HTMLElement) => group.querySelector<HTMLElement>('button:not(:disabled)');

/**
 * For a group of controls that come and go (or are held) with `state`: when the focus was in the
 * group and got lost as `state` changed, `pick`'s control takes it (by default the group's first
 * enabled button). Spread the returned props on the group's element.
 */
export function useFocusKeeper<Group extends HTMLElement>(state: unknown, pick: (group: Group) => HTMLElement | null = firstEnabledButton) {
  const ref = useRef<Group>(null);
  const inside = useRef(false);
  // Where the focus went last, wherever it went (moved by code too). A removed control's focus
  // goes to the body with no focusin: it is still "in the group" then.
  useLayoutEffect(() => {
    const follow = ({ target }: FocusEvent) => {
      inside.current = target instanceof Node && (ref.current?.contains(target) ?? false);
    };
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, []);
  // Before paint: no frame shows the focus on the body, and a key pressed meanwhile is not lost.
  // Not while the window is without the focus (the designer is on the canvas).
  useLayoutEffect(() => {
    if (inside.current && document.hasFocus() && focusLost() && ref.current) pick(ref.current)?.focus();
  }, [state, pick]);
  return { ref };
}
