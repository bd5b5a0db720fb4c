// The last syncs of this file (kept in the document, so every collaborator sees the same).
import type { SyncHistoryEntry } from '../../src/shared/bridge/messages';
import { historyCounts } from './sync-outcome';
import { absoluteTime, relativeTime } from '../messages/relative-time';

/** Room kept above the summary when the list is brought up (its focus ring is 2 px outside it). */
const RING_ROOM = 4;

/**
 * Opened, the list is scrolled into view the nearest way, as far as its summary stays in sight: in
 * a short window it stayed under the edge, and nothing in it takes the focus to bring it up. Where
 * it shows already, nothing moves.
 */
function revealOpened(event: Event): void {
  const details = event.currentTarget as HTMLDetailsElement;
  const screen = details.closest('main');
  const summary = details.querySelector('summary');
  if (!details.open || !screen || !summary) return;
  const view = screen.getBoundingClientRect();
  const by = Math.min(details.getBoundingClientRect().bottom - view.bottom, summary.getBoundingClientRect().top - RING_ROOM - view.top);
  if (by > 0) screen.scrollTop += by;
}

export function SyncHistory({ history, nowMs }: { history: readonly SyncHistoryEntry[]; nowMs: number }) {
  return (
    <details class="sync-history" data-testid="sync-history" onToggle={revealOpened}>
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
