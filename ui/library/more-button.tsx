// "More" under a paged list. It stays, busy, while the next page loads, so the focus stays on it,
// kept in view below the rows it added (they pushed it out of the window: the focus was unseen);
// when the last page has come and it goes, the focus moves on to the first row that page added
// (else it would fall to the page, and a keyboard user would start again from the top).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Button } from '../components/button';
import { useDrawnAfterPress } from '../hooks/use-drawn-after-press';
import type { PagedList } from './use-paged-list';

/** The list of rows the button follows: its nearest earlier sibling that is a list. */
function rowsBefore(button: HTMLElement | null): Element | null {
  for (let element = button?.previousElementSibling ?? null; element !== null; element = element.previousElementSibling) {
    if (element.tagName === 'UL' || element.tagName === 'OL') return element;
  }
  return null;
}

/** Focuses the row at `from` (else the last) of a list, by its button or link: where a page's rows start. False when there is none. */
export function focusRowFrom(rows: Element | null | undefined, from: number): boolean {
  const row = rows?.children[Math.min(from, rows.children.length - 1)];
  const target = row?.querySelector<HTMLElement>('button, a[href]');
  target?.focus();
  return Boolean(target);
}

export function MoreButton<T>({ list, children }: { list: PagedList<T>; children: ComponentChildren }) {
  const button = useRef<HTMLButtonElement>(null);
  /** Set when the button had the focus as it asked for a page: where that page's rows start. */
  const asked = useRef<{ rows: Element | null; from: number } | null>(null);
  const gone = list.done || list.problem !== null || list.items.length === 0;
  // Only a render drawn after the press knows the page was asked for: an earlier one's effect
  // (not loading, not done) would take the press as answered, and the last page's rows go unfocused.
  const { press, drawnAfterPress } = useDrawnAfterPress();

  useEffect(() => {
    if (!list.done || asked.current === null || !drawnAfterPress()) return;
    const { rows, from } = asked.current;
    asked.current = null;
    focusRowFrom(rows, from);
    // Only what the page asked for brings (loading, done) is waited for, as drawn with the press.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.done]);

  useEffect(() => {
    if (list.loading || list.done || asked.current === null || !drawnAfterPress()) return;
    asked.current = null;
    if (document.activeElement === button.current) button.current?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.loading, list.done]);

  if (gone) return null;
  return (
    <Button
      buttonRef={button}
      busy={list.loading}
      onClick={() => {
        asked.current = document.activeElement === button.current ? { rows: rowsBefore(button.current), from: list.items.length } : null;
        press();
        list.more();
      }}
    >
      {children}
    </Button>
  );
}
