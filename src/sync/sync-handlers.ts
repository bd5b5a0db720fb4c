// The Sync screen's requests. Placeholder while the sync runner is being built: each request
// answers that sync is not in this build yet, so the rest of the plugin keeps working.
import { BridgeError } from '../shared/bridge/bridge-error';
import type { Handlers } from '../shared/bridge/endpoint';
import type { SandboxRequests } from '../shared/bridge/messages';

export type SyncHandlers = Pick<Handlers<SandboxRequests>, 'sync/overview' | 'sync/compare' | 'sync/detail' | 'sync/choose' | 'sync/run'>;

const notYet = () => Promise.reject(new BridgeError('not_available', 'Sync is not in this build yet.'));

export function createSyncHandlers(): SyncHandlers {
  return { 'sync/overview': notYet, 'sync/compare': notYet, 'sync/detail': notYet, 'sync/choose': notYet, 'sync/run': notYet };
}
