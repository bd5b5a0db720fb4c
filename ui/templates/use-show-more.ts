// The list's "Show more" (Try again in its place after a failed read): pressed from the keyboard,
// the focus goes to the first template the page added, as the button may go with the last page.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { TemplateRow } from '../../src/shared/bridge/messages';
import { useDrawnAfterPress } from '../hooks/use-drawn-after-press';
import { nextTemplatePage, showMoreReadsOn, topChangedSinceRead, type TemplateListState } from './template-list-state';
import { filterTemplates } from './template-words';

export interface ShowMoreOptions {
  list: TemplateListState;
  query: string;
  /** The screen is hidden, or a filter reads every page: a press that brought nothing reads on no further. */
  hidden: boolean;
  searching: boolean;
  /** The templates drawn, as filtered. */
  shown: readonly TemplateRow[];
  load: (page: number) => void;
  retryRead: () => void;
  setSaid: (said: string) => void;
  moreButton: RefObject<HTMLButtonElement>;
  listHeading: RefObject<HTMLHeadingElement>;
  listElement: RefObject<HTMLUListElement>;
}

/** What the button does when pressed. */
export function useShowMore({ list, query, hidden, searching, shown, load, retryRead, setSaid, moreButton, listHeading, listElement }: ShowMoreOptions): () => void {
  /** The templates shown before "Show more" was pressed from the keyboard (null: it was not). */
  const shownBeforeMore = useRef<Set<string> | null>(null);
  // Only a render drawn after the press knows the page was asked for: an earlier one's effect (not
  // loading) would take the press as answered, and the last page's templates go unfocused.
  const { press: pressMore, drawnAfterPress: drawnAfterMore } = useDrawnAfterPress();
  /** The press being answered: the rows held before it, and the pages read on since because it brought nothing (showMoreReadsOn). */
  const pressed = useRef<{ heldBefore: Set<string>; readsOn: number } | null>(null);
  const showMore = () => {
    setSaid('');
    shownBeforeMore.current = document.activeElement === moreButton.current ? new Set(shown.map((row) => row.id)) : null;
    // Try again after page 1 failed reads page 1 only: not a press for more.
    const pageOneAgain = list.problem !== null && list.readAgain === null && list.page === 1;
    pressed.current = pageOneAgain ? null : { heldBefore: new Set(list.rows.map((row) => row.id)), readsOn: 0 };
    pressMore();
    if (list.problem) retryRead();
    else load(nextTemplatePage(list));
  };
  // The button may go with the last page: the focus moves to the first template added (or stays on the button).
  useEffect(() => {
    const press = pressed.current;
    if (press !== null) {
      if (!drawnAfterMore() || list.loading) return;
      // A press that brought nothing (the page read was held already) reads the next page, a few at most.
      if (!hidden && !searching && showMoreReadsOn(list, press.heldBefore, press.readsOn)) {
        press.readsOn += 1;
        load(nextTemplatePage(list));
        return;
      }
      // Not answered while the list reads a page of its own first (one to read again, page 1): what it brings counts.
      const ownRead = list.problem === null && (list.readAgain !== null || topChangedSinceRead(list));
      if (ownRead && !hidden && !searching) return;
      pressed.current = null;
    }
    const before = shownBeforeMore.current;
    // Not before the page before is read again: the template Show more brought may come with it.
    if (before === null || list.loading || (list.readAgain !== null && list.problem === null) || !drawnAfterMore()) return;
    shownBeforeMore.current = null;
    // Not one page 1 read again brought above the rows shown (a teammate's new template): the first the press added below them.
    const rows = filterTemplates(list.rows, query);
    const firstShown = rows.findIndex((row) => before.has(row.id));
    const below = rows.findIndex((row, index) => index > firstShown && !before.has(row.id));
    const added = below >= 0 ? below : rows.findIndex((row) => !before.has(row.id));
    const target = added < 0 ? (moreButton.current ?? listHeading.current) : listElement.current?.children[added]?.querySelector('button');
    target?.focus();
    // Each new list is an answer to wait for, as drawn with the press.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, query]);
  return showMore;
}
