// The results grid: only the rows in view are in the page (a thousand results stay smooth), the
// thumbnails of the rows on screen load, arrows move between cards, Enter opens one, and
// reaching the last rows asks for the next page.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { SearchedEmail } from '../../../src/shared/api/library/schemas';
import { useCanvasInsert } from '../../canvas/canvas-insert';
import { useLatest } from '../../hooks/use-latest';
import { useWhenDrawn } from '../../hooks/use-when-drawn';
import { insertItemOf } from '../../canvas/reference-inserter';
import { Button } from '../../components/button';
import { gridColumns, gridWindow, movedIndex, scrollToRow, thumbnailRows } from '../grid-window';
import { EmailCard } from './email-card';
import { gridScrollBox, type GridScrollBox } from './grid-scroll-box';

const MIN_CARD_WIDTH = 104;
const GAP = 12;
/** Brand, subject (two lines) and date under the thumbnail; the date's line as tall as the checkbox beside it (library.css). */
const CARD_TEXT_HEIGHT = 84;
/** Ask for more when the last visible row is this close to the end. */
const LOAD_AHEAD_ROWS = 2;
/** A scroll is at rest once it has not moved for this long. */
const PLACE_REST_MS = 200;

export interface GridPlace {
  scrollTop: number;
  focused: number;
}

export interface EmailGridProps {
  emails: readonly SearchedEmail[];
  place: GridPlace;
  onPlace: (place: GridPlace) => void;
  onOpen: (index: number) => void;
  /** Called when the view nears the end of what is loaded. */
  onNearEnd: () => void;
  /** Whether the grid is on screen (a detail view may cover it). */
  visible: boolean;
  /** Moves the keyboard focus to the focused card when this number changes. */
  focusRequest: number;
  /** The emails ticked for the canvas, by id: kept by the search screen, so the same search read again (another connection) keeps them. */
  selected: ReadonlySet<number>;
  onSelected: (change: (current: ReadonlySet<number>) => ReadonlySet<number>) => void;
}

export function EmailGrid({ emails, place, onPlace, onOpen, onNearEnd, visible, focusRequest, selected, onSelected: setSelected }: EmailGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // `rowsTop`: how far down the box the first row starts (library.css: room for its focus ring).
  const [size, setSize] = useState({ width: 0, height: 0, rowsTop: 0 });
  const [scrollTop, setScrollTop] = useState(place.scrollTop);
  const canvas = useCanvasInsert();
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const [box, setBox] = useState<GridScrollBox | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    // Hidden (an email is open), it measures 0: the last real size is kept for the return.
    const measure = () => {
      if (element.clientWidth === 0) return;
      const next = gridScrollBox(element);
      setBox((current) => (current?.element === next.element ? current : next));
      // The cards' width: inside the room the box keeps at its sides for a focus ring (library.css).
      const style = getComputedStyle(element);
      const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setSize({ width, height: next.height(), rowsTop: parseFloat(style.paddingTop) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The window crossing 480 px of height changes what scrolls.
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // Coming back from a detail view: the same scroll position as before.
  useLayoutEffect(() => {
    if (visible && box && place.scrollTop !== Math.max(0, box.top())) box.setTop(place.scrollTop);
    // Only when the grid shows again; the place changes with every scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, box]);

  const columns = gridColumns(size.width, MIN_CARD_WIDTH, GAP);
  const cardWidth = (size.width - GAP * (columns - 1)) / columns;
  // The thumbnail is the card's width and 3 : 4, as the library's pictures are, unless a row (the card
  // and the gap under it) would then be taller than the view: in a short window (320 × 240: a 267 px
  // card in a 163 px view) no card showed whole, nor its focus ring, and the arrows scrolled a row's
  // top out of sight to bring its bottom in. There its box is as tall as a row can give it and the
  // whole picture shows in it, letterboxed (email-card.tsx), not cut.
  const fullThumbHeight = (cardWidth * 4) / 3;
  const roomForThumb = Math.max(0, Math.floor(size.height - GAP - CARD_TEXT_HEIGHT));
  const letterboxed = size.height > 0 && fullThumbHeight > roomForThumb;
  const thumbHeight = letterboxed ? roomForThumb : fullThumbHeight;
  const cardHeight = Math.round(thumbHeight + CARD_TEXT_HEIGHT);
  const rowHeight = cardHeight + GAP;
  // The box scrolls by its own top; which rows show is counted from the first row's (the room above
  // it is not a row). scrollToRow is given the box's own: a row it brings into view keeps that room
  // above it for its ring, and as much less of the gap under it.
  const rowsScrolled = scrollTop - size.rowsTop;
  const view = gridWindow({ itemCount: emails.length, columns, rowHeight, scrollTop: rowsScrolled, viewportHeight: size.height });
  const pictures = thumbnailRows(rowsScrolled, size.height, rowHeight, thumbHeight);

  useEffect(() => {
    if (visible && size.height > 0 && view.lastVisibleRow >= Math.ceil(emails.length / columns) - 1 - LOAD_AHEAD_ROWS) onNearEnd();
  }, [visible, size.height, view.lastVisibleRow, emails.length, columns, onNearEnd]);

  // The card a move asked the focus for. It may only be drawn by the render the move causes: it
  // takes the focus as that render lands, before the paint. Left to the next frame, a control that
  // went with the move (the selection's Insert) left the focus on the page meanwhile. Declared after
  // the scroll's layout effect above: the card is focused once the grid is back at its place.
  const whenDrawn = useWhenDrawn();
  const focusCard = (index: number, preventScroll: boolean) =>
    whenDrawn(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus({ preventScroll }));

  // The last request served (back from an email). One made before the grid was ever shown (an email
  // opened from the canvas, then Back) waits for its first measure: unmeasured, no card can be placed
  // in view. The card takes the focus as the grid shows, as a move's does: left to the next frame, the
  // focus sat on the page meanwhile (read out as the page by a screen reader), and a key pressed then was lost.
  const served = useRef(focusRequest);
  useLayoutEffect(() => {
    if (focusRequest === served.current || !scroller.current || !box) return;
    served.current = focusRequest;
    // A card still partly in view stays where it was (back from an email: the same place).
    const rowTop = size.rowsTop + Math.floor(place.focused / columns) * rowHeight;
    const boxTop = box.top();
    if (rowTop + cardHeight <= boxTop || rowTop >= boxTop + box.height()) {
      const top = scrollToRow(Math.floor(place.focused / columns), rowHeight, boxTop, box.height());
      box.setTop(top);
      setScrollTop(top);
    }
    // Given by useWhenDrawn above in the render this asks for (the card may not be drawn before it);
    // its effect has run already in this render: it comes first.
    focusCard(place.focused, true);
    // Runs when focus is asked for (or can first be given), not on every move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest, box]);

  function move(index: number) {
    if (!scroller.current || !box) return;
    const top = Math.max(0, scrollToRow(Math.floor(index / columns), rowHeight, box.top(), box.height()));
    box.setTop(top);
    setScrollTop(top);
    onPlace({ scrollTop: top, focused: index });
    focusCard(index, false);
  }

  const focused = Math.min(place.focused, Math.max(0, emails.length - 1));
  // The place is kept where a scroll comes to rest among the cards. In a short window the sections
  // and filters scroll with them (grid-scroll-box.ts): a scroll on up to reach them passes every
  // row, and leaves the place where it was (coming back to Emails showed the top of the results).
  const resting = useRef<{ top: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const keepPlace = useLatest(() => {
    if (resting.current === null) return;
    clearTimeout(resting.current.timer);
    onPlace({ scrollTop: resting.current.top, focused });
    resting.current = null;
  });
  // Hidden meanwhile (an email opened, another section), the place is still kept when the time comes.
  useEffect(() => () => clearTimeout(resting.current?.timer), []);
  // What a scroll of the box does, with the last drawn place and focus.
  const scrolled = useLatest(() => {
    if (!visible || !box) return;
    const top = box.top();
    // Above the grid (the filters, in a short window) draws it from its top.
    setScrollTop(Math.max(0, top));
    clearTimeout(resting.current?.timer);
    resting.current = top < 0 ? null : { top, timer: setTimeout(() => keepPlace.current(), PLACE_REST_MS) };
  });
  useEffect(() => {
    if (!box) return undefined;
    const listener = () => scrolled.current();
    box.element.addEventListener('scroll', listener, { passive: true });
    return () => box.element.removeEventListener('scroll', listener);
  }, [box, scrolled]);
  const cards = [];
  for (let index = view.start; index < view.end; index++) {
    const email = emails[index]!;
    const row = Math.floor(index / columns);
    cards.push(
      <EmailCard
        key={email.id}
        email={email}
        position={index + 1}
        total={emails.length}
        focusable={index === focused}
        showImage={row >= pictures.first && row <= pictures.last}
        onScreen={visible && row >= pictures.first && row <= pictures.last}
        height={cardHeight}
        thumb={{ height: thumbHeight, letterboxed }}
        onOpen={() => onOpen(index)}
        onFocus={() => focused !== index && onPlace({ scrollTop, focused: index })}
        selected={selected.has(email.id)}
        onToggle={() => {
          toggle(email.id);
          // The card whose box was ticked is the grid's place: Insert's end and Clear selection give the keyboard back there.
          if (focused !== index) onPlace({ scrollTop, focused: index });
        }}
        canvas={canvas}
      />,
    );
  }

  const chosen = selected.size > 0 ? emails.filter((email) => selected.has(email.id)) : [];
  // The selection's bar goes with its buttons: the focus goes back to the grid's card.
  const clearSelection = () => {
    setSelected(() => new Set());
    move(focused);
  };
  // Placed emails leave the selection; those that failed or were not tried stay chosen, to try
  // again. Read when the placing ends: the selection may have changed meanwhile.
  const selectedNow = useLatest(selected);
  // Hidden meanwhile (an email opened while placing), the grid measures 0: a move then would keep
  // a place it never had, and scroll what shows instead (a short window's whole screen).
  const visibleNow = useLatest(visible);
  const unselect = (placedIds: number[]) => {
    const rest = new Set([...selectedNow.current].filter((id) => !placedIds.includes(id)));
    setSelected(() => rest);
    if (rest.size === 0 && visibleNow.current) move(focused);
  };
  return (
    <>
    {canvas && chosen.length > 0 ? (
      <div class="grid-selection" role="group" aria-label="Selected emails">
        <span>{chosen.length} selected</span>
        <Button variant="primary" busy={canvas.busy} held={canvas.held} onClick={() => canvas.insert(chosen.map((email) => insertItemOf(email)), undefined, unselect)}>
          Insert {chosen.length}
        </Button>
        <Button variant="link" onClick={clearSelection}>
          Clear selection
        </Button>
      </div>
    ) : null}
    <div
      class="email-grid-scroller"
      ref={scroller}
      data-testid="email-grid"
      onKeyDown={(event) => {
        // Hidden under an email just opened, a card keeps the focus until the next frame: its keys are the email's.
        if (!visible) return;
        const index = Number((event.target as HTMLElement).dataset['index']);
        if (Number.isNaN(index)) return;
        const next = movedIndex(index, event.key, columns, emails.length);
        if (next === null) return;
        event.preventDefault();
        move(next);
      }}
    >
      <div style={{ height: `${view.totalHeight}px`, position: 'relative' }}>
        <ul
          class="email-grid"
          aria-label="Emails"
          style={{ transform: `translateY(${view.offsetTop}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: `${GAP}px` }}
        >
          {cards}
        </ul>
      </div>
    </div>
    </>
  );
}
