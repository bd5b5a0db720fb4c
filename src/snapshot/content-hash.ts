// The string codes of the structural hash (structural-hash.ts): MurmurHash3 x86_128 over the
// UTF-16LE code units of a string (two code units make one 32-bit word, so the result equals
// MurmurHash3_x86_128 of the string's UTF-16LE bytes, seed 0), plus the finalizer and hex
// printing it shares. Change detection hashes descriptions with structural-hash.ts, which takes
// each string's first two words from here; `contentHash` prints all 128 bits as 32 lower-case
// hex digits (tests check the function against a byte-wise reference through it, and fixtures
// use it for stable keys).
//
// Why this one: the sandbox has no Web Crypto and runs in an interpreter, so the hash must be
// plain 32-bit integer arithmetic (Math.imul) with few operations per input character. x86_128
// reads 8 code units per block into four independent lanes (about 11 interpreter operations
// per character) and has full avalanche. It is not cryptographic: it only detects changes.
// The odds that two descriptions share a hash are the structural hash's (structural-hash.ts).

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

/** MurmurHash3's 32-bit finalizer. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** A 32-bit value as 8 hex digits. */
export function hex32(value: number): string {
  const text = (value >>> 0).toString(16);
  return text.length === 8 ? text : '00000000'.slice(text.length) + text;
}

/** MurmurHash3_x86_128 of `text` as UTF-16LE bytes, as 32 hex digits. */
export function contentHash(text: string, seed = 0): string {
  const [h1, h2, h3, h4] = murmurHash128(text, seed);
  return hex32(h1) + hex32(h2) + hex32(h3) + hex32(h4);
}

/** MurmurHash3_x86_128 of `text` as UTF-16LE bytes: its four 32-bit words, in printing order. */
export function murmurHash128(text: string, seed = 0): [number, number, number, number] {
  const units = text.length;
  const blockEnd = units - (units & 7);
  let h1 = seed | 0;
  let h2 = seed | 0;
  let h3 = seed | 0;
  let h4 = seed | 0;
  let k1: number;
  let k2: number;
  let k3: number;
  let k4: number;
  let i = 0;
  for (; i < blockEnd; i += 8) {
    k1 = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    k2 = text.charCodeAt(i + 2) | (text.charCodeAt(i + 3) << 16);
    k3 = text.charCodeAt(i + 4) | (text.charCodeAt(i + 5) << 16);
    k4 = text.charCodeAt(i + 6) | (text.charCodeAt(i + 7) << 16);

    k1 = Math.imul(k1, C1);
    k1 = (k1 << 15) | (k1 >>> 17);
    h1 ^= Math.imul(k1, C2);
    h1 = (h1 << 19) | (h1 >>> 13);
    h1 = (h1 + h2) | 0;
    h1 = (Math.imul(h1, 5) + 0x561ccd1b) | 0;

    k2 = Math.imul(k2, C2);
    k2 = (k2 << 16) | (k2 >>> 16);
    h2 ^= Math.imul(k2, C3);
    h2 = (h2 << 17) | (h2 >>> 15);
    h2 = (h2 + h3) | 0;
    h2 = (Math.imul(h2, 5) + 0x0bcaa747) | 0;

    k3 = Math.imul(k3, C3);
    k3 = (k3 << 17) | (k3 >>> 15);
    h3 ^= Math.imul(k3, C4);
    h3 = (h3 << 15) | (h3 >>> 17);
    h3 = (h3 + h4) | 0;
    h3 = (Math.imul(h3, 5) + 0x96cd1c35) | 0;

    k4 = Math.imul(k4, C4);
    k4 = (k4 << 18) | (k4 >>> 14);
    h4 ^= Math.imul(k4, C1);
    h4 = (h4 << 13) | (h4 >>> 19);
    h4 = (h4 + h1) | 0;
    h4 = (Math.imul(h4, 5) + 0x32ac3b17) | 0;
  }

  // Tail: 0..7 code units, i.e. 0..14 bytes; missing bytes are zero as in the reference.
  const tail = units - i;
  k1 = k2 = k3 = k4 = 0;
  if (tail > 6) k4 = text.charCodeAt(i + 6);
  if (tail > 4) k3 = text.charCodeAt(i + 4) | (tail > 5 ? text.charCodeAt(i + 5) << 16 : 0);
  if (tail > 2) k2 = text.charCodeAt(i + 2) | (tail > 3 ? text.charCodeAt(i + 3) << 16 : 0);
  if (tail > 0) k1 = text.charCodeAt(i) | (tail > 1 ? text.charCodeAt(i + 1) << 16 : 0);
  if (tail > 6) {
    k4 = Math.imul(k4, C4);
    k4 = (k4 << 18) | (k4 >>> 14);
    h4 ^= Math.imul(k4, C1);
  }
  if (tail > 4) {
    k3 = Math.imul(k3, C3);
    k3 = (k3 << 17) | (k3 >>> 15);
    h3 ^= Math.imul(k3, C4);
  }
  if (tail > 2) {
    k2 = Math.imul(k2, C2);
    k2 = (k2 << 16) | (k2 >>> 16);
    h2 ^= Math.imul(k2, C3);
  }
  if (tail > 0) {
    k1 = Math.imul(k1, C1);
    k1 = (k1 << 15) | (k1 >>> 17);
    h1 ^= Math.imul(k1, C2);
  }

  const byteLength = units * 2;
  h1 ^= byteLength;
  h2 ^= byteLength;
  h3 ^= byteLength;
  h4 ^= byteLength;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h3 = fmix32(h3);
  h4 = fmix32(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  return [h1, h2, h3, h4];
}
