// The snapshot's own failures, so that the module does not speak the bridge's language. A
// handler that runs the snapshotter (the sync handlers, once they do) passes what it catches
// through `toBridgeError`, which lives here so the codes and their translation stay together.
import { BridgeError } from '../shared/bridge/bridge-error';

/** `cancelled`: the caller's `isCancelled` said stop; `busy`: another snapshot is running. */
export type SnapshotErrorCode = 'cancelled' | 'busy';

export class SnapshotError extends Error {
  readonly code: SnapshotErrorCode;

  constructor(code: SnapshotErrorCode, message: string) {
    super(message);
    this.name = 'SnapshotError';
    this.code = code;
  }
}

/** For handlers: a snapshot failure as the bridge error the UI receives; anything else unchanged. */
export function toBridgeError(error: unknown): unknown {
  return error instanceof SnapshotError ? new BridgeError(error.code, error.message) : error;
}

export function cancelledError(): SnapshotError {
  return new SnapshotError('cancelled', 'The component snapshot was cancelled.');
}
