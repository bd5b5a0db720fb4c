// The search form's values and the library query they make; dates shown as a designer reads them.
import { categorySlug, type SearchEmailsQuery } from '../../../src/shared/api/library/requests';

export interface SearchForm {
  text: string;
  /** A category name from the documented list, or '' for all. */
  category: string;
  /** A brand slug, or '' for all. */
  brand: string;
  /** The brand field's text: a brand's name (then `brand` is its slug), part of one, or ''. */
  brandName: string;
  /** `YYYY-MM-DD`, or '' for any time. */
  since: string;
}

export const EMPTY_SEARCH: SearchForm = { text: '', category: '', brand: '', brandName: '', since: '' };

/** An email's category chip: that category alone, every other field cleared, so the fields show what the results are for. */
export const categorySearch = (category: string): SearchForm => ({ ...EMPTY_SEARCH, category });

/** Whether two forms ask the library the same thing (spaces around the text do not count). */
export function sameSearch(a: SearchForm, b: SearchForm): boolean {
  return a.text.trim() === b.text.trim() && a.category === b.category && a.brand === b.brand && a.since === b.since;
}

/**
 * What to try when a search finds nothing, naming only what this search set: "another category or
 * brand" read as advice to pick one, to a designer who had picked none.
 */
export function noMatchHint(form: SearchForm): string {
  const tries = [
    ...(form.text.trim() ? ['other words'] : []),
    ...(form.category ? ['all categories'] : []),
    ...(form.brand ? ['all brands'] : []),
    ...(form.since ? ['an earlier “captured since” date'] : []),
  ];
  if (tries.length === 0) return 'Nothing is searched for or filtered: the library has no emails to show.';
  const last = tries.pop()!;
  return `Try ${tries.length > 0 ? `${tries.join(', ')} or ${last}` : last}.`;
}

/** Results per page: the most the API gives, so fewer requests fill the grid. */
export const SEARCH_PAGE_SIZE = 50;

export const SEARCH_DEBOUNCE_MS = 350;

export function searchQuery(form: SearchForm): Omit<SearchEmailsQuery, 'page'> {
  const query: Omit<SearchEmailsQuery, 'page'> = { perPage: SEARCH_PAGE_SIZE };
  if (form.text.trim()) query.q = form.text.trim();
  if (form.category) query.category = categorySlug(form.category);
  if (form.brand) query.brand = form.brand;
  if (form.since) query.since = form.since;
  return query;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "21 Nov 2026" from a date, an ISO date-time (UTC) or an email-style date (its own day); the text as it came otherwise. */
export function shortDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match) return MONTHS[Number(match[2]) - 1] ? `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}` : value;
  // `sent_date` is RFC 2822 in the sender's zone: the day it names is the day it was sent (UTC may already be the next).
  const email = /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\b/.exec(value.trim());
  const month = email ? MONTHS.findIndex((name) => name.toLowerCase() === email[2]!.toLowerCase()) : -1;
  if (email && month >= 0) return `${Number(email[1])} ${MONTHS[month]} ${email[3]}`;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  const date = new Date(ms);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
