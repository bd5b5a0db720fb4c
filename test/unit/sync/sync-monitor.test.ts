// The Sync badge's check of the design system: the monitor asks the session's check each time,
// which refuses without asking the builder while a key refusal stands for this link (the session
// keeps it: sync-badge.contract.test.ts); a refused check shows no count, or nothing to review
// when the link changed; the screen's overview (the file's sync state) is not read for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { SyncBadge } from '../../../src/shared/bridge/messages';
import { createSerialQueue } from '../../../src/sync/serial-queue';
import { REMOTE_CHECK_INTERVAL_MS, startSyncMonitor } from '../../../src/sync/sync-monitor';
import type { SyncSession } from '../../../src/sync/sync-session';

function setup() {
  let refused = false;
  const checkAsync = vi.fn<SyncSession['checkAsync']>(() => (refused ? Promise.reject(new ApiError({ api: 'builder', endpoint: 'GET /changes', status: 401, code: 'unauthorized', message: 'The builder refused this API key.' })) : Promise.resolve({ rows: 3 })));
  const localCountsAsync = vi.fn<SyncSession['localCountsAsync']>(() => Promise.resolve<SyncBadge | 'link-changed' | null>('link-changed'));
  const overviewAsync = vi.fn<SyncSession['overviewAsync']>(() => Promise.resolve({ problem: null, designSystemId: 'ds_demo', lastSyncedAt: null, history: [], readOnlyReason: null }));
  const session = { overviewAsync, checkAsync, localCountsAsync } as unknown as SyncSession;
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
    overviewAsync,
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

  it('does not read the Sync screen’s overview (the file’s sync state) to learn whether the key stands refused', async () => {
    const monitor = setup();
    await settledAsync();
    monitor.refuse(true);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS * 3);
    monitor.refuse(false);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS);
    expect(monitor.checkAsync).toHaveBeenCalledTimes(5);
    expect(monitor.overviewAsync).not.toHaveBeenCalled();
  });

  it('shows no new count while the key stands refused', async () => {
    const monitor = setup();
    await settledAsync();
    expect(monitor.badges).toEqual([{ rows: 3 }]);
    monitor.refuse(true);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS * 3);
    expect(monitor.badges).toEqual([{ rows: 3 }]);
  });

  it('says nothing to review when an edit finds the link changed and the new link stands refused', async () => {
    const monitor = setup();
    await settledAsync();
    monitor.refuse(true);
    monitor.edit();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(monitor.badges.at(-1)).toEqual({ rows: 0 });
  });

  it('counts again once the refusal no longer stands (another key, address or design system)', async () => {
    const monitor = setup();
    await settledAsync();
    monitor.refuse(true);
    monitor.edit();
    await vi.advanceTimersByTimeAsync(2_000);
    monitor.refuse(false);
    await vi.advanceTimersByTimeAsync(REMOTE_CHECK_INTERVAL_MS);
    expect(monitor.badges.at(-1)).toEqual({ rows: 3 });
  });
});
