// A plain list of emails (brand pages, likes, collections, follows): subject, brand, date; each
// can be put on the canvas (a button, or its row dragged out of the window).
import type { Ref } from 'preact';
import type { EmailSummary } from '../../src/shared/api/library/schemas';
import { useCanvasInsert } from '../canvas/canvas-insert';
import { insertItemOf } from '../canvas/reference-inserter';
import { shortDate } from './search/search-query';
import { subjectOf } from './email-subject';

export interface EmailRowsProps {
  emails: readonly EmailSummary[];
  label: string;
  onOpen: (index: number) => void;
  /** The brand, where the list's items do not name it (a brand page). */
  brandName?: string;
  listRef?: Ref<HTMLUListElement>;
  /** Brand names by slug, for lists whose items carry the slug alone (likes, collections). */
  brandNames?: ReadonlyMap<string, string>;
}

export function EmailRows({ emails, label, onOpen, brandName, listRef, brandNames }: EmailRowsProps) {
  const canvas = useCanvasInsert();
  // No list while there is nothing in it: a screen reader said "list, 0 items" before a failed load's notice.
  if (emails.length === 0) return null;
  return (
    <ul class="brand-emails" aria-label={label} ref={listRef}>
      {emails.map((email, index) => {
        const item = insertItemOf(email, brandName ?? brandNames?.get(email.brand_slug));
        const subject = subjectOf(email);
        return (
          <li key={email.id} class={canvas ? 'email-row' : undefined}>
            <button type="button" class="brand-email" data-email-id={email.id} onClick={() => onOpen(index)} {...canvas?.dragProps(item)}>
              <span class="brand-email-subject">{subject}</span>
              <span class="email-card-date">
                {item.brandName && !brandName ? `${item.brandName} · ` : ''}Captured {shortDate(email.captured_date)}
              </span>
            </button>
            {canvas ? (
              // aria-disabled, not disabled: the focus stays on it (Insert ignores clicks while busy or held).
              <button type="button" class="button button-secondary" aria-label={`Insert “${subject}” on canvas`} aria-disabled={canvas.busy || canvas.held || undefined} onClick={() => canvas.insert([item])}>
                Insert
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
