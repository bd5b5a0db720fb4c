import { describe, expect, it } from 'vitest';
import { FakeClientStorage } from '../../fake-figma/client-storage';
import type { ComponentPayload } from '../../../src/snapshot/normalized-types';
import { createPayloadCache, PAYLOAD_CACHE_BUDGET_BYTES, type ClientStorageLike } from '../../../src/sync/payload-cache';

function payload(key: string, hash: string, size = 1000): ComponentPayload {
  return {
    key,
    name: `Block ${key} — été`,
    kind: 'component',
    description: '',
    hash,
    properties: {},
    variants: [],
    node: { type: 'COMPONENT', name: key, text: 'x'.repeat(size) },
    thumbnail: { format: 'png', base64: 'A'.repeat(5000) },
  };
}

function counting(storage: ClientStorageLike): ClientStorageLike & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    getAsync: (key) => storage.getAsync(key),
    setAsync: (key, value) => {
      writes.push(key);
      return storage.setAsync(key, value);
    },
    deleteAsync: (key) => {
      writes.push(`-${key}`);
      return storage.deleteAsync(key);
    },
    keysAsync: () => storage.keysAsync!(),
  };
}

describe('payload cache', () => {
  it('keeps payloads without thumbnails, by key and exact hash, across plugin runs', async () => {
    const fake = new FakeClientStorage();
    const cache = createPayloadCache(fake.api(), 'ds_demo');
    await cache.putAsync([payload('a', 'h1'), payload('b', 'h1')]);
    const { thumbnail: _thumbnail, ...stored } = payload('a', 'h1');
    expect(await cache.getAsync('a', 'h1')).toEqual(stored);
    expect(await cache.getAsync('a', 'h2')).toBeNull();
    expect(await cache.getAsync('zz', 'h1')).toBeNull();
    const later = createPayloadCache(fake.api(), 'ds_demo');
    expect((await later.getAsync('b', 'h1'))?.name).toBe('Block b — été');
  });

  it('replaces the version kept for a key', async () => {
    const cache = createPayloadCache(new FakeClientStorage().api(), 'ds');
    await cache.putAsync([payload('a', 'h1'), payload('b', 'h1')]);
    await cache.putAsync([payload('a', 'h2')]);
    expect(await cache.getAsync('a', 'h1')).toBeNull();
    expect((await cache.getAsync('a', 'h2'))?.hash).toBe('h2');
    expect((await cache.getAsync('b', 'h1'))?.hash).toBe('h1');
  });

  it('writes a few entries per put, not one per component', async () => {
    const storage = counting(new FakeClientStorage().api());
    const cache = createPayloadCache(storage, 'ds');
    await cache.putAsync(Array.from({ length: 100 }, (_, i) => payload(`k${i}`, 'h1')));
    // 100 × ~1.1 kB: one bucket and the index.
    expect(storage.writes).toHaveLength(2);
  });

  it('evicts the oldest payloads beyond the budget and never stores more than it', async () => {
    const fake = new FakeClientStorage();
    const budget = 600_000;
    const cache = createPayloadCache(fake.api(), 'ds', budget);
    for (let round = 0; round < 12; round += 1) {
      await cache.putAsync(Array.from({ length: 100 }, (_, i) => payload(`r${round}-${i}`, 'h', 1000)));
      expect(fake.totalBytes()).toBeLessThanOrEqual(budget);
    }
    expect(await cache.getAsync('r0-0', 'h')).toBeNull();
    expect(await cache.getAsync('r11-99', 'h')).not.toBeNull();
    expect(await cache.getAsync('r10-0', 'h')).not.toBeNull();
    expect(fake.totalBytes()).toBeGreaterThan(budget / 2);
  });

  it('keeps what fits of a put larger than the budget (the default budget, under 5 MB in the fake)', async () => {
    const fake = new FakeClientStorage();
    const cache = createPayloadCache(fake.api(), 'ds');
    const many = Array.from({ length: 2000 }, (_, i) => payload(`k${i}`, 'h', 2000));
    await cache.putAsync(many);
    expect(fake.totalBytes()).toBeLessThanOrEqual(PAYLOAD_CACHE_BUDGET_BYTES);
    expect(await cache.getAsync('k0', 'h')).not.toBeNull();
    expect(await cache.getAsync('k1999', 'h')).toBeNull();
    await cache.putAsync(many.slice(1000, 1800));
    expect(fake.totalBytes()).toBeLessThanOrEqual(PAYLOAD_CACHE_BUDGET_BYTES);
    expect(await cache.getAsync('k1000', 'h')).not.toBeNull();
  });

  it('removes another design system’s cache and buckets a lost index left behind, and nothing else', async () => {
    const fake = new FakeClientStorage({ 'envelope.builder.apiKey': 'secret' });
    await createPayloadCache(fake.api(), 'ds_old').putAsync([payload('a', 'h1')]);
    await fake.api().setAsync('envelope.payloadCache.ds_new.b7', { stray: true });
    const cache = createPayloadCache(fake.api(), 'ds_new');
    expect(await cache.getAsync('a', 'h1')).toBeNull();
    await cache.putAsync([payload('b', 'h1')]);
    const keys = await fake.api().keysAsync();
    expect(keys.sort()).toEqual(['envelope.builder.apiKey', 'envelope.payloadCache.ds_new.b0', 'envelope.payloadCache.ds_new.index']);
  });

  it('reads an unreadable index as empty', async () => {
    const fake = new FakeClientStorage({ 'envelope.payloadCache.ds.index': 'garbage' });
    const cache = createPayloadCache(fake.api(), 'ds');
    expect(await cache.getAsync('a', 'h1')).toBeNull();
    await cache.putAsync([payload('a', 'h1')]);
    expect(await cache.getAsync('a', 'h1')).not.toBeNull();
  });

  it('reads an index whose parts are damaged as empty, and a kept version that is not a payload as not kept', async () => {
    const damaged = { v: 1, next: 3, buckets: [null, { id: 'x' }], entries: { a: null, b: 'h1', c: ['h1', 2] } };
    const fake = new FakeClientStorage({ 'envelope.payloadCache.ds.index': damaged });
    const cache = createPayloadCache(fake.api(), 'ds');
    for (const key of ['a', 'b', 'c']) expect(await cache.getAsync(key, 'h1')).toBeNull();
    await cache.putAsync([payload('a', 'h1')]);
    expect(await cache.getAsync('a', 'h1')).not.toBeNull();

    const wrongBucket = new FakeClientStorage({
      'envelope.payloadCache.ds.index': { v: 1, next: 1, buckets: [{ id: 0, bytes: 10 }], entries: { a: ['h1', 0], b: ['h1', 0] } },
      'envelope.payloadCache.ds.b0': { a: { hash: 'h1' }, b: 'h1' },
    });
    const read = createPayloadCache(wrongBucket.api(), 'ds');
    expect(await read.getAsync('a', 'h1')).toBeNull();
    expect(await read.getAsync('b', 'h1')).toBeNull();
  });

  it('recovers after a failed write (reads the index again)', async () => {
    const fake = new FakeClientStorage();
    const api = fake.api();
    let fail = false;
    const flaky: ClientStorageLike = { ...api, setAsync: (key, value) => (fail ? Promise.reject(new Error('quota')) : api.setAsync(key, value)) };
    const cache = createPayloadCache(flaky, 'ds');
    await cache.putAsync([payload('a', 'h1')]);
    fail = true;
    await expect(cache.putAsync([payload('b', 'h1')])).rejects.toThrow('quota');
    fail = false;
    expect(await cache.getAsync('a', 'h1')).not.toBeNull();
    expect(await cache.getAsync('b', 'h1')).toBeNull();
  });
});
