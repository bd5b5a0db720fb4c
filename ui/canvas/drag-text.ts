// The text a card dragged out of the window carries, for a drop anywhere but the canvas (a chat, a
// document): library content shown outside the plugin says where it came from, so the name Insert
// gives it and its public page, never the subject alone. Pure.
import { parseHttpUrl } from '../../src/shared/validation/http-url';
import { nameOf, type InsertItem } from './reference-inserter';

export function dragText(item: InsertItem): string {
  // Only a web address: the library's answer could hold `javascript:`.
  return parseHttpUrl(item.url) === null ? nameOf(item) : `${nameOf(item)}\n${item.url}`;
}
