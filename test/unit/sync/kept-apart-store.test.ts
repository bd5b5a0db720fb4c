import { describe, expect, it } from 'vitest';
import { createKeptApartStore, keptApartStorageKey, withoutSettled } from '../../../src/sync/kept-apart-store';
import { withoutKeptApart } from '../../../src/sync/replacements';
import { FakeClientStorage } from '../../fake-figma/client-storage';

const pair = { oldKey: 'old', newKey: 'new' };

describe('kept-apart store', () => {
  it('keeps a pair once, per file and design system, and forgets it when either key is synced', async () => {
    const storage = new FakeClientStorage();
    const store = createKeptApartStore(storage.api(), 'f', 'ds');
    await store.addAsync(pair);
    await store.addAsync(pair);
    await store.addAsync({ oldKey: 'a', newKey: 'b' });
    expect(await store.readAsync()).toEqual([pair, { oldKey: 'a', newKey: 'b' }]);
    expect(await createKeptApartStore(storage.api(), 'f', 'other').readAsync()).toEqual([]);
    await store.forgetAsync(['new']);
    expect(await store.readAsync()).toEqual([{ oldKey: 'a', newKey: 'b' }]);
    await store.forgetAsync(['a']);
    expect(await storage.api().getAsync(keptApartStorageKey('f', 'ds'))).toBeUndefined();
  });

  it('reads a value it does not know (another version’s, edited by hand) as nothing kept apart, and skips entries that are not pairs', async () => {
    const storage = new FakeClientStorage();
    const store = createKeptApartStore(storage.api(), 'f', 'ds');
    for (const value of [{ old: true }, 'old', 42, null]) {
      await storage.api().setAsync(keptApartStorageKey('f', 'ds'), value);
      expect(await store.readAsync()).toEqual([]);
    }
    await storage.api().setAsync(keptApartStorageKey('f', 'ds'), ['old', { oldKey: 'old' }, { oldKey: 'old', newKey: 7 }, pair]);
    expect(await store.readAsync()).toEqual([pair]);
    // Written back whole: the entries that were not pairs are gone.
    await store.addAsync({ oldKey: 'a', newKey: 'b' });
    expect(await storage.api().getAsync(keptApartStorageKey('f', 'ds'))).toEqual([pair, { oldKey: 'a', newKey: 'b' }]);
  });

  it('leaves out only that same pair: the deleted component paired with another addition is shown', () => {
    const pairs = [pair, { oldKey: 'old', newKey: 'other' }, { oldKey: 'x', newKey: 'new' }];
    expect(withoutKeptApart(pairs, [pair])).toEqual([{ oldKey: 'old', newKey: 'other' }, { oldKey: 'x', newKey: 'new' }]);
    expect(withoutSettled(pairs, ['other', 'x'])).toEqual([pair]);
  });
});
