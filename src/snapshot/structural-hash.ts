// The content hash of a normalized description, computed over the object tree itself rather
// than its JSON text. Why: in the Figma sandbox (an interpreter compiled to WebAssembly) both
// JSON.stringify and a per-character hash loop cost more than reading the layers from Figma;
// walking the tree once and hashing values, with every distinct string hashed only once,
// is several times cheaper.
//
// Definition (what makes it equal for equal descriptions and different otherwise): the tree is
// fed as a stream of 32-bit words in canonical order — objects as OBJECT, then per defined
// property its key and value (a key with a string value as one word per lane: key code xor
// rotated value code; a key with an integer value likewise: key code xor INT xor the value),
// then END; arrays as ARRAY+length then items; strings as their
// 64-bit code (MurmurHash3_x86_128 of the UTF-16LE bytes, first two words; cached);
// integers as INT + value; other numbers as FLOAT + the two words of the IEEE-754 double;
// booleans and null as tags. Keys are visited in insertion order, which for the normalizer's
// output is canonical (code-unit) order — the same order canonical JSON uses — so the stream,
// and the hash, is a function of the canonical JSON. (Keys that look like array indices, e.g. a
// component property named "2", come first, as in JSON.stringify: still deterministic.)
// `descriptionHash` gives the same result for a component description, reading the fields of
// the normalized format by name instead of enumerating them (tests check the two agree).
//
// The stream goes through two 32-bit lanes, each an xor and a multiply (by a 21-bit odd
// constant, exact in doubles) per word; lane 1 takes a string's low code word and lane 2 its high
// word. Both lanes are finalized with MurmurHash3's fmix32 and cross-added: 64 bits, printed as
// 16 hex digits. Not cryptographic. Strings enter as 64-bit MurmurHash3 codes, so replacing one
// string by another goes unnoticed with probability about 2^-64; for the whole description,
// treat the chance that two different versions share a hash as roughly n²/2^64 for n versions
// (~5e-8 for a million), negligible for change detection: a collision would only hide one edit
// until the next one.
import { contentHash, fmix32, hex32 } from './content-hash';

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
/**
 * A dictionary without prototype rather than a Map: `codes[text]` is a bytecode, `Map#get` a
 * native call, and the interpreter does the former about 40 % faster (measured in QuickJS).
 */
type StringCodes = Record<string, StringCode | undefined>;
let stringCodes = Object.create(null) as StringCodes;
let stringCount = 0;
const STRING_CACHE_LIMIT = 50_000;

function stringCode(text: string): StringCode {
  let code = stringCodes[text];
  if (code === undefined) {
    const hex = contentHash(text);
    const lo = parseInt(hex.slice(0, 8), 16) | 0;
    const hi = parseInt(hex.slice(8, 16), 16) | 0;
    code = [lo, hi, (lo << 13) | (lo >>> 19), (hi << 11) | (hi >>> 21)];
    if (++stringCount > STRING_CACHE_LIMIT) {
      stringCodes = Object.create(null) as StringCodes;
      stringCount = 1;
    }
    stringCodes[text] = code;
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
      const code = stringCodes[value] ?? stringCode(value);
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
      const code = stringCodes[item] ?? stringCode(item);
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

/** Feeds a key (by code) and its value: a string or int value goes in with the key in one go. */
function feedPair(keyWords: StringCode, item: unknown): void {
  if (typeof item === 'string') {
    // A key and its string value go in together, one step per lane: the key's code xor the
    // value's code rotated (so that {a: 'b'} and {b: 'a'} differ).
    const code = stringCodes[item] ?? stringCode(item);
    h1 = ((h1 ^ keyWords[0] ^ code[2]) * 0x1e35a7) | 0;
    h2 = ((h2 ^ keyWords[1] ^ code[3]) * 0x1b8735) | 0;
  } else if (typeof item === 'number' && (item | 0) === item && (item !== 0 || 1 / item > 0)) {
    // A key and an int value in one step per lane: the key's code xor INT xor the value. Keys
    // have random 32-bit codes per lane, so two pairs give the same words in both lanes with
    // probability about 2^-64.
    h1 = ((h1 ^ keyWords[0] ^ TAG_INT ^ item) * 0x1e35a7) | 0;
    h2 = ((h2 ^ keyWords[1] ^ TAG_INT ^ item) * 0x1b8735) | 0;
  } else {
    h1 = ((h1 ^ keyWords[0]) * 0x1e35a7) | 0;
    h2 = ((h2 ^ keyWords[1]) * 0x1b8735) | 0;
    feed(item);
  }
}

function openObject(): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0;
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
}

function closeObject(): void {
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0;
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

function feedObject(record: Record<string, unknown>): void {
  openObject();
  for (const key in record) {
    const item = record[key];
    if (item === undefined) continue;
    feedPair(keyCodes[key] ?? keyCode(key), item);
  }
  closeObject();
}

// ---- The normalized format, field by field ----------------------------------------------------
// Objects of the normalizer's own format (nodes, text, auto layout, paints) are fed by reading
// their known fields by name, in canonical order, instead of enumerating keys with for…in —
// several times cheaper in the interpreter. Absent fields are skipped, exactly as the generic
// walk skips them, so both give the same stream for the same object. Any other object (effects,
// bound variables, properties, …) goes through the generic walk.

/** Field names of each format object, in canonical order (tests check nothing else appears). */
export const NODE_FIELDS = ['blendMode', 'boundVariables', 'children', 'clipsContent', 'componentKey', 'componentProperties', 'cornerRadius', 'documentationLinks', 'effectStyle', 'effects', 'fillStyle', 'fills', 'height', 'horizontalSizing', 'layout', 'name', 'opacity', 'positioning', 'propertyRefs', 'rotation', 'strokeAlign', 'strokeStyle', 'strokeWeight', 'strokes', 'text', 'type', 'verticalSizing', 'visible', 'width', 'x', 'y'] as const;
export const TEXT_FIELDS = ['align', 'autoResize', 'case', 'characters', 'decoration', 'fontFamily', 'fontStyle', 'hyperlink', 'letterSpacing', 'lineHeight', 'segments', 'size', 'textStyle', 'verticalAlign'] as const;
export const LAYOUT_FIELDS = ['align', 'counterAlign', 'counterGap', 'counterSizing', 'direction', 'gap', 'padding', 'primarySizing', 'wrap'] as const;
export const PAINT_FIELDS = ['blendMode', 'boundVariables', 'color', 'filters', 'imageHash', 'opacity', 'rotation', 'scaleMode', 'scalingFactor', 'stops', 'transform', 'type', 'visible'] as const;

function codesOf<T extends string>(fields: readonly T[]): Record<T, StringCode> {
  const out = {} as Record<T, StringCode>;
  for (const field of fields) out[field] = stringCode(field);
  return out;
}

const N = codesOf(NODE_FIELDS);
const T = codesOf(TEXT_FIELDS);
const L = codesOf(LAYOUT_FIELDS);
const P = codesOf(PAINT_FIELDS);
const D = codesOf(['description', 'kind', 'name', 'node', 'properties', 'variants'] as const);

type Fields = Record<string, unknown>;

function feedPaint(paint: Fields): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0; // openObject(), inline
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
  let v: unknown;
  if ((v = paint.blendMode) !== undefined) feedPair(P.blendMode, v);
  if ((v = paint.boundVariables) !== undefined) feedPair(P.boundVariables, v);
  if ((v = paint.color) !== undefined) feedPair(P.color, v);
  if ((v = paint.filters) !== undefined) feedPair(P.filters, v);
  if ((v = paint.imageHash) !== undefined) feedPair(P.imageHash, v);
  if ((v = paint.opacity) !== undefined) feedPair(P.opacity, v);
  if ((v = paint.rotation) !== undefined) feedPair(P.rotation, v);
  if ((v = paint.scaleMode) !== undefined) feedPair(P.scaleMode, v);
  if ((v = paint.scalingFactor) !== undefined) feedPair(P.scalingFactor, v);
  if ((v = paint.stops) !== undefined) feedPair(P.stops, v);
  if ((v = paint.transform) !== undefined) feedPair(P.transform, v);
  if ((v = paint.type) !== undefined) feedPair(P.type, v);
  if ((v = paint.visible) !== undefined) feedPair(P.visible, v);
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0; // closeObject(), inline
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

function feedPaintsPair(keyWords: StringCode, paints: unknown[]): void {
  const length = paints.length;
  h1 = ((h1 ^ keyWords[0]) * 0x1e35a7) | 0;
  h1 = ((h1 ^ TAG_ARRAY ^ length) * 0x1e35a7) | 0;
  h2 = ((h2 ^ keyWords[1]) * 0x1b8735) | 0;
  h2 = ((h2 ^ TAG_ARRAY ^ length) * 0x1b8735) | 0;
  for (let i = 0; i < length; i++) feedPaint(paints[i] as Fields);
}

function feedText(text: Fields): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0; // openObject(), inline
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
  let v: unknown;
  if ((v = text.align) !== undefined) feedPair(T.align, v);
  if ((v = text.autoResize) !== undefined) feedPair(T.autoResize, v);
  if ((v = text.case) !== undefined) feedPair(T.case, v);
  if ((v = text.characters) !== undefined) feedPair(T.characters, v);
  if ((v = text.decoration) !== undefined) feedPair(T.decoration, v);
  if ((v = text.fontFamily) !== undefined) feedPair(T.fontFamily, v);
  if ((v = text.fontStyle) !== undefined) feedPair(T.fontStyle, v);
  if ((v = text.hyperlink) !== undefined) feedPair(T.hyperlink, v);
  if ((v = text.letterSpacing) !== undefined) feedPair(T.letterSpacing, v);
  if ((v = text.lineHeight) !== undefined) feedPair(T.lineHeight, v);
  if ((v = text.segments) !== undefined) feedPair(T.segments, v);
  if ((v = text.size) !== undefined) feedPair(T.size, v);
  if ((v = text.textStyle) !== undefined) feedPair(T.textStyle, v);
  if ((v = text.verticalAlign) !== undefined) feedPair(T.verticalAlign, v);
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0; // closeObject(), inline
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

function feedLayout(layout: Fields): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0; // openObject(), inline
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
  let v: unknown;
  if ((v = layout.align) !== undefined) feedPair(L.align, v);
  if ((v = layout.counterAlign) !== undefined) feedPair(L.counterAlign, v);
  if ((v = layout.counterGap) !== undefined) feedPair(L.counterGap, v);
  if ((v = layout.counterSizing) !== undefined) feedPair(L.counterSizing, v);
  if ((v = layout.direction) !== undefined) feedPair(L.direction, v);
  if ((v = layout.gap) !== undefined) feedPair(L.gap, v);
  if ((v = layout.padding) !== undefined) feedPair(L.padding, v);
  if ((v = layout.primarySizing) !== undefined) feedPair(L.primarySizing, v);
  if ((v = layout.wrap) !== undefined) feedPair(L.wrap, v);
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0; // closeObject(), inline
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

function feedNode(node: Fields): void {
  h1 = ((h1 ^ TAG_OBJECT) * 0x1e35a7) | 0; // openObject(), inline
  h2 = ((h2 ^ TAG_OBJECT) * 0x1b8735) | 0;
  let v: unknown;
  if ((v = node.blendMode) !== undefined) feedPair(N.blendMode, v);
  if ((v = node.boundVariables) !== undefined) feedPair(N.boundVariables, v);
  if ((v = node.children) !== undefined) {
    const children = v as Fields[];
    const length = children.length;
    h1 = ((h1 ^ N.children[0]) * 0x1e35a7) | 0;
    h1 = ((h1 ^ TAG_ARRAY ^ length) * 0x1e35a7) | 0;
    h2 = ((h2 ^ N.children[1]) * 0x1b8735) | 0;
    h2 = ((h2 ^ TAG_ARRAY ^ length) * 0x1b8735) | 0;
    for (let i = 0; i < length; i++) feedNode(children[i]!);
  }
  if ((v = node.clipsContent) !== undefined) feedPair(N.clipsContent, v);
  if ((v = node.componentKey) !== undefined) feedPair(N.componentKey, v);
  if ((v = node.componentProperties) !== undefined) feedPair(N.componentProperties, v);
  if ((v = node.cornerRadius) !== undefined) feedPair(N.cornerRadius, v);
  if ((v = node.documentationLinks) !== undefined) feedPair(N.documentationLinks, v);
  if ((v = node.effectStyle) !== undefined) feedPair(N.effectStyle, v);
  if ((v = node.effects) !== undefined) feedPair(N.effects, v);
  if ((v = node.fillStyle) !== undefined) feedPair(N.fillStyle, v);
  if ((v = node.fills) !== undefined) feedPaintsPair(N.fills, v as unknown[]);
  if ((v = node.height) !== undefined) feedPair(N.height, v);
  if ((v = node.horizontalSizing) !== undefined) feedPair(N.horizontalSizing, v);
  if ((v = node.layout) !== undefined) {
    h1 = ((h1 ^ N.layout[0]) * 0x1e35a7) | 0;
    h2 = ((h2 ^ N.layout[1]) * 0x1b8735) | 0;
    feedLayout(v as Fields);
  }
  if ((v = node.name) !== undefined) feedPair(N.name, v);
  if ((v = node.opacity) !== undefined) feedPair(N.opacity, v);
  if ((v = node.positioning) !== undefined) feedPair(N.positioning, v);
  if ((v = node.propertyRefs) !== undefined) feedPair(N.propertyRefs, v);
  if ((v = node.rotation) !== undefined) feedPair(N.rotation, v);
  if ((v = node.strokeAlign) !== undefined) feedPair(N.strokeAlign, v);
  if ((v = node.strokeStyle) !== undefined) feedPair(N.strokeStyle, v);
  if ((v = node.strokeWeight) !== undefined) feedPair(N.strokeWeight, v);
  if ((v = node.strokes) !== undefined) feedPaintsPair(N.strokes, v as unknown[]);
  if ((v = node.text) !== undefined) {
    h1 = ((h1 ^ N.text[0]) * 0x1e35a7) | 0;
    h2 = ((h2 ^ N.text[1]) * 0x1b8735) | 0;
    feedText(v as Fields);
  }
  if ((v = node.type) !== undefined) feedPair(N.type, v);
  if ((v = node.verticalSizing) !== undefined) feedPair(N.verticalSizing, v);
  if ((v = node.visible) !== undefined) feedPair(N.visible, v);
  if ((v = node.width) !== undefined) feedPair(N.width, v);
  if ((v = node.x) !== undefined) feedPair(N.x, v);
  if ((v = node.y) !== undefined) feedPair(N.y, v);
  h1 = ((h1 ^ TAG_END) * 0x1e35a7) | 0; // closeObject(), inline
  h1 ^= h1 >>> 15;
  h2 = ((h2 ^ TAG_END) * 0x1b8735) | 0;
  h2 ^= h2 >>> 13;
}

/**
 * 64-bit structural hash of a JSON-safe value whose objects have canonical key order (as the
 * normalizer builds them), as 16 hex digits.
 */
export function structuralHash(value: unknown): string {
  h1 = 0x9747b28c;
  h2 = 0x5bd1e995;
  feed(value);
  return digest();
}

function digest(): string {
  let a = fmix32(h1);
  let b = fmix32(h2 ^ a);
  a = (a + b) | 0;
  b = (b + a) | 0;
  return hex32(a) + hex32(b);
}

/**
 * The content hash of a component: structuralHash of {description, kind, name, node,
 * properties, variants}, with the node tree fed field by field (same stream as the generic walk
 * for objects of the normalized format).
 */
export function descriptionHash(component: { description: string; kind: string; name: string; node: object; properties: object; variants: unknown[] }): string {
  h1 = 0x9747b28c;
  h2 = 0x5bd1e995;
  openObject();
  feedPair(D.description, component.description);
  feedPair(D.kind, component.kind);
  feedPair(D.name, component.name);
  h1 = ((h1 ^ D.node[0]) * 0x1e35a7) | 0;
  h2 = ((h2 ^ D.node[1]) * 0x1b8735) | 0;
  feedNode(component.node as Fields);
  feedPair(D.properties, component.properties);
  feedPair(D.variants, component.variants);
  closeObject();
  return digest();
}
