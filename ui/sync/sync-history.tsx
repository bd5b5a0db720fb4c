// The last syncs of this file (kept in the document, so every collaborator sees the same).
import type { SyncHistoryEntry } from '../../src/shared/bridge/messages';
import { historyCounts } from './sync-outcome';
import { absoluteTime, relativeTime } from '../messages/relative-time';

export function SyncHistory({ history, nowMs }: { history: readonly SyncHistoryEntry[]; nowMs: number }) {
  return (
    <details class="sync-history" data-testid="sync-history">
      <summary>Recent syncs ({history.length})</summary>
      <ol>
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at} title={absoluteTime(entry.at)}>
              {relativeTime(entry.at, nowMs)}
            </time>
            {entry.user ? ` · ${entry.user}` : ''} · {entry.stoppedPartWay ? `Stopped part-way: ${historyCounts(entry)}` : historyCounts(entry)}
          </li>
        ))}
      </ol>
    </details>
  );
}
