// The Sync screen's requests to the sandbox, behind an interface so the screen can be driven
// by any endpoint (the plugin's, the playground's, or a test's canned one).
import type { Progress } from '../../src/shared/bridge/protocol';
import type { PendingRequest } from '../../src/shared/bridge/endpoint';
import type { SyncComparison, SyncDetail, SyncItem, SyncOutcome, SyncOverview } from '../../src/shared/bridge/messages';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import type { Choices } from './choice-batcher';

// Long requests report progress, and each report restarts the timeout: these only bound a silence.
const COMPARE_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 180_000;
const DETAIL_TIMEOUT_MS = 30_000;

export interface SyncRequester {
  overviewAsync(): Promise<SyncOverview>;
  compare(onProgress: (progress: Progress) => void): PendingRequest<SyncComparison>;
  /** `replaces`: for a replaced row, the deleted component's key. Cancelled when the detail closes. */
  detailAsync(key: string, replaces?: string): PendingRequest<SyncDetail>;
  /** Thumbnails of some rows (the ones on screen). */
  picturesAsync(keys: string[]): Promise<Record<string, string | null>>;
  chooseAsync(choices: Choices): Promise<SyncItem[]>;
  /** Shows a replaced pair as two rows (kept by the sandbox); the comparison as it is then. */
  keepApartAsync(pair: { oldKey: string; newKey: string }): Promise<SyncComparison>;
  run(onProgress: (progress: Progress) => void): PendingRequest<SyncOutcome>;
  /** The last comparison against what is recorded now (no request to the builder). */
  currentAsync(): Promise<SyncComparison>;
}

export function createSyncRequester(endpoint: Pick<UiEndpoint, 'request'>): SyncRequester {
  return {
    overviewAsync: () => endpoint.request('sync/overview', {}),
    compare: (onProgress) => endpoint.request('sync/compare', {}, { timeoutMs: COMPARE_TIMEOUT_MS, onProgress }),
    detailAsync: (key, replaces) => endpoint.request('sync/detail', replaces === undefined ? { key } : { key, replaces }, { timeoutMs: DETAIL_TIMEOUT_MS }),
    picturesAsync: async (keys) => (await endpoint.request('sync/pictures', { keys }, { timeoutMs: DETAIL_TIMEOUT_MS })).pictures,
    chooseAsync: async (choices) => (await endpoint.request('sync/choose', { choices })).items,
    keepApartAsync: (pair) => endpoint.request('sync/keep-apart', pair),
    run: (onProgress) => endpoint.request('sync/run', {}, { timeoutMs: RUN_TIMEOUT_MS, onProgress }),
    currentAsync: () => endpoint.request('sync/current', {}),
  };
}
