// A section's outcome shows below its buttons, out of sight in a short window: a new one scrolls
// the screen up just enough to bring the section's last message into sight. The screen alone
// scrolls, never what holds the plugin's window.
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * Runs when `outcome` or `otherOutcome` changes (pass what changes once per outcome, not a countdown's text),
 * and when `pending` starts: then the section's busy button comes into sight, so that a request
 * started with Enter in a field shows it is under way.
 */
export function useNoticeInSight(section: RefObject<HTMLElement>, outcome: unknown, otherOutcome: unknown, pending = false): void {
  useLayoutEffect(() => {
    // .notice-more: a line that goes with the notice above it (its countdown).
    const shown = [...(section.current?.querySelectorAll(pending ? '.notice,.notice-more,[aria-busy="true"]' : '.notice,.notice-more') ?? [])].filter((element) => element.textContent !== '');
    // A notice in a row of buttons comes with them: the button that helps may wrap under it.
    const notice = shown[shown.length - 1]?.closest('.button-row') ?? shown[shown.length - 1];
    const screen = notice?.closest('main');
    if (!notice || !screen) return;
    const view = screen.getBoundingClientRect();
    const box = notice.getBoundingClientRect();
    // The focus in the section, below the notice (Try again under a failure), comes too, as far as the notice's top stays in sight.
    const focused = document.activeElement;
    const focusBottom = focused && section.current?.contains(focused) ? focused.getBoundingClientRect().bottom : 0;
    const below = Math.min(Math.max(box.bottom, focusBottom), box.top + view.height) - view.bottom;
    if (below > 0) screen.scrollTop += below;
    // Its top above the screen's (what stood above it shrank: a longer failure gave way to a shorter answer): back up to it.
    else if (box.top < view.top) screen.scrollTop -= view.top - box.top;
  }, [section, outcome, otherOutcome, pending]);
}
