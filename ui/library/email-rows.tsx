// A plain list of emails (brand pages, likes, collections, follows): subject, brand, date.
import type { EmailSummary } from '../../src/shared/api/library/schemas';
import { shortDate } from './search/search-query';

export function EmailRows({ emails, label, onOpen }: { emails: readonly EmailSummary[]; label: string; onOpen: (index: number) => void }) {
  return (
    <ul class="brand-emails" aria-label={label}>
      {emails.map((email, index) => (
        <li key={email.id}>
          <button type="button" class="brand-email" onClick={() => onOpen(index)}>
            <span class="brand-email-subject">{email.subject_line ?? email.title}</span>
            <span class="email-card-date">
              {email.brand ? `${email.brand} · ` : ''}Captured {shortDate(email.captured_date)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
