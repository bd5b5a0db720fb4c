// The Sync list's chips fold behind one button ("Show: All 41 ▾") in a short window (sync.css).
// A chip with the keyboard when the window is made short hid with them and the focus fell to the
// page (Tab started again from the top): it goes to the button that now stands for the chips.
// The other way, the button with the keyboard when the window is made tall hides as the chips show:
// the keyboard goes to the chip pressed, as when a chip goes (the first pressed: in "Show:").
import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef } from 'preact/hooks';
import { focusLost } from '../components/focus-keeper';

/** The chip pressed first in the chips: the kind shown ("Show:"), else the kind of change. */
export const pressedChip = (chips: HTMLElement) => chips.querySelector<HTMLElement>('[aria-pressed="true"]');

/** `panel`: the chips' element. Returns the ref callback for their button (rendered or not). */
export function useChipsFoldFocus(panel: RefObject<HTMLElement>): (button: HTMLButtonElement | null) => void {
  // Where the focus went last: in the chips, on their button, or elsewhere.
  const inside = useRef<'chips' | 'button' | null>(null);
  const fold = useRef<HTMLButtonElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  // A hidden control's focus goes to the body with no focusin: it is still "in the chips" (or on the button) then.
  useLayoutEffect(() => {
    const follow = ({ target }: FocusEvent) => {
      const to = target instanceof Node ? target : null;
      inside.current = to === null ? null : to === fold.current ? 'button' : panel.current?.contains(to) ? 'chips' : null;
    };
    document.addEventListener('focusin', follow);
    return () => {
      document.removeEventListener('focusin', follow);
      observer.current?.disconnect();
    };
  }, [panel]);
  // The button takes a box as the window gets short, and loses it as the window gets tall (after layout, before paint).
  return useCallback(
    (button: HTMLButtonElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      fold.current = button;
      if (!button) return;
      observer.current = new ResizeObserver(() => {
        if (!document.hasFocus() || !focusLost()) return;
        const shown = button.getClientRects().length > 0;
        if (inside.current === 'chips' && shown) button.focus();
        else if (inside.current === 'button' && !shown && panel.current) pressedChip(panel.current)?.focus();
      });
      observer.current.observe(button);
    },
    [panel],
  );
}
