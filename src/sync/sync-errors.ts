// API errors said in the Sync screen's terms. The clients' messages are already sentences for
// people; only "not found" needs to say *what* was not found, which only sync knows.
import { ApiError } from '../shared/api/http/api-error';
import { BridgeError } from '../shared/bridge/bridge-error';

export function syncError(error: unknown, designSystemId: string): unknown {
  if (error instanceof ApiError && error.code === 'not_found') {
    return new BridgeError(
      'not_found',
      `The design system "${designSystemId}" was not found in the builder workspace, or this key cannot see it. Check the design-system id in Settings.`,
    );
  }
  return error;
}

export function readOnlyError(reason: string): BridgeError {
  return new BridgeError('read_only', reason);
}
