// One emulator (real limits) per contract-test file: started before its tests, closed after.
import { afterAll, beforeAll, expect } from 'vitest';
import { ApiError } from '../../../../src/shared/api/http/api-error';
import { startEmulator } from '../../../emulator/index';
import { rejectionOf } from '../../../unit/api/support/clients';
import { emulatorKeysAsync, type EmulatorKeys } from './transports';

export interface EmulatorSession {
  readonly emulator: Awaited<ReturnType<typeof startEmulator>>;
  readonly keys: EmulatorKeys;
}

/** Registers the file's beforeAll/afterAll; read the fields inside tests and hooks. */
export function useEmulatorSession(): EmulatorSession {
  let emulator: EmulatorSession['emulator'] | undefined;
  let keys: EmulatorKeys | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ limits: 'real' });
    keys = await emulatorKeysAsync(emulator.libraryUrl);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return {
    get emulator() {
      if (!emulator) throw new Error('the emulator is not started yet: read it inside a test or hook');
      return emulator;
    },
    get keys() {
      if (!keys) throw new Error('the emulator is not started yet: read it inside a test or hook');
      return keys;
    },
  };
}

/** The ApiError a call rejected with; fails the test if it resolved or threw something else. */
export async function apiRejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
