// An addition whose exact name the other side adds too (src/sync/namesakes.ts), in words: the
// row's short line, its detail and title in full, and the copied summary's. Pushing the file's
// adds a second component of that name to the design system (their keys differ): said before
// the push, so it is the designer's choice, not a surprise found later in the builder.
import type { SyncItem } from '../../src/shared/bridge/messages';
import { relativeTime } from '../messages/relative-time';

type Named = Pick<SyncItem, 'kind' | 'name' | 'sameName'>;

/** The row's quiet line, short enough to lead it at 320 px; null for other rows. */
export function sameNameRowText(item: Named): string | null {
  if (!item.sameName) return null;
  return item.kind === 'local-add' ? 'Name already in the design system' : 'Same name added here';
}

/** In full, for the detail and the row's title; null for other rows. */
export function sameNameText(item: Named, nowMs: number): string | null {
  const other = item.sameName;
  if (!other) return null;
  if (item.kind !== 'local-add') return `This file adds a “${item.name}” of its own, not synced yet: pushing it makes two components named “${item.name}” in the design system.`;
  const who = other.by ? ` by ${other.by}` : '';
  const when = other.at ? `, ${relativeTime(other.at, nowMs)}` : '';
  return `The design system already has a “${item.name}”, added there${who}${when}, not from this file. Pushing this one adds a second “${item.name}” beside it: rename it first, or untick it to leave it out of this sync.`;
}

/** For the copied summary's line; null for other rows. */
export function sameNameSummary(item: Named): string | null {
  if (!item.sameName) return null;
  return item.kind === 'local-add' ? 'the design system already has one of this name, not from this file: pushing adds a second' : 'this file adds one of this name';
}
