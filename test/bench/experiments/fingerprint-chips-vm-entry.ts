// What fingerprint-chips-bench.ts evaluates inside QuickJS: the sync-engine benchmark's entry
// (its classification of 10,000 changed components, the reference) and the chips of the same
// 10,000 components computed from two sets of category fingerprints (base and current) instead
// of by walking both payloads. The fingerprints are synthetic (random words; the current one
// differs from the base in the categories the sync-engine benchmark's edits touch): comparing
// them costs the same whatever their values. Stored three ways:
// - exact32: 14 categories × 32 bits, one Int32Array per side (14 words per component);
// - packed16: 14 categories × 16 bits, two per word (7 words per component);
// - packed8: 14 categories × 8 bits, four per word (4 words per component);
// and, to see what the storage costs, exact32 as one plain array of 14 numbers per component
// (what the prototype's normalizer returns). Each produces a chip mask per component and the
// chip list through a cache by mask (few distinct masks), like changeChips' output; the
// `…Mask` phases stop at the mask (an Int32Array), the chip list left to whoever shows a row.
// exact32f64 compares the 32-bit words two at a time as the doubles they make (a Float64Array
// over the same buffer) and looks at the two words only where the doubles differ: as exact as
// exact32 (a NaN pair only sends it to the words; +0/−0, equal as doubles, would need a pair of
// categories whose words are 0 and 0x80000000/0 — odds about 2^-64).
import '../sync-engine-vm-entry';
import { CHANGE_CHIP_ORDER } from '../../../src/sync/change-chips';
import type { SyncChangeChip } from '../../../src/shared/bridge/messages';

const CATEGORIES = 14;
let count = 0;
let base32 = new Int32Array(0);
let current32 = new Int32Array(0);
let base16 = new Int32Array(0);
let current16 = new Int32Array(0);
let base8 = new Int32Array(0);
let current8 = new Int32Array(0);
let baseArrays: number[][] = [];
let currentArrays: number[][] = [];
let chipLists: SyncChangeChip[][] = [];
let masks = new Int32Array(0);
let baseF64 = new Float64Array(0);
let currentF64 = new Float64Array(0);

let seed = 7;
function random32(): number {
  seed = (seed * 48271) % 2147483647;
  return (seed * 2654435761) | 0;
}

// The sync-engine benchmark's edits, by index % 5: a fill (and nothing else), characters (text),
// a width (size), a layer added (structure, and the new layer's size and fill), a description.
const CHANGED: number[][] = [[6], [9], [10], [4, 6, 10], [1]];

function pack(words: Int32Array, out: Int32Array, offset: number, bits: number): void {
  const perWord = 32 / bits;
  const mask = bits === 32 ? -1 : (1 << bits) - 1;
  const size = Math.ceil(CATEGORIES / perWord);
  for (let w = 0; w < size; w++) {
    let word = 0;
    for (let slot = 0; slot < perWord; slot++) {
      const category = w * perWord + slot;
      if (category < CATEGORIES) word |= (words[category]! & mask) << (slot * bits);
    }
    out[offset * size + w] = word;
  }
}

function setup(components: number): unknown {
  count = components;
  base32 = new Int32Array(count * CATEGORIES);
  current32 = new Int32Array(count * CATEGORIES);
  base16 = new Int32Array(count * 7);
  current16 = new Int32Array(count * 7);
  base8 = new Int32Array(count * 4);
  current8 = new Int32Array(count * 4);
  baseArrays = [];
  currentArrays = [];
  const before = new Int32Array(CATEGORIES);
  const after = new Int32Array(CATEGORIES);
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < CATEGORIES; c++) before[c] = after[c] = random32();
    for (const c of CHANGED[i % 5]!) {
      // A changed category's word differs in every slot (so packed schemes see it here; in real
      // data a packed slot misses a change with probability 2^-bits).
      after[c] = before[c]! ^ 0x01010101 ^ (random32() & 0x7e7e7e7e);
    }
    base32.set(before, i * CATEGORIES);
    current32.set(after, i * CATEGORIES);
    pack(before, base16, i, 16);
    pack(after, current16, i, 16);
    pack(before, base8, i, 8);
    pack(after, current8, i, 8);
    baseArrays.push(Array.from(before));
    currentArrays.push(Array.from(after));
  }
  chipLists = new Array<SyncChangeChip[]>(count);
  masks = new Int32Array(count);
  baseF64 = new Float64Array(base32.buffer);
  currentF64 = new Float64Array(current32.buffer);
  return { components: count };
}

/** The chips of a mask, cached: masks repeat (a few kinds of edit per sync). */
const chipsByMask: Record<number, SyncChangeChip[] | undefined> = Object.create(null) as Record<number, SyncChangeChip[] | undefined>;
function chipsOf(mask: number): SyncChangeChip[] {
  let chips = chipsByMask[mask];
  if (chips === undefined) {
    chips = [];
    for (let c = 0; c < CATEGORIES; c++) if (mask & (1 << c)) chips.push(CHANGE_CHIP_ORDER[c]!);
    chipsByMask[mask] = chips;
  }
  return chips;
}

function tally(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const chips of chipLists) for (const chip of chips) counts[chip] = (counts[chip] ?? 0) + 1;
  return counts;
}

function exact32(): number {
  const a = base32;
  const b = current32;
  for (let i = 0, o = 0; i < count; i++, o += 14) {
    const mask =
      (a[o] !== b[o] ? 1 : 0) |
      (a[o + 1] !== b[o + 1] ? 2 : 0) |
      (a[o + 2] !== b[o + 2] ? 4 : 0) |
      (a[o + 3] !== b[o + 3] ? 8 : 0) |
      (a[o + 4] !== b[o + 4] ? 16 : 0) |
      (a[o + 5] !== b[o + 5] ? 32 : 0) |
      (a[o + 6] !== b[o + 6] ? 64 : 0) |
      (a[o + 7] !== b[o + 7] ? 128 : 0) |
      (a[o + 8] !== b[o + 8] ? 256 : 0) |
      (a[o + 9] !== b[o + 9] ? 512 : 0) |
      (a[o + 10] !== b[o + 10] ? 1024 : 0) |
      (a[o + 11] !== b[o + 11] ? 2048 : 0) |
      (a[o + 12] !== b[o + 12] ? 4096 : 0) |
      (a[o + 13] !== b[o + 13] ? 8192 : 0);
    chipLists[i] = chipsByMask[mask] ?? chipsOf(mask);
  }
  return count;
}

function exact32Arrays(): number {
  for (let i = 0; i < count; i++) {
    const a = baseArrays[i]!;
    const b = currentArrays[i]!;
    let mask = 0;
    for (let c = 0; c < 14; c++) if (a[c] !== b[c]) mask |= 1 << c;
    chipLists[i] = chipsByMask[mask] ?? chipsOf(mask);
  }
  return count;
}

function packed16(): number {
  const a = base16;
  const b = current16;
  for (let i = 0, o = 0; i < count; i++, o += 7) {
    let mask = 0;
    for (let w = 0; w < 7; w++) {
      const x = a[o + w]! ^ b[o + w]!;
      if (x !== 0) mask |= ((x & 0xffff) !== 0 ? 1 << (2 * w) : 0) | (x >>> 16 !== 0 ? 2 << (2 * w) : 0);
    }
    chipLists[i] = chipsByMask[mask] ?? chipsOf(mask);
  }
  return count;
}

function packed8(): number {
  const a = base8;
  const b = current8;
  for (let i = 0, o = 0; i < count; i++, o += 4) {
    let mask = 0;
    for (let w = 0; w < 4; w++) {
      const x = a[o + w]! ^ b[o + w]!;
      if (x !== 0) {
        const shift = 4 * w;
        if (x & 0xff) mask |= 1 << shift;
        if (x & 0xff00) mask |= 2 << shift;
        if (x & 0xff0000) mask |= 4 << shift;
        if (x & 0xff000000) mask |= 8 << shift;
      }
    }
    chipLists[i] = chipsByMask[mask & 0x3fff] ?? chipsOf(mask & 0x3fff);
  }
  return count;
}

function exact32F64Masks(): number {
  const fa = baseF64;
  const fb = currentF64;
  const a = base32;
  const b = current32;
  const out = masks;
  for (let i = 0, d = 0, w = 0; i < count; i++, d += 7, w += 14) {
    let mask = 0;
    if (fa[d + 0] !== fb[d + 0]) {
      if (a[w + 0] !== b[w + 0]) mask |= 1;
      if (a[w + 1] !== b[w + 1]) mask |= 2;
    }
    if (fa[d + 1] !== fb[d + 1]) {
      if (a[w + 2] !== b[w + 2]) mask |= 4;
      if (a[w + 3] !== b[w + 3]) mask |= 8;
    }
    if (fa[d + 2] !== fb[d + 2]) {
      if (a[w + 4] !== b[w + 4]) mask |= 16;
      if (a[w + 5] !== b[w + 5]) mask |= 32;
    }
    if (fa[d + 3] !== fb[d + 3]) {
      if (a[w + 6] !== b[w + 6]) mask |= 64;
      if (a[w + 7] !== b[w + 7]) mask |= 128;
    }
    if (fa[d + 4] !== fb[d + 4]) {
      if (a[w + 8] !== b[w + 8]) mask |= 256;
      if (a[w + 9] !== b[w + 9]) mask |= 512;
    }
    if (fa[d + 5] !== fb[d + 5]) {
      if (a[w + 10] !== b[w + 10]) mask |= 1024;
      if (a[w + 11] !== b[w + 11]) mask |= 2048;
    }
    if (fa[d + 6] !== fb[d + 6]) {
      if (a[w + 12] !== b[w + 12]) mask |= 4096;
      if (a[w + 13] !== b[w + 13]) mask |= 8192;
    }
    out[i] = mask;
  }
  return count;
}

function exact32F64(): number {
  exact32F64Masks();
  const out = masks;
  for (let i = 0; i < count; i++) chipLists[i] = chipsByMask[out[i]!] ?? chipsOf(out[i]!);
  return count;
}

function exact32Masks(): number {
  const a = base32;
  const b = current32;
  const out = masks;
  for (let i = 0, o = 0; i < count; i++, o += 14) {
    out[i] =
      (a[o] !== b[o] ? 1 : 0) |
      (a[o + 1] !== b[o + 1] ? 2 : 0) |
      (a[o + 2] !== b[o + 2] ? 4 : 0) |
      (a[o + 3] !== b[o + 3] ? 8 : 0) |
      (a[o + 4] !== b[o + 4] ? 16 : 0) |
      (a[o + 5] !== b[o + 5] ? 32 : 0) |
      (a[o + 6] !== b[o + 6] ? 64 : 0) |
      (a[o + 7] !== b[o + 7] ? 128 : 0) |
      (a[o + 8] !== b[o + 8] ? 256 : 0) |
      (a[o + 9] !== b[o + 9] ? 512 : 0) |
      (a[o + 10] !== b[o + 10] ? 1024 : 0) |
      (a[o + 11] !== b[o + 11] ? 2048 : 0) |
      (a[o + 12] !== b[o + 12] ? 4096 : 0) |
      (a[o + 13] !== b[o + 13] ? 8192 : 0);
  }
  return count;
}

function packed16Masks(): number {
  const a = base16;
  const b = current16;
  const out = masks;
  for (let i = 0, o = 0; i < count; i++, o += 7) {
    let mask = 0;
    let x: number;
    x = a[o + 0]! ^ b[o + 0]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 1;
      if (x >>> 16 !== 0) mask |= 2;
    }
    x = a[o + 1]! ^ b[o + 1]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 4;
      if (x >>> 16 !== 0) mask |= 8;
    }
    x = a[o + 2]! ^ b[o + 2]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 16;
      if (x >>> 16 !== 0) mask |= 32;
    }
    x = a[o + 3]! ^ b[o + 3]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 64;
      if (x >>> 16 !== 0) mask |= 128;
    }
    x = a[o + 4]! ^ b[o + 4]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 256;
      if (x >>> 16 !== 0) mask |= 512;
    }
    x = a[o + 5]! ^ b[o + 5]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 1024;
      if (x >>> 16 !== 0) mask |= 2048;
    }
    x = a[o + 6]! ^ b[o + 6]!;
    if (x !== 0) {
      if ((x & 0xffff) !== 0) mask |= 4096;
      if (x >>> 16 !== 0) mask |= 8192;
    }
    out[i] = mask;
  }
  return count;
}

function packed8Masks(): number {
  const a = base8;
  const b = current8;
  const out = masks;
  for (let i = 0, o = 0; i < count; i++, o += 4) {
    let mask = 0;
    let x = a[o]! ^ b[o]!;
    if (x !== 0) mask = (x & 0xff ? 1 : 0) | (x & 0xff00 ? 2 : 0) | (x & 0xff0000 ? 4 : 0) | (x & 0xff000000 ? 8 : 0);
    x = a[o + 1]! ^ b[o + 1]!;
    if (x !== 0) mask |= (x & 0xff ? 16 : 0) | (x & 0xff00 ? 32 : 0) | (x & 0xff0000 ? 64 : 0) | (x & 0xff000000 ? 128 : 0);
    x = a[o + 2]! ^ b[o + 2]!;
    if (x !== 0) mask |= (x & 0xff ? 256 : 0) | (x & 0xff00 ? 512 : 0) | (x & 0xff0000 ? 1024 : 0) | (x & 0xff000000 ? 2048 : 0);
    x = a[o + 3]! ^ b[o + 3]!;
    if (x !== 0) mask |= (x & 0xff ? 4096 : 0) | (x & 0xff00 ? 8192 : 0);
    out[i] = mask;
  }
  return count;
}

/** Tallies the masks' chips (untimed check that a mask-only phase found the same chips). */
function tallyMasks(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < count; i++) for (const chip of chipsOf(masks[i]!)) counts[chip] = (counts[chip] ?? 0) + 1;
  return counts;
}

const sync = (globalThis as { __syncEngineBench?: Record<string, (...args: unknown[]) => string> }).__syncEngineBench!;
(globalThis as Record<string, unknown>).__chipsBench = {
  setup(components: number): string {
    sync.setup!({ components, localEdits: 100, localAdds: 20, localDeletes: 20, remoteChanges: 300, conflicts: 50, echoes: 100 });
    sync.setupChips!(components);
    return JSON.stringify(setup(components));
  },
  classifyChanged: () => sync.classifyChanged!(),
  /** Untimed: the chips found by the last phase (`masks`: a mask-only phase). */
  tally: (fromMasks: boolean) => JSON.stringify(fromMasks ? tallyMasks() : tally()),
  walk: () => sync.chips!(),
  exact32: () => String(exact32()),
  exact32Arrays: () => String(exact32Arrays()),
  packed16: () => String(packed16()),
  packed8: () => String(packed8()),
  exact32F64: () => String(exact32F64()),
  exact32Masks: () => String(exact32Masks()),
  exact32F64Masks: () => String(exact32F64Masks()),
  packed16Masks: () => String(packed16Masks()),
  packed8Masks: () => String(packed8Masks()),
};
