import type { SearchedEmail } from '../../../src/shared/api/library/schemas';
import { shortDate } from './search-query';

export interface EmailCardProps {
  email: SearchedEmail;
  position: number;
  total: number;
  focusable: boolean;
  /** Only cards in view load their thumbnail; the others keep the placeholder. */
  showImage: boolean;
  height: number;
  onOpen: () => void;
  onFocus: () => void;
}

export function EmailCard({ email, position, total, focusable, showImage, height, onOpen, onFocus }: EmailCardProps) {
  return (
    <li class="email-card" style={{ height: `${height}px` }} aria-posinset={position} aria-setsize={total}>
      <button type="button" class="email-card-button" tabIndex={focusable ? 0 : -1} data-index={position - 1} onClick={onOpen} onFocus={onFocus}>
        <span class="email-thumb">{showImage ? <img src={email.thumbnail_url} alt="" decoding="async" /> : null}</span>
        <span class="email-card-brand">{email.brand}</span>
        <span class="email-card-subject">{email.subject_line || email.title}</span>
        <span class="email-card-date">Captured {shortDate(email.captured_date)}</span>
      </button>
    </li>
  );
}
