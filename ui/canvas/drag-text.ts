// The text a card dragged out of the window carries, for a drop anywhere but the canvas (a chat, a
// document): library content shown outside the plugin says where it came from, as the library's
// terms ask: the name Insert gives it, its public page, and the service with its site, credited
// "Via" as Browse credits it ("From" would name the service as the email's sender). Pure.
import { parseHttpUrl } from '../../src/shared/validation/http-url';
import { nameOf, type Attribution, type InsertItem } from './reference-inserter';

/** `attribution`: the service, once the library has named it (null before: the record's page alone). */
export function dragText(item: InsertItem, attribution: Attribution | null = null): string {
  // Only web addresses: the library's answer could hold `javascript:`.
  const site = attribution === null ? null : parseHttpUrl(attribution.url) === null ? attribution.source : `${attribution.source} (${attribution.url})`;
  return [nameOf(item), parseHttpUrl(item.url) === null ? null : item.url, site === null ? null : `Via ${site}`].filter((line) => line !== null).join('\n');
}
