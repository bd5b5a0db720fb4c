import { describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_LIMIT_BYTES, createFakeFigma } from '../../fake-figma/index';

describe('figma.clientStorage', () => {
  it('copies values in and out', async () => {
    const fake = createFakeFigma();
    const storage = fake.figma.clientStorage;
    const value = { keys: { library: 'lib_123' }, list: [1, 2, 3], bytes: new Uint8Array([1, 2, 3]), nothing: null };
    await storage.setAsync('settings', value);
    value.keys.library = 'mutated';
    const read = (await storage.getAsync('settings')) as typeof value;
    expect(read.keys.library).toBe('lib_123');
    expect(read.bytes).toBeInstanceOf(Uint8Array);
    expect([...read.bytes]).toEqual([1, 2, 3]);
    read.list.push(4);
    expect(((await storage.getAsync('settings')) as typeof value).list).toEqual([1, 2, 3]);
    expect(await storage.getAsync('missing')).toBeUndefined();
    expect(await storage.keysAsync()).toEqual(['settings']);
    await storage.deleteAsync('settings');
    expect(await storage.keysAsync()).toEqual([]);
  });

  it('counts key + JSON size, with a Uint8Array counted by its length', async () => {
    const fake = createFakeFigma();
    await fake.figma.clientStorage.setAsync('ab', { x: 'é' });
    // "ab" (2) + '{"x":"é"}' (10 bytes in UTF-8)
    expect(fake.clientStorageBytes()).toBe(12);
    await fake.figma.clientStorage.setAsync('bin', new Uint8Array(1000));
    expect(fake.clientStorageBytes()).toBe(12 + 3 + 1000);
    await fake.figma.clientStorage.setAsync('bin', new Uint8Array(10));
    expect(fake.clientStorageBytes()).toBe(12 + 3 + 10);
  });

  it('rejects a write that would take the total over 5 MB and keeps the old value', async () => {
    const fake = createFakeFigma();
    const storage = fake.figma.clientStorage;
    await storage.setAsync('a', 'x'.repeat(3_000_000));
    await expect(storage.setAsync('b', 'y'.repeat(2_500_000))).rejects.toThrow(/Storage quota exceeded.*5 MB/);
    expect(await storage.keysAsync()).toEqual(['a']);
    // Replacing an entry counts only its new size.
    await storage.setAsync('a', 'z'.repeat(4_000_000));
    expect(fake.clientStorageBytes()).toBeLessThanOrEqual(CLIENT_STORAGE_LIMIT_BYTES);
  });

  it('refuses values Figma cannot store', async () => {
    const storage = createFakeFigma().figma.clientStorage;
    await expect(storage.setAsync('f', { run: () => 1 })).rejects.toThrow(/function.*could not be cloned/);
    await expect(storage.setAsync('d', new Date())).rejects.toThrow(/Date.*could not be cloned/);
    await expect(storage.setAsync('m', new Map())).rejects.toThrow(/Map.*could not be cloned/);
    await expect(storage.setAsync(1 as unknown as string, 'v')).rejects.toThrow(/string key/);
  });

  it('starts from the given contents and survives a relaunch', async () => {
    const fake = createFakeFigma({ clientStorage: { 'library-key': 'lk_1' } });
    expect(await fake.figma.clientStorage.getAsync('library-key')).toBe('lk_1');
    await fake.figma.clientStorage.setAsync('builder-key', 'bk_2');
    fake.relaunch();
    expect(await fake.figma.clientStorage.keysAsync()).toEqual(['library-key', 'builder-key']);
  });

  it('holds the plugin’s calls until released, oldest first, never those from outside any run', async () => {
    const fake = createFakeFigma({ clientStorage: { a: 1 } });
    const storage = fake.figma.clientStorage;
    const done: string[] = [];
    fake.clientStorageHold.hold();
    const read = storage.getAsync('a').then((value) => done.push(`read ${String(value)}`));
    const write = storage.setAsync('a', 2).then(() => done.push('write'));
    expect(await fake.clientStorage.getAsync('a')).toBe(1);
    await fake.settleAsync();
    expect(done).toEqual([]);
    expect(fake.clientStorageHold.held()).toBe(2);
    fake.clientStorageHold.release(1);
    await read;
    expect(done).toEqual(['read 1']);
    expect(await storage.getAsync('a')).toBe(1);
    fake.clientStorageHold.release();
    await write;
    expect(await storage.getAsync('a')).toBe(2);
  });
});
