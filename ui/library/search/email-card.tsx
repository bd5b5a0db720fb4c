import { useFailedUntilOnline } from '../use-failed-until-online';
import type { SearchedEmail } from '../../../src/shared/api/library/schemas';
import type { CanvasInsert } from '../../canvas/canvas-insert';
import { insertItemOf } from '../../canvas/reference-inserter';
import { shortDate } from './search-query';
import { subjectOf } from '../email-subject';

export interface EmailCardProps {
  email: SearchedEmail;
  position: number;
  total: number;
  focusable: boolean;
  /** Only cards in view load their thumbnail; the others keep the placeholder. */
  showImage: boolean;
  /** In view and the grid shown (not behind an email's detail): a thumbnail lost with the connection is asked for again only then. */
  onScreen: boolean;
  height: number;
  /**
   * The thumbnail's height (email-grid.tsx counts a row's from it), and whether that is less than its
   * 3 : 4 at the card's width: the picture then shows whole in the middle of its box.
   */
  thumb: { height: number; letterboxed: boolean };
  onOpen: () => void;
  onFocus: () => void;
  /** Selected for "Insert N" (its checkbox, or Shift/⌘-click on the card). */
  selected: boolean;
  onToggle: () => void;
  canvas: CanvasInsert | null;
}

export function EmailCard({ email, position, total, focusable, showImage, onScreen, height, thumb, onOpen, onFocus, selected, onToggle, canvas }: EmailCardProps) {
  const subject = subjectOf(email);
  const [broken, setBroken] = useFailedUntilOnline(email.thumbnail_url, onScreen);
  return (
    <li class={selected ? 'email-card email-card-selected' : 'email-card'} style={{ height: `${height}px` }} aria-posinset={position} aria-setsize={total}>
      <button
        type="button"
        class="email-card-button"
        tabIndex={focusable ? 0 : -1}
        data-index={position - 1}
        data-result-id={email.id}
        onClick={(event) => (event.shiftKey || event.metaKey || event.ctrlKey ? onToggle() : onOpen())}
        onFocus={onFocus}
        {...canvas?.dragProps(insertItemOf(email))}
      >
        <span class={thumb.letterboxed ? 'email-thumb email-thumb-letterboxed' : 'email-thumb'} style={{ height: `${thumb.height}px` }}>
          {/* A thumbnail that fails says so (a blank box read as still loading); the box keeps its size. */}
          {broken ? <span class="email-thumb-missing">Thumbnail did not load</span> : showImage ? <img src={email.thumbnail_url} alt="" decoding="async" draggable={false} onError={setBroken} /> : null}
        </span>
        <span class="email-card-brand">{email.brand}</span>
        <span class="email-card-subject">{subject}</span>
        {/* The date alone: "Captured 24 Nov 2026" was cut to "Captured 24 Nov 2…" in a card at the default window size. */}
        <span class="email-card-date">{shortDate(email.captured_date)}</span>
      </button>
      {canvas ? <input type="checkbox" class="email-card-check" tabIndex={focusable ? 0 : -1} checked={selected} onChange={onToggle} aria-label={`Select “${subject}”`} /> : null}
    </li>
  );
}
