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

/**
 * A clientStorage write refused: most likely full (5 MB for the whole plugin, on this computer).
 * Figma's own words are technical and are not passed on; what failed is not kept.
 */
function storageError(what: string): BridgeError {
  return new BridgeError('storage_failed', `Figma could not store ${what} on this computer (Envelope’s storage there may be full).`);
}

/** Runs a clientStorage write, its failure said in words (storageError). */
export async function storingAsync(write: Promise<void>, what: string): Promise<void> {
  try {
    await write;
  } catch {
    throw storageError(what);
  }
}
