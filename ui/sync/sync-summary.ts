// The plain-text summary the Sync screen copies for a team channel or a changelog: what this
// sync will push and what came in, as counts, then one line per row with its chips.
import type { SyncItem } from '../../src/shared/bridge/messages';
import { sameNameSummary } from './same-name';
import { chipsText, choiceText, KIND_LABEL, KIND_ORDER, NOT_TAKEN_AGAIN, otherNameText, REPLACED_LABEL, replacementSummary, takenInPartText } from './sync-kinds';
import { formatCount, kindCounts, plural, runSummary } from './sync-rows';
import { listedRowCount } from '../../src/shared/sync/listed-rows';

/**
 * What the summary covers, in the words its first line and the "copied" message use: the rows
 * "All" counts, then the format updates (sent again once, not listed), as the screen shows them.
 */
export function summaryHeadline(items: readonly SyncItem[], pairs: ReadonlyMap<string, SyncItem> = new Map()): string {
  const counts = kindCounts({ items, counts: {} });
  const listed = listedRowCount(Object.fromEntries(counts), pairs.size);
  const formatUpdates = counts.get('format-update') ?? 0;
  if (listed === 0 && formatUpdates > 0) return `${plural(formatUpdates, 'format update')} to send`;
  // Not all of them sync (skipped, a conflict not decided, only in the design system): "42 to sync" beside "Sync 25 changes" said otherwise.
  const changes = runSummary(items, pairs).changes;
  const rows = changes === listed ? `${plural(listed, 'component')} to sync` : `${plural(listed, 'component')} changed, ${changes === 0 ? 'none' : `${formatCount(changes)} of them`} to sync`;
  return `${rows}${formatUpdates > 0 ? `, plus ${plural(formatUpdates, 'format update')}` : ''}`;
}

/** A row's choice as the team reads it: a conflict's "keep mine" or "take theirs" was of whoever copied it. */
function teamChoiceText(item: SyncItem): string {
  // As its row says it: "skipped for now" read as contradicting "taken in part".
  if (item.takenInPart && item.choice === 'skip') return NOT_TAKEN_AGAIN.toLowerCase();
  if (item.kind === 'conflict' && item.choice !== 'skip') return item.choice === 'push' ? 'keep this file’s version' : 'take the design system’s version';
  return choiceText(item).toLowerCase();
}

/** `pairs`: replaced rows (new key → the deleted item), each summarized as one line. */
export function summaryText(items: readonly SyncItem[], fileName: string | null, pairs: ReadonlyMap<string, SyncItem> = new Map()): string {
  const lines: string[] = [`Design-system sync${fileName ? ` of ${fileName}` : ''}: ${summaryHeadline(items, pairs)}`];
  const byKind = new Map<string, SyncItem[]>();
  const pairedOld = new Set([...pairs.values()].map((item) => item.key));
  const replaced: SyncItem[] = [];
  for (const item of items) {
    if (pairedOld.has(item.key)) continue;
    if (pairs.has(item.key)) {
      replaced.push(item);
      continue;
    }
    const group = byKind.get(item.kind);
    if (group) group.push(item);
    else byKind.set(item.kind, [item]);
  }
  // Each group's count, then its lines, in the list's order (replaced rows after those deleted here), each heading as the list's.
  const groups: Array<[string, string[]]> = [];
  for (const kind of KIND_ORDER) {
    const group = byKind.get(kind);
    if (group) {
      groups.push([
        KIND_LABEL[kind],
        group.map((item) => {
          const chips = item.chips && item.chips.length > 0 ? ` [${chipsText(item.chips, item.otherProperties)}]` : '';
          const partly = takenInPartText(item);
          const other = otherNameText(item);
          const sameName = sameNameSummary(item);
          return `- ${item.name}${other === null ? '' : `, ${other}`}${chips} (${partly === null ? '' : `${partly.toLowerCase()}; `}${teamChoiceText(item)}${sameName === null ? '' : `; ${sameName}`})`;
        }),
      ]);
    }
    if (kind === 'local-delete' && replaced.length > 0) groups.push([REPLACED_LABEL, replaced.map((item) => `- ${replacementSummary(pairs.get(item.key)!, item)}`)]);
  }
  for (const [label, entries] of groups) lines.push(`${label}: ${formatCount(entries.length)}`);
  for (const [label, entries] of groups) lines.push('', `${label}:`, ...entries);
  return `${lines.join('\n')}\n`;
}
