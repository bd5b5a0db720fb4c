// The Sync list's chips fold behind one button ("Show: All 41 ▾") in a short window (sync.css).
// A chip with the keyboard when the window is made short hid with them and the focus fell to the
// page (Tab started again from the top): it goes to the button that now stands for the chips.
import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef } from 'preact/hooks';
import { focusLost } from '../components/focus-keeper';

/** `panel`: the chips' element. Returns the ref callback for their button (rendered or not). */
export function useChipsFoldFocus(panel: RefObject<HTMLElement>): (button: HTMLButtonElement | null) => void {
  const inside = useRef(false);
  const observer = useRef<ResizeObserver | null>(null);
  // A hidden control's focus goes to the body with no focusin: it is still "in the chips" then.
  useLayoutEffect(() => {
    const follow = ({ target }: FocusEvent) => {
      inside.current = target instanceof Node && (panel.current?.contains(target) ?? false);
    };
    document.addEventListener('focusin', follow);
    return () => {
      document.removeEventListener('focusin', follow);
      observer.current?.disconnect();
    };
  }, [panel]);
  // The button takes a box as the window gets short (after layout, before paint).
  return useCallback((button: HTMLButtonElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!button) return;
    observer.current = new ResizeObserver(() => {
      if (inside.current && document.hasFocus() && focusLost() && button.getClientRects().length > 0) button.focus();
    });
    observer.current.observe(button);
  }, []);
}
