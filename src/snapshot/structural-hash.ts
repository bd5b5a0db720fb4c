// The content hash of a normalized description. It is computed while the normalizer builds the
// description (normalize/ calls the mix* steps below as it writes each field), not by
// walking the finished tree again: in the Figma sandbox (an interpreter compiled to
// WebAssembly) a second walk costs a property look-up for every field the format could have
// and a call for every value, about as much as normalizing itself, and JSON.stringify plus a
// per-character hash costs more still.
//
// Definition (what makes it equal for equal descriptions and different otherwise). The
// description is fed as a stream of 32-bit words in canonical order (object keys in code-unit
// order, as canonical JSON writes them):
// - objects as, for each defined property, its key and value, then END; a key with a string
//   value is one word per lane (key code xor rotated value code), a key with an integer value
//   likewise (key code xor INT xor the value); any other value follows its key. No word marks
//   where an object starts: a key standing alone is followed by a tag (FLOAT, ARRAY, TRUE,
//   FALSE, NULL, REF) unless its value is an object, so the object's fields (or its END, when
//   empty) can only be mistaken for a tag when a random 64-bit code equals one, the same odds
//   as two strings sharing a code. (A start tag cost ≈ 1.5 % of full reading time.)
// - arrays as ARRAY xor length, then the items;
// - strings as their 64-bit code (MurmurHash3_x86_128 of the UTF-16LE bytes, first two words;
//   cached); integers as INT + value; other numbers as FLOAT + the two words of the IEEE-754
//   double; booleans and null as tags;
// - references — values the normalizer can only learn asynchronously after the walk (style
//   names, variables, main-component keys, INSTANCE_SWAP values) — enter as REF where they
//   stand, and their resolved values are fed after the description, in the order they stand in
//   it. Which places hold references follows from the description itself (field names and
//   property types), so the stream still determines the description (but for 64-bit codes
//   coinciding, as two strings' codes can).
// `structuralHash` is that definition as a plain tree walk; tests check that the hashes the
// normalizer computes on the fly equal it for every fixture component.
//
// The stream goes through two 32-bit lanes, each an xor and a multiply (by a 21-bit odd
// constant, exact in doubles) per word; lane 1 takes a string's low code word and lane 2 its
// high word. Both lanes are finalized with MurmurHash3's fmix32 and cross-added: 64 bits,
// printed as 16 hex digits. Not cryptographic. Strings enter as 64-bit MurmurHash3 codes, so
// replacing one string by another goes unnoticed with probability about 2^-64; for the whole
// description, treat the chance that two different versions share a hash as roughly n²/2^64
// for n versions (~5e-8 for a million), negligible for change detection: a collision would
// only hide one edit until the next one.
import { fmix32, hex32, murmurHash128 } from './content-hash';

const TAG_NULL = 0x6e756c6c;
const TAG_FALSE = 0x66616c73;
const TAG_TRUE = 0x74727565;
const TAG_INT = 0x696e7420;
const TAG_FLOAT = 0x666c6f74;
const TAG_ARRAY = 0x61727220;
const TAG_END = 0x656e6420;
const TAG_REF = 0x72656620;

/** The two lanes. Module state: hashing is synchronous and one stream runs at a time. */
let h1 = 0;
let h2 = 0;

/**
 * Measurement-only variant (issue 20 experiment): the third lane `g` of the fingerprint
 * prototypes and nothing else (no categories, no folds), to see what the lane alone costs.
 */
let g = 0;
/** Read so that the lane is not dead code. */
export function laneState(): number {
  return g;
}

const floatView = new Float64Array(1);
const wordView = new Int32Array(floatView.buffer);

/**
 * 64-bit code of a string: [lo, hi, lo rotated by 13, hi rotated by 11] (the rotations are
 * what a string value mixes in next to its key; stored to save the work).
 */
export type StringCode = readonly [number, number, number, number];

/**
 * Codes of strings seen recently, bounded so that memory stays flat. A dictionary without
 * prototype rather than a Map: `codes[text]` is a bytecode, `Map#get` a native call, and the
 * interpreter does the former about 40 % faster (measured in QuickJS).
 */
let stringCodes = Object.create(null) as Record<string, StringCode | undefined>;
let stringCount = 0;
const STRING_CACHE_LIMIT = 50_000;

export function stringCode(text: string): StringCode {
  let code = stringCodes[text];
  if (code === undefined) {
    const [lo, hi] = murmurHash128(text);
    code = [lo, hi, (lo << 13) | (lo >>> 19), (hi << 11) | (hi >>> 21)];
    if (++stringCount > STRING_CACHE_LIMIT) {
      stringCodes = Object.create(null) as Record<string, StringCode | undefined>;
      stringCount = 1;
    }
    stringCodes[text] = code;
  }
  return code;
}

// Each step is FNV-1a-like: xor the word in, multiply by an odd 21-bit constant — exact in
// doubles (|x| ≤ 2^31, product < 2^53), so `| 0` keeps the low 32 bits as Math.imul would. A
// step is a bijection of the lane state, so a stream that differs in one word always ends in a
// different state; an xor-shift after each object brings high bits down, and the final fmix32
// avalanches. Strings carry no type tag (their codes are already well mixed); every other kind
// of value does. The steps are written out inline: in the interpreter a call costs as much as
// the arithmetic.

// ---- Stream steps (called by the normalizer as it writes) --------------------------------

/** Starts a new stream. */
export function beginHash(): void {
  h1 = 0x9747b28c;
  h2 = 0x5bd1e995;
}

/** The lanes, to continue the stream later (after references are resolved). */
export function hashLanes(): [number, number] {
  return [h1, h2];
}

export function resumeHash(lanes: readonly [number, number]): void {
  h1 = lanes[0];
  h2 = lanes[1];
}

/** Ends the stream: 16 hex digits. */
export function digestHash(): string {
  let a = fmix32(h1);
  let b = fmix32(h2 ^ a);
  a = (a + b) | 0;
  b = (b + a) | 0;
  return hex32(a) + hex32(b);
}

export function mixClose(): void {
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0;
  g = ((g ^ TAG_END) * 0x16a09f) | 0;
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

/** A key whose value follows as its own steps (an object, an array, a float, …). */
export function mixKey(key: StringCode): void {
  h1 = ((h1 ^ key[0]) * 0x1e35a7) | 0;
  g = ((g ^ key[0]) * 0x16a09f) | 0;
  h2 = ((h2 ^ key[1]) * 0x1b8735) | 0;
}

/** The start of an array of `length` items (the items follow). */
export function mixArray(length: number): void {
  const k = TAG_ARRAY ^ length;
  h1 = ((h1 ^ k) * 0x1e35a7) | 0;
  g = ((g ^ k) * 0x16a09f) | 0;
  h2 = ((h2 ^ k) * 0x1b8735) | 0;
}

/** A key and its array: key, then ARRAY xor length (the items follow). */
export function mixKeyArray(key: StringCode, length: number): void {
  h1 = ((h1 ^ key[0]) * 0x1e35a7) | 0;
  g = ((g ^ key[0]) * 0x16a09f) | 0;
  h1 = ((h1 ^ TAG_ARRAY ^ length) * 0x1e35a7) | 0;
  g = ((g ^ TAG_ARRAY ^ length) * 0x16a09f) | 0;
  h2 = ((h2 ^ key[1]) * 0x1b8735) | 0;
  h2 = ((h2 ^ TAG_ARRAY ^ length) * 0x1b8735) | 0;
}

/** A key and its string value, in one step per lane. */
export function mixKeyString(key: StringCode, value: string): void {
  const code = stringCodes[value] ?? stringCode(value);
  h1 = ((h1 ^ key[0] ^ code[2]) * 0x1e35a7) | 0;
  g = ((g ^ key[0] ^ code[2]) * 0x16a09f) | 0;
  h2 = ((h2 ^ key[1] ^ code[3]) * 0x1b8735) | 0;
}

/** A key and its number value (an integer in one step per lane). */
export function mixKeyNumber(key: StringCode, value: number): void {
  if ((value | 0) === value && (value !== 0 || 1 / value > 0)) {
    // Keys have random 32-bit codes per lane, so two pairs give the same words in both lanes
    // with probability about 2^-64.
    h1 = ((h1 ^ key[0] ^ TAG_INT ^ value) * 0x1e35a7) | 0;
    g = ((g ^ key[0] ^ TAG_INT ^ value) * 0x16a09f) | 0;
    h2 = ((h2 ^ key[1] ^ TAG_INT ^ value) * 0x1b8735) | 0;
  } else {
    h1 = ((h1 ^ key[0]) * 0x1e35a7) | 0;
    g = ((g ^ key[0]) * 0x16a09f) | 0;
    h2 = ((h2 ^ key[1]) * 0x1b8735) | 0;
    mixNumber(value);
  }
}

/** A string given its code (see stringCode), e.g. an array item. */
export function mixStringCode(code: StringCode): void {
  h1 = ((h1 ^ code[0]) * 0x1e35a7) | 0;
  g = ((g ^ code[0]) * 0x16a09f) | 0;
  h2 = ((h2 ^ code[1]) * 0x1b8735) | 0;
}

/** A key whose value is a reference, resolved and fed at the end of the stream. */
export function mixKeyRef(key: StringCode): void {
  h1 = ((h1 ^ key[0]) * 0x1e35a7) | 0;
  g = ((g ^ key[0]) * 0x16a09f) | 0;
  h1 = ((h1 ^ TAG_REF) * 0x1e35a7) | 0;
  g = ((g ^ TAG_REF) * 0x16a09f) | 0;
  h2 = ((h2 ^ key[1]) * 0x1b8735) | 0;
  h2 = ((h2 ^ TAG_REF) * 0x1b8735) | 0;
}

/** A reference as an array item. */
export function mixRef(): void {
  h1 = ((h1 ^ TAG_REF) * 0x1e35a7) | 0;
  g = ((g ^ TAG_REF) * 0x16a09f) | 0;
  h2 = ((h2 ^ TAG_REF) * 0x1b8735) | 0;
}

/** A key and any JSON value. */
export function mixKeyValue(key: StringCode, value: unknown): void {
  if (typeof value === 'string') mixKeyString(key, value);
  else if (typeof value === 'number') mixKeyNumber(key, value);
  else {
    h1 = ((h1 ^ key[0]) * 0x1e35a7) | 0;
    g = ((g ^ key[0]) * 0x16a09f) | 0;
    h2 = ((h2 ^ key[1]) * 0x1b8735) | 0;
    mixValue(value);
  }
}

export function mixString(value: string): void {
  mixStringCode(stringCodes[value] ?? stringCode(value));
}

export function mixNumber(value: number): void {
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
  g = ((g ^ k) * 0x16a09f) | 0;
  h1 = ((h1 ^ k2) * 0x1e35a7) | 0;
  g = ((g ^ k2) * 0x16a09f) | 0;
  h2 = ((h2 ^ k) * 0x1b8735) | 0;
  h2 = ((h2 ^ k2) * 0x1b8735) | 0;
}

/** Any JSON value, objects with their keys in insertion order (canonical for normalizer output). */
export function mixValue(value: unknown): void {
  switch (typeof value) {
    case 'string':
      mixString(value);
      return;
    case 'number':
      mixNumber(value);
      return;
    case 'boolean': {
      const k = value ? TAG_TRUE : TAG_FALSE;
      h1 = ((h1 ^ k) * 0x1e35a7) | 0;
      g = ((g ^ k) * 0x16a09f) | 0;
      h2 = ((h2 ^ k) * 0x1b8735) | 0;
      return;
    }
    case 'object':
      if (value === null) {
        h1 = ((h1 ^ TAG_NULL) * 0x1e35a7) | 0;
        g = ((g ^ TAG_NULL) * 0x16a09f) | 0;
        h2 = ((h2 ^ TAG_NULL) * 0x1b8735) | 0;
      } else if (Array.isArray(value)) {
        mixArray(value.length);
        for (let i = 0; i < value.length; i++) mixValue(value[i]);
      } else {
        const record = value as Record<string, unknown>;
        for (const key in record) {
          const item = record[key];
          if (item !== undefined) mixKeyValue(stringCode(key), item);
        }
        mixClose();
      }
      return;
    default:
      throw new Error(`cannot hash a ${typeof value}: the description must be JSON-safe`);
  }
}

// ---- The definition as a tree walk -----------------------------------------------------------

/** Where references stand: holder object or array → its fields that hold one. */
export type ReferencePlaces = ReadonlyMap<object, ReadonlySet<string | number>>;

function walk(value: unknown, places: ReferencePlaces | undefined, resolved: unknown[]): void {
  if (value === null || typeof value !== 'object') {
    mixValue(value);
    return;
  }
  const refs = places?.get(value);
  if (Array.isArray(value)) {
    mixArray(value.length);
    for (let i = 0; i < value.length; i++) {
      if (refs?.has(i)) {
        mixRef();
        resolved.push(value[i]);
      } else walk(value[i], places, resolved);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item === undefined) continue;
    if (refs?.has(key)) {
      mixKeyRef(stringCode(key));
      resolved.push(item);
    } else if (typeof item === 'string' || typeof item === 'number') {
      mixKeyValue(stringCode(key), item);
    } else {
      mixKey(stringCode(key));
      walk(item, places, resolved);
    }
  }
  mixClose();
}

/**
 * The hash of a JSON-safe value whose objects have canonical key order, by the definition
 * above: `places` says which fields hold references (none by default).
 */
export function structuralHash(value: unknown, places?: ReferencePlaces): string {
  beginHash();
  const resolved: unknown[] = [];
  walk(value, places, resolved);
  for (const item of resolved) mixValue(item);
  return digestHash();
}
