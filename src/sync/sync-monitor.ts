// The Sync tab's badge while the plugin is open: one check of the design system when the plugin
// opens and every few minutes after (within the builder's limit of 100 requests a minute, this
// is one or two requests), and the local count again after each edit of the file, from an
// incremental read of what `documentchange` reported: no request and no re-read of the file
// (a check again if the file's link changed in Settings meanwhile: the id is a document change).
// While the builder's refusal of this same key, address and design system stands (the Sync
// screen's, or the badge's own check's: the session's check keeps it), the badge does not ask with
// that key again: another link asks.
import { createCancelSource } from '../shared/api/http/cancel-signal';
import type { SyncBadge } from '../shared/bridge/messages';
import { LOCAL_COUNT_DELAY_MS } from '../shared/sync/badge-timing';
import type { SerialQueue } from './serial-queue';
import { NOTHING_TO_REVIEW, type SyncSession } from './sync-session';

export const REMOTE_CHECK_INTERVAL_MS = 3 * 60_000;

export interface SyncMonitorDependencies {
  figma: Pick<PluginAPI, 'on' | 'loadAllPagesAsync'>;
  session: SyncSession;
  queue: SerialQueue;
  emit(badge: SyncBadge): void;
}

export interface SyncMonitor {
  /**
   * Stops the checks of the design system queued or running: the screen's request goes first.
   * A stalled answer would otherwise hold every sync request behind it until its deadline and
   * retries; the screen's comparison counts the badge anyway.
   */
  giveWay(): void;
  /** How many document changes it has heard so far: a sync compares it before and after, to know whether the file moved while it ran. */
  editsHeard(): number;
}

export function startSyncMonitor(dependencies: SyncMonitorDependencies): SyncMonitor {
  const { figma, session, queue } = dependencies;
  const emit = (badge: SyncBadge) => dependencies.emit(badge);
  let localTimer: ReturnType<typeof setTimeout> | null = null;
  let listening = false;
  let edits = 0;
  const checks = new Set<() => void>();

  /**
   * One check of the design system, in the queue until it ends or the screen asks (giveWay);
   * refused without a request while the key stands refused for this link (the session's check knows).
   */
  function checkQueued(): Promise<SyncBadge> {
    const source = createCancelSource();
    const cancel = () => source.cancel();
    checks.add(cancel);
    // Asked in the queue: a comparison queued before it has said by then whether the key is refused.
    return queue(() => session.checkAsync(source.signal)).finally(() => checks.delete(cancel));
  }

  const publish = (badge: SyncBadge | null) => {
    if (badge !== null) emit(badge);
  };
  /** After the link changed: the old count was of another design system (or key), so a failed or skipped check leaves nothing to review. */
  const recheck = () => {
    // Also when it gave way to the screen: the old count is of another link either way.
    checkQueued().then(publish, () => publish(NOTHING_TO_REVIEW));
  };

  async function listenAsync(): Promise<void> {
    if (listening) return;
    listening = true;
    // dynamic-page: documentchange needs every page loaded first.
    await figma.loadAllPagesAsync();
    figma.on('documentchange', () => {
      edits++;
      if (localTimer !== null) clearTimeout(localTimer);
      localTimer = setTimeout(() => {
        localTimer = null;
        // A failed count leaves the last badge in place; the next edit or check tries again.
        queue(() => session.localCountsAsync()).then((counted) => (counted === 'link-changed' ? recheck() : publish(counted)), () => undefined);
      }, LOCAL_COUNT_DELAY_MS);
    });
  }

  function check(): void {
    checkQueued()
      .then(publish, () => undefined) // offline, refused…: the Sync screen says why when opened
      // Edits are followed even after a failed check: a link corrected in Settings is checked at once.
      .then(listenAsync)
      .catch(() => undefined);
  }

  check();
  setInterval(check, REMOTE_CHECK_INTERVAL_MS);
  return {
    giveWay() {
      for (const cancel of [...checks]) cancel();
    },
    editsHeard: () => edits,
  };
}
