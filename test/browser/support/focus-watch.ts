// Where the keyboard focus is each time the window's content changes: on a control, or on the
// page's body (a screen reader then says "document", and a key typed goes nowhere). A
// MutationObserver's callback runs once the change is made, before the window draws it.
import type { Frame } from 'playwright-core';

/** From now on, each change of the window's content notes whether the focus is on the body then. */
export function watchFocusAsync(ui: Frame): Promise<void> {
  return ui.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { focusSeen: string[] }).focusSeen = seen;
    new MutationObserver(() => {
      const active = document.activeElement;
      seen.push(active === null || active === document.body ? 'the page' : 'a control');
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** What the watch noted, one entry a change: 'the page' or 'a control'. */
export function focusSeenAsync(ui: Frame): Promise<string[]> {
  return ui.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen);
}
