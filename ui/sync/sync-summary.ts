// The plain-text summary the Sync screen copies for a team channel or a changelog: what this
// sync will push and what came in, as counts, then one line per row with its chips.
import type { SyncItem } from '../../src/shared/bridge/messages';
import { choiceText, KIND_LABEL, KIND_ORDER } from './sync-kinds';
import { formatCount, plural } from './sync-rows';

export function summaryText(items: readonly SyncItem[], fileName: string | null): string {
  const lines: string[] = [`Design-system sync${fileName ? ` of ${fileName}` : ''}: ${plural(items.length, 'component')} differ`];
  const byKind = new Map<string, SyncItem[]>();
  for (const item of items) {
    const group = byKind.get(item.kind);
    if (group) group.push(item);
    else byKind.set(item.kind, [item]);
  }
  for (const kind of KIND_ORDER) {
    const group = byKind.get(kind);
    if (group) lines.push(`${KIND_LABEL[kind]}: ${formatCount(group.length)}`);
  }
  for (const kind of KIND_ORDER) {
    const group = byKind.get(kind);
    if (!group) continue;
    lines.push('', `${KIND_LABEL[kind]}:`);
    for (const item of group) {
      const chips = item.chips && item.chips.length > 0 ? ` [${item.chips.join(', ')}]` : '';
      lines.push(`- ${item.name}${chips} (${choiceText(item).toLowerCase()})`);
    }
  }
  return `${lines.join('\n')}\n`;
}
