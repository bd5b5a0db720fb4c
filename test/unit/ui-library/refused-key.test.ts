// The refusal Browse heard is of one key at one address: Settings says it only while that key is
// the one saved there, and another key used or saved ends it.
import { afterEach, describe, expect, it } from 'vitest';
import { maskKey } from '../../../src/shared/settings/validate-settings';
import { forgetKeyRefusal, isRefusedKey, keyInUse, noteKeyRefused } from '../../../ui/library/refused-key';

const ADDRESS = 'https://library.test';
const REFUSED = 'lib_live_0123456789abcdefwxyz';
const OTHER = 'lib_live_fedcba9876543210abcd';

afterEach(forgetKeyRefusal);

describe('the refused library key', () => {
  it('is the saved key while its address and masked hint are the refused one’s', () => {
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(false);
    noteKeyRefused(ADDRESS, REFUSED);
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(true);
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(OTHER) })).toBe(false);
    expect(isRefusedKey({ baseUrl: 'https://other.test', keyHint: maskKey(REFUSED) })).toBe(false);
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: null })).toBe(false);
  });

  it('stays while Browse uses the same key, and ends when it uses another (or none) or Settings saves one', () => {
    noteKeyRefused(ADDRESS, REFUSED);
    keyInUse(ADDRESS, REFUSED);
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(true);
    keyInUse(ADDRESS, null);
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(false);
    noteKeyRefused(ADDRESS, REFUSED);
    forgetKeyRefusal();
    expect(isRefusedKey({ baseUrl: ADDRESS, keyHint: maskKey(REFUSED) })).toBe(false);
  });
});
