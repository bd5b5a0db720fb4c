import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { SnapshotError, toBridgeError } from '../../../src/snapshot/snapshot-error';

describe('toBridgeError', () => {
  it('turns a snapshot failure into the bridge error with the same code and words', () => {
    const translated = toBridgeError(new SnapshotError('busy', 'A component snapshot is already running.'));
    expect(translated).toBeInstanceOf(BridgeError);
    expect((translated as BridgeError).toWire()).toEqual({ code: 'busy', message: 'A component snapshot is already running.' });
  });

  it('leaves any other error as it is', () => {
    const other = new TypeError('not a snapshot failure');
    expect(toBridgeError(other)).toBe(other);
  });
});
