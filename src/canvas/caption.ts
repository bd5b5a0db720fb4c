// The words a reference carries: its layer name and the caption under it (brand, subject, the
// date it was captured, the service it was found through, linked to the email's public page,
// else to the service's site). Pure.
import type { ReferenceSource } from '../shared/bridge/messages';
import { truncateText } from '../shared/api/http/utf8';
import { parseHttpUrl } from '../shared/validation/http-url';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Layer names longer than this are cut with an ellipsis (the layers panel shows less anyway). */
const MAX_NAME_LENGTH = 120;

/** "Acme — Spring sale": the reference frame's name. */
export function referenceName(source: Pick<ReferenceSource, 'brandName' | 'subject'>): string {
  const name = `${source.brandName.trim() || 'Unknown brand'} — ${source.subject.trim() || 'No subject'}`;
  return name.length > MAX_NAME_LENGTH ? `${truncateText(name, MAX_NAME_LENGTH - 1)}…` : name;
}

/** "3 Nov 2026" from an ISO date or date-time; anything else is kept as it came. */
export function captionDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : value;
}

export interface Caption {
  text: string;
  /** The characters linked: [start, end); no URL when neither address is http(s). */
  link: { start: number; end: number; url: string | null };
}

/** The address itself when it is a web address: not `javascript:` or `data:`. */
function webAddress(value: string): string | null {
  return parseHttpUrl(value) !== null ? value : null;
}

/**
 * Two lines: "Acme — Spring sale" and "Captured 3 Nov 2026 · View on MailVault", the last part
 * linked to the email's page. With no page to link, it says only whom it came through ("Via
 * MailVault": "View on" would point at nothing; "From" would name the service as the sender, as
 * Browse's email detail says), the service's name linked to its site.
 */
export function referenceCaption(source: ReferenceSource): Caption {
  const first = referenceName(source);
  // The addresses come from the library's answer and stay in the file for everyone: only a web
  // address becomes a link.
  const url = webAddress(source.url);
  const service = source.service.trim() || 'the library';
  const linkText = `${url === null ? 'Via' : 'View on'} ${service}`;
  const text = `${first}\nCaptured ${captionDate(source.capturedDate)} · ${linkText}`;
  if (url !== null) return { text, link: { start: text.length - linkText.length, end: text.length, url } };
  return { text, link: { start: text.length - service.length, end: text.length, url: webAddress(source.serviceUrl) } };
}
