import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/snapshot/content-hash';

// Straight byte-oriented port of MurmurHash3_x86_128 (Austin Appleby's reference), used to
// check that the string version hashes exactly the UTF-16LE bytes.
function referenceX86_128(bytes: Uint8Array, seed = 0): string {
  const c1 = 0x239b961b, c2 = 0xab0e9789, c3 = 0x38b34ae5, c4 = 0xa1e38b93;
  const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));
  const fmix = (h: number): number => {
    h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); return h ^ (h >>> 16);
  };
  const word = (i: number): number => bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
  let h1 = seed, h2 = seed, h3 = seed, h4 = seed;
  const nblocks = Math.floor(bytes.length / 16);
  for (let b = 0; b < nblocks; b++) {
    let k1 = word(b * 16), k2 = word(b * 16 + 4), k3 = word(b * 16 + 8), k4 = word(b * 16 + 12);
    k1 = Math.imul(rotl(Math.imul(k1, c1), 15), c2); h1 ^= k1; h1 = rotl(h1, 19); h1 = (h1 + h2) | 0; h1 = (Math.imul(h1, 5) + 0x561ccd1b) | 0;
    k2 = Math.imul(rotl(Math.imul(k2, c2), 16), c3); h2 ^= k2; h2 = rotl(h2, 17); h2 = (h2 + h3) | 0; h2 = (Math.imul(h2, 5) + 0x0bcaa747) | 0;
    k3 = Math.imul(rotl(Math.imul(k3, c3), 17), c4); h3 ^= k3; h3 = rotl(h3, 15); h3 = (h3 + h4) | 0; h3 = (Math.imul(h3, 5) + 0x96cd1c35) | 0;
    k4 = Math.imul(rotl(Math.imul(k4, c4), 18), c1); h4 ^= k4; h4 = rotl(h4, 13); h4 = (h4 + h1) | 0; h4 = (Math.imul(h4, 5) + 0x32ac3b17) | 0;
  }
  const tail = nblocks * 16;
  let k1 = 0, k2 = 0, k3 = 0, k4 = 0;
  const rest = bytes.length & 15;
  for (let i = rest - 1; i >= 0; i--) {
    const byte = bytes[tail + i]!;
    if (i >= 12) k4 ^= byte << ((i - 12) * 8);
    else if (i >= 8) k3 ^= byte << ((i - 8) * 8);
    else if (i >= 4) k2 ^= byte << ((i - 4) * 8);
    else k1 ^= byte << (i * 8);
  }
  if (rest > 12) { k4 = Math.imul(rotl(Math.imul(k4, c4), 18), c1); h4 ^= k4; }
  if (rest > 8) { k3 = Math.imul(rotl(Math.imul(k3, c3), 17), c4); h3 ^= k3; }
  if (rest > 4) { k2 = Math.imul(rotl(Math.imul(k2, c2), 16), c3); h2 ^= k2; }
  if (rest > 0) { k1 = Math.imul(rotl(Math.imul(k1, c1), 15), c2); h1 ^= k1; }
  h1 ^= bytes.length; h2 ^= bytes.length; h3 ^= bytes.length; h4 ^= bytes.length;
  h1 = (h1 + h2 + h3 + h4) | 0; h2 = (h2 + h1) | 0; h3 = (h3 + h1) | 0; h4 = (h4 + h1) | 0;
  h1 = fmix(h1); h2 = fmix(h2); h3 = fmix(h3); h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0; h2 = (h2 + h1) | 0; h3 = (h3 + h1) | 0; h4 = (h4 + h1) | 0;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >>> 8;
  }
  return bytes;
}

describe('contentHash', () => {
  // A hundred strings through a byte-by-byte reference: seconds on a loaded machine, past vitest's 5 s default.
  it('is MurmurHash3_x86_128 of the UTF-16LE bytes, for every tail length', { timeout: 30_000 }, () => {
    for (let length = 0; length <= 40; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 37) % 9000))).join('');
      expect(contentHash(text)).toBe(referenceX86_128(utf16le(text)));
    }
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => contentHash(text) === referenceX86_128(utf16le(text))));
  });

  it('matches the published x86_128 value for empty input and seed 0 (all zero)', () => {
    expect(contentHash('')).toBe('0'.repeat(32));
  });

  it('gives 32 lower-case hex digits and depends on the seed', () => {
    expect(contentHash('{"name":"Button"}')).toMatch(/^[0-9a-f]{32}$/);
    expect(contentHash('x', 1)).not.toBe(contentHash('x', 0));
  });

  it('changes when one character or the length changes', () => {
    const base = JSON.stringify({ name: 'Button', width: 120, fills: ['#0a84ff'] });
    const seen = new Set([contentHash(base)]);
    for (let i = 0; i < base.length; i++) {
      const changed = base.slice(0, i) + String.fromCharCode(base.charCodeAt(i) ^ 1) + base.slice(i + 1);
      seen.add(contentHash(changed));
    }
    seen.add(contentHash(base + ' '));
    seen.add(contentHash(base.slice(0, -1)));
    expect(seen.size).toBe(base.length + 3);
  });

  it('has no collisions among 50,000 similar descriptions', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50_000; i++) seen.add(contentHash(`{"name":"Component ${i}","width":${i % 640}}`));
    expect(seen.size).toBe(50_000);
  });
});
