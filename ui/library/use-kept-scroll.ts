// Where a Browse section was scrolled to, kept for the session (as kept-state.ts keeps its
// choices): a section left is unmounted, or hidden under an email, and came back at the top.
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/** A scroll is at rest once it has not moved for this long (as the search grid's, email-grid.tsx). */
const REST_MS = 200;

const kept = new Map<string, { place: string; owner: object; top: number }>();

/** What scrolls `section`: itself, or, in a window too short (library.css, under 480 px), the screen around it. Null while it all fits. */
function scrollerOf(section: HTMLElement): HTMLElement | null {
  let at: HTMLElement | null = section;
  while (at && !(/auto|scroll/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight)) at = at.parentElement;
  return at;
}

/** How far `section`'s top is above the top of `scroller`. */
const topIn = (scroller: HTMLElement, section: HTMLElement) => (scroller === section ? section.scrollTop : scroller.getBoundingClientRect().top - section.getBoundingClientRect().top);

/**
 * Keeps `section`'s scroll under `key` for `place` (what it shows: a journey, the list) while
 * `active` (shown, its content drawn), and scrolls back to it when the same place is active again.
 * Another place forgets it: it starts where it starts. So does another connection (`owner`: a key
 * or address saved in Settings), whose lists start again. Above the section's top (the sections'
 * buttons, in a short window, reached on the way out) is not a place: the one before stays.
 */
export function useKeptScroll(key: string, place: string, owner: object, active: boolean, section: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const element = section.current;
    if (!active || !element) return undefined;
    const before = kept.get(key);
    const scroller = scrollerOf(element);
    if (before?.place !== place || before.owner !== owner) kept.delete(key);
    else if (scroller) scroller.scrollTop += before.top - topIn(scroller, element);
    // Scrolled back past the keyboard (the section's button, in a short window): the next Tab goes
    // on at the first row in view, as a screen reader's place would; it went to the top.
    const from = document.activeElement;
    const onward = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey || !from || document.activeElement !== from || element.contains(from) || !scroller) return;
      const { top, bottom } = from.getBoundingClientRect();
      if (bottom > 0 && top < innerHeight) return;
      // Wholly in view, in the window and in what scrolls: one cut at an edge would be scrolled to as it took the keyboard.
      const view = scroller.getBoundingClientRect();
      const high = Math.max(0, view.top);
      const low = Math.min(innerHeight, view.bottom);
      const seen = (at: Element) => {
        const box = at.getBoundingClientRect();
        return box.bottom > box.top && box.top >= high && box.bottom <= low;
      };
      const next = Array.from(element.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input, select, [tabindex="0"]')).find(seen);
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    document.addEventListener('keydown', onward, true);
    // Where the last scroll went, until it comes to rest (-1: nothing to keep).
    let top = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (top >= 0) kept.set(key, { place, owner, top });
      top = -1;
    };
    const scrolled = ({ target }: Event) => {
      if (!(target instanceof HTMLElement && target.contains(element))) return;
      clearTimeout(timer);
      top = topIn(target, element);
      timer = setTimeout(settle, REST_MS);
    };
    // Scrolls do not bubble: caught on their way down to whatever scrolls the section.
    document.addEventListener('scroll', scrolled, true);
    return () => {
      document.removeEventListener('scroll', scrolled, true);
      document.removeEventListener('keydown', onward, true);
      // Left before the scroll came to rest: where it was is kept.
      settle();
    };
  }, [key, place, owner, active, section]);
}
