// The Sync badge's check of the design system: not asked again with a key the builder refused
// for this same link (the Sync screen remembers the refusal), asked again once the link changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncBadge, SyncOverview } from '../../../src/shared/bridge/messages';
import { createSerialQueue } from '../../../src/sync/serial-queue';
import { REMOTE_CHECK_INTERVAL_MS, startSyncMonitor } from '../../../src/sync/sync-monitor';
import type { SyncSession } from '../../../src/sync/sync-session';

function overview(keyRefused: boolean): SyncOverview {
  return { problem: null, designSystemId: 'ds_demo', lastSyncedAt: null, history: [], readOnlyReason: null, ...(keyRefused ? { keyRefused } : {}) };
}

function setup() {
  let refused = false;
  const checkAsync = vi.fn<SyncSession['checkAsync']>(() => Promise.resolve({ rows: 3 }));
  const localCountsAsync = vi.fn<SyncSession['localCountsAsync']>(() => Promise.resolve<SyncBadge | 'link-changed' | null>('link-changed'));
  const session = {
    overviewAsync: () => Promise.resolve(overview(refused)),
    checkAsync,
    localCountsAsync,
  } as unknown as SyncSession;
  let onDocumentChange: (() => void) | null = null;
  const figma = {
    loadAllPagesAsync: () => Promise.resolve(),
    on: (_event: string, listener: () => void) => {
      onDocumentChange = listener;
    },
  } as unknown as Pick<PluginAPI, 'on' | 'loadAllPagesAsync'>;
  const badges: SyncBadge[] = [];
  startSyncMonitor({ figma, session, queue: createSerialQueue(), emit: (badge) => badges.push(badge) });
  return {
    checkAsync,
    badges,
    refuse: (value: boolean) => {
      refused = value;
    },
    edit: () => onDocumentChange?.(),
  };
}

/** Lets the queued promises settle (no timers involved). */
async function settledAsync(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

describe('the Sync badge’s check of the design system', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not ask the builder every few minutes with a key it refused for this link', async () => {
    const monitor = setup();
    await settledAsync();
    expect(monitor.checkAsync).toHaveBeenCalledTimes(1);

    monitor.refuse(true);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS * 3);
    expect(monitor.checkAsync).toHaveBeenCalledTimes(1);
  });

  it('does not ask with it after an edit either, when the edit finds the link changed', async () => {
    const monitor = setup();
    await settledAsync();
    monitor.refuse(true);
    monitor.edit();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(monitor.checkAsync).toHaveBeenCalledTimes(1);
  });

  it('asks again once the refusal no longer stands (another key, address or design system)', async () => {
    const monitor = setup();
    await settledAsync();
    monitor.refuse(true);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS);
    expect(monitor.checkAsync).toHaveBeenCalledTimes(1);

    monitor.refuse(false);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS);
    expect(monitor.checkAsync).toHaveBeenCalledTimes(2);
    expect(monitor.badges.at(-1)).toEqual({ rows: 3 });
  });
});
