// The "before" picture of a local change: this run's own, the design system's while it stores
// that version, else read once around the time it was stored.
import { describe, expect, it, vi } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { ChangesAround } from '../../../src/sync/read-around';
import { createSyncPictures } from '../../../src/sync/sync-pictures';
import type { SyncStateEntry } from '../../../src/sync/sync-state';

const STORED_AT = '2026-11-24T10:00:00.000Z';
const base: SyncStateEntry = { hash: 'h-footer', updatedAt: STORED_AT, name: 'Footer' };

function component(key: string, hash: string, thumbnail: string | null, deleted = false): Component {
  return { key, name: key, kind: 'component', description: '', hash, properties: {}, variants: [], node: {}, thumbnail_url: thumbnail, updated_at: STORED_AT, updated_by: null, deleted };
}

function setup(answer: () => Promise<{ components: Component[] }>) {
  const asked: Array<{ since: string; limit: number }> = [];
  const changesAround: ChangesAround = (since, limit) => {
    asked.push({ since, limit });
    return answer();
  };
  return { pictures: createSyncPictures({} as PluginAPI), asked, changesAround };
}

describe('the picture of the version last synced', () => {
  it('is what this run pushed, without asking', async () => {
    const { pictures, asked, changesAround } = setup(() => Promise.resolve({ components: [] }));
    pictures.rememberPushed('h-footer', 'iVBORw0KGgo=');
    expect(await pictures.lastSyncedAsync(base, null, changesAround)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(asked).toEqual([]);
  });

  it('is the design system’s while it stores that version, without asking', async () => {
    const { pictures, asked, changesAround } = setup(() => Promise.resolve({ components: [] }));
    expect(await pictures.lastSyncedAsync(base, component('footer', 'h-footer', 'https://img.example/footer.png'), changesAround)).toBe('https://img.example/footer.png');
    expect(asked).toEqual([]);
  });

  it('is read once from the changes just before it was stored, and serves the batch it came with', async () => {
    const batch = [component('header', 'h-header', 'https://img.example/header.png'), component('footer', 'h-footer', 'https://img.example/footer.png'), component('gone', 'h-gone', 'https://img.example/gone.png', true)];
    const { pictures, asked, changesAround } = setup(() => Promise.resolve({ components: batch }));
    expect(await pictures.lastSyncedAsync(base, null, changesAround)).toBe('https://img.example/footer.png');
    expect(asked).toEqual([{ since: '2026-11-24T09:59:59.999Z', limit: 100 }]);
    expect(await pictures.lastSyncedAsync({ hash: 'h-header', updatedAt: STORED_AT, name: 'Header' }, null, changesAround)).toBe('https://img.example/header.png');
    expect(await pictures.lastSyncedAsync({ hash: 'h-gone', updatedAt: STORED_AT, name: 'Gone' }, null, changesAround)).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('is unknown when the version is no longer stored or the read fails, and a failed read is tried again', async () => {
    let fail = true;
    const { pictures, asked, changesAround } = setup(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ components: [component('footer', 'h-newer', 'https://img.example/newer.png')] })));
    expect(await pictures.lastSyncedAsync(base, null, changesAround)).toBeNull();
    fail = false;
    expect(await pictures.lastSyncedAsync(base, null, changesAround)).toBeNull();
    expect(asked).toHaveLength(2);
    expect(await pictures.lastSyncedAsync({ ...base, updatedAt: null }, null, changesAround)).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('does not hold the detail while a slow builder answers: unknown after a few seconds, there the next time once it came', async () => {
    vi.useFakeTimers();
    try {
      let answer: (page: { components: Component[] }) => void = () => undefined;
      const { pictures, asked, changesAround } = setup(() => new Promise((resolve) => (answer = resolve)));
      let settled: string | null | undefined;
      void pictures.lastSyncedAsync(base, null, changesAround).then((picture) => (settled = picture));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(settled).toBeNull();
      answer({ components: [component('footer', 'h-footer', 'https://img.example/footer.png')] });
      await vi.advanceTimersByTimeAsync(0);
      expect(await pictures.lastSyncedAsync(base, null, changesAround)).toBe('https://img.example/footer.png');
      expect(asked).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
