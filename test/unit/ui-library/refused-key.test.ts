// The refusal Browse heard is of one key at one address: Settings says it only while that key is
// the one saved there, and it describes Browse's connection only while that sends the key (or goes
// on without it), until another key or address is saved.
import { describe, expect, it } from 'vitest';
import { maskKey } from '../../../src/shared/settings/validate-settings';
import { isRefusedKey, refusalOfConnection, savedSinceRefusal } from '../../../ui/library/refused-key';

const ADDRESS = 'https://library.test';
const REFUSED = 'lib_live_0123456789abcdefwxyz';
const OTHER = 'lib_live_fedcba9876543210abcd';
const HEARD = { baseUrl: ADDRESS, key: REFUSED, epoch: 2 };

describe('the refused library key', () => {
  it('is the saved key while its address and masked hint are the refused one’s', () => {
    const refused = { baseUrl: ADDRESS, key: REFUSED };
    expect(isRefusedKey(null, { baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(false);
    expect(isRefusedKey(refused, { baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(true);
    expect(isRefusedKey(refused, { baseUrl: ADDRESS, keyHint: maskKey(OTHER) })).toBe(false);
    expect(isRefusedKey(refused, { baseUrl: 'https://other.test', keyHint: maskKey(REFUSED) })).toBe(false);
    expect(isRefusedKey(refused, { baseUrl: ADDRESS, keyHint: null })).toBe(false);
  });

  it('describes a connection sending that key, or going on without it, in the epoch it was heard', () => {
    expect(refusalOfConnection(HEARD, 2, { baseUrl: ADDRESS, key: REFUSED }, false)).toEqual({ baseUrl: ADDRESS, key: REFUSED });
    expect(refusalOfConnection(HEARD, 2, { baseUrl: ADDRESS, key: null }, true)).toEqual({ baseUrl: ADDRESS, key: REFUSED });
  });

  it('ends with another key or address saved (a new epoch), or a connection with another key or none', () => {
    expect(refusalOfConnection(null, 2, { baseUrl: ADDRESS, key: REFUSED }, false)).toBeNull();
    expect(refusalOfConnection(HEARD, 3, { baseUrl: ADDRESS, key: REFUSED }, false)).toBeNull();
    expect(refusalOfConnection(HEARD, 2, { baseUrl: ADDRESS, key: OTHER }, false)).toBeNull();
    expect(refusalOfConnection(HEARD, 2, { baseUrl: ADDRESS, key: null }, false)).toBeNull();
    expect(refusalOfConnection(HEARD, 2, { baseUrl: 'https://other.test', key: REFUSED }, false)).toBeNull();
    expect(refusalOfConnection(HEARD, 2, null, false)).toBeNull();
  });

  it('says what a save since the refusal left Browse sending: another key or address, or none', () => {
    expect(savedSinceRefusal(HEARD, 3, { baseUrl: ADDRESS, key: OTHER })).toBe('changed');
    expect(savedSinceRefusal(HEARD, 3, { baseUrl: 'https://other.test', key: REFUSED })).toBe('changed');
    expect(savedSinceRefusal(HEARD, 3, { baseUrl: ADDRESS, key: null })).toBe('noKey');
    // Nothing saved since, the same key saved again, or no refusal heard: nothing to say.
    expect(savedSinceRefusal(HEARD, 2, { baseUrl: ADDRESS, key: OTHER })).toBeNull();
    expect(savedSinceRefusal(HEARD, 3, { baseUrl: ADDRESS, key: REFUSED })).toBeNull();
    expect(savedSinceRefusal(null, 3, { baseUrl: ADDRESS, key: OTHER })).toBeNull();
    expect(savedSinceRefusal(HEARD, 3, null)).toBeNull();
  });
});
