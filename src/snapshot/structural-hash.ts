// The content hash of a normalized description, computed over the object tree itself rather
// than its JSON text. Why: in the Figma sandbox (an interpreter compiled to WebAssembly) both
// JSON.stringify and a per-character hash loop cost more than reading the layers from Figma;
// walking the tree once and hashing values, with every distinct string hashed only once,
// is several times cheaper.
//
// Definition (what makes it equal for equal descriptions and different otherwise): the tree is
// fed as a stream of 32-bit words in canonical order — objects as OBJECT, then per defined
// property its key and value (a key with a string value as one word per lane: key code xor
// rotated value code), then END; arrays as ARRAY+length then items; strings as their
// 64-bit code (MurmurHash3_x86_128 of the UTF-16LE bytes, first two words; cached);
// integers as INT + value; other numbers as FLOAT + the two words of the IEEE-754 double;
// booleans and null as tags. Keys are visited in insertion order, which for the normalizer's
// output is canonical (code-unit) order — the same order canonical JSON uses — so the stream,
// and the hash, is a function of the canonical JSON.
//
// The stream goes through two 32-bit lanes, each an xor and a multiply (by a 21-bit odd
// constant, exact in doubles) per word; lane 1 takes a string's low code word and lane 2 its high
// word. Both lanes are finalized with MurmurHash3's fmix32 and cross-added: 64 bits, printed as
// 16 hex digits. Not cryptographic. Strings enter as 64-bit MurmurHash3 codes, so replacing one
// string by another goes unnoticed with probability about 2^-64; for the whole description,
// treat the chance that two different versions share a hash as roughly n²/2^64 for n versions
// (~5e-8 for a million), negligible for change detection: a collision would only hide one edit
// until the next one.
import { contentHash } from './content-hash';

const TAG_NULL = 0x6e756c6c;
const TAG_FALSE = 0x66616c73;
const TAG_TRUE = 0x74727565;
const TAG_INT = 0x696e7420;
const TAG_FLOAT = 0x666c6f74;
const TAG_ARRAY = 0x61727220;
const TAG_OBJECT = 0x6f626a20;
const TAG_END = 0x656e6420;

let h1 = 0;
let h2 = 0;

const floatView = new Float64Array(1);
const wordView = new Int32Array(floatView.buffer);

/**
 * 64-bit codes of strings seen recently: [lo, hi, lo rotated by 13, hi rotated by 11] (the
 * rotations are what a string value mixes in next to its key; stored to save the work).
 * Bounded so that memory stays flat.
 */
type StringCode = [number, number, number, number];
let stringCodes = new Map<string, StringCode>();
const STRING_CACHE_LIMIT = 50_000;

function stringCode(text: string): StringCode {
  let code = stringCodes.get(text);
  if (code === undefined) {
    const hex = contentHash(text);
    const lo = parseInt(hex.slice(0, 8), 16) | 0;
    const hi = parseInt(hex.slice(8, 16), 16) | 0;
    code = [lo, hi, (lo << 13) | (lo >>> 19), (hi << 11) | (hi >>> 21)];
    if (stringCodes.size >= STRING_CACHE_LIMIT) stringCodes = new Map();
    stringCodes.set(text, code);
  }
  return code;
}

// The lane steps are written out inline below (no helper calls): in the sandbox's interpreter a
// function call costs as much as the arithmetic itself, and this loop runs for every value of
// every layer. Each step is FNV-1a-like: xor the word in, multiply by an odd 21-bit constant —
// exact in doubles (|x| ≤ 2^31, product < 2^53), so `| 0` keeps the low 32 bits as Math.imul
// would. A step is a bijection of the lane state, so a stream that differs in one word always
// ends in a different state; an xor-shift after each object brings high bits down, and the
// final fmix32 avalanches. Lane 1 takes a string's low code word and lane 2 its high word, so a
// changed string changes both lanes independently. Strings carry no type tag (their codes are
// already well mixed); every other kind of value does.

/** Feeds one value: primitives inline, objects and arrays through feedObject / feedArray. */
function feed(value: unknown): void {
  switch (typeof value) {
    case 'string': {
      const code = stringCodes.get(value) ?? stringCode(value);
      h1 = ((h1 ^ code[0]) * 0x1e35a7) | 0;
      h2 = ((h2 ^ code[1]) * 0x1b8735) | 0;
      return;
    }
    case 'number': {
      let k: number;
      let k2: number;
      if ((value | 0) === value && (value !== 0 || 1 / value > 0)) {
        k = TAG_INT;
        k2 = value;
      } else {
        floatView[0] = value;
        k = TAG_FLOAT ^ wordView[1]!;
        k2 = wordView[0]!;
      }
      h1 = ((h1 ^ k) * 0x1e35a7) | 0;
      h1 = ((h1 ^ k2) * 0x1e35a7) | 0;
      h2 = ((h2 ^ k) * 0x1b8735) | 0;
      h2 = ((h2 ^ k2) * 0x1b8735) | 0;
      return;
    }
    case 'boolean': {
      const k = value ? TAG_TRUE : TAG_FALSE;
      h1 = ((h1 ^ k) * 0x1e35a7) | 0;
      h2 = ((h2 ^ k) * 0x1b8735) | 0;
      return;
    }
    case 'object':
      if (value === null) {
        h1 = ((h1 ^ TAG_NULL) * 0x1e35a7) | 0;
        h2 = ((h2 ^ TAG_NULL) * 0x1b8735) | 0;
      } else if (Array.isArray(value)) {
        feedArray(value);
      } else {
        feedObject(value as Record<string, unknown>);
      }
      return;
    default:
      throw new Error(`cannot hash a ${typeof value}: the description must be JSON-safe`);
  }
}

function feedArray(list: unknown[]): void {
  const length = list.length;
  const k = TAG_ARRAY ^ length;
  h1 = ((h1 ^ k) * 0x1e35a7) | 0;
  h2 = ((h2 ^ k) * 0x1b8735) | 0;
  for (let i = 0; i < length; i++) {
    const item = list[i];
    if (typeof item === 'string') {
      const code = stringCodes.get(item) ?? stringCode(item);
      h1 = ((h1 ^ code[0]) * 0x1e35a7) | 0;
      h2 = ((h2 ^ code[1]) * 0x1b8735) | 0;
    } else {
      feed(item);
    }
  }
}

/** Codes of object keys: a dictionary, which the interpreter looks keys up in faster than a Map. */
let keyCodes: Record<string, StringCode | undefined> = Object.create(null) as Record<string, StringCode | undefined>;
let keyCount = 0;

function keyCode(key: string): StringCode {
  const code = stringCode(key);
  if (++keyCount > STRING_CACHE_LIMIT) {
    keyCodes = Object.create(null) as Record<string, StringCode | undefined>;
    keyCount = 0;
  }
  keyCodes[key] = code;
  return code;
}

function feedObject(record: Record<string, unknown>): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0;
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
  for (const key in record) {
    const item = record[key];
    if (item === undefined) continue;
    const keyWords = keyCodes[key] ?? keyCode(key);
    // A key and its string value go in together, one step per lane: the key's code xor the
    // value's code rotated (so that {a: 'b'} and {b: 'a'} differ).
    if (typeof item === 'string') {
      const code = stringCodes.get(item) ?? stringCode(item);
      h1 = ((h1 ^ keyWords[0] ^ code[2]) * 0x1e35a7) | 0;
      h2 = ((h2 ^ keyWords[1] ^ code[3]) * 0x1b8735) | 0;
    } else if (typeof item === 'number' && (item | 0) === item && (item !== 0 || 1 / item > 0)) {
      h1 = ((h1 ^ keyWords[0] ^ TAG_INT) * 0x1e35a7) | 0;
      h1 = ((h1 ^ item) * 0x1e35a7) | 0;
      h2 = ((h2 ^ keyWords[1] ^ TAG_INT) * 0x1b8735) | 0;
      h2 = ((h2 ^ item) * 0x1b8735) | 0;
    } else {
      h1 = ((h1 ^ keyWords[0]) * 0x1e35a7) | 0;
      h2 = ((h2 ^ keyWords[1]) * 0x1b8735) | 0;
      feed(item);
    }
  }
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0;
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function hex32(value: number): string {
  const text = (value >>> 0).toString(16);
  return text.length === 8 ? text : '00000000'.slice(text.length) + text;
}

/**
 * 64-bit structural hash of a JSON-safe value whose objects have canonical key order (as the
 * normalizer builds them), as 16 hex digits.
 */
export function structuralHash(value: unknown): string {
  h1 = 0x9747b28c;
  h2 = 0x5bd1e995;
  feed(value);
  let a = fmix32(h1);
  let b = fmix32(h2 ^ a);
  a = (a + b) | 0;
  b = (b + a) | 0;
  return hex32(a) + hex32(b);
}
