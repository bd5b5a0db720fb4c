// In a small window the Sync screen scrolls, and its buttons and the list cannot all show at
// once: what the screen says beside the buttons is brought into sight, but never so far that the
// focused control (or the list's active row) leaves it, and the focus is never moved.

/** Scrolls the screen the nearest way to show `element`, as far as the focused control stays in sight. */
export function revealKeepingFocus(element: HTMLElement | null): void {
  const screen = element?.closest('main');
  if (!element || !screen) return;
  const view = screen.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const active = document.activeElement;
  const row = active?.getAttribute('aria-activedescendant');
  const focused = active && active !== document.body ? (row ? document.getElementById(row) : active)?.getBoundingClientRect() : undefined;
  let by = Math.max(0, box.bottom - view.bottom) || Math.min(0, box.top - view.top);
  if (focused) by = by > 0 ? Math.min(by, Math.max(0, focused.top - view.top)) : Math.max(by, Math.min(0, focused.bottom - view.bottom));
  screen.scrollTop += by;
}
