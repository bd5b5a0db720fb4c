// Images are drawn lazily on first request and kept in a small least-recently-used cache.
import { deflateSync } from 'node:zlib';
import { encodePng, type PngOptions } from '../../support/png';

export interface PngCache {
  getOrDraw(key: string, draw: () => Omit<PngOptions, 'deflate'>): Uint8Array;
  clear(): void;
}

export function createPngCache(maxEntries = 96): PngCache {
  const entries = new Map<string, Uint8Array>();
  return {
    getOrDraw(key, draw) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const png = encodePng({ ...draw(), deflate: (data) => deflateSync(data) });
      entries.set(key, png);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return png;
    },
    clear: () => entries.clear(),
  };
}

export function pngResponseHeaders(): Record<string, string> {
  return { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' };
}
