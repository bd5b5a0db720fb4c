import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hasCanonicalKeyOrder } from '../../../src/snapshot/canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every level and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
  });

  it('gives the same bytes whatever the insertion order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        return canonicalJson(record) === canonicalJson(reversed);
      }),
    );
  });

  it('round-trips through JSON.parse', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => canonicalJson(JSON.parse(canonicalJson(value))) === canonicalJson(value)));
  });

  it('writes -0 as 0 and leaves out undefined properties like JSON.stringify', () => {
    expect(canonicalJson({ a: -0, b: undefined })).toBe('{"a":0}');
  });

  it('refuses what JSON cannot carry, naming the path', () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow('$.a[1] is NaN, not a finite number');
    expect(() => canonicalJson({ f: () => 1 })).toThrow('$.f is a function');
    expect(() => canonicalJson({ d: new Date(0) })).toThrow('$.d is not a plain object');
    expect(() => canonicalJson([undefined])).toThrow('$[0] is undefined');
  });

  it('hasCanonicalKeyOrder tells sorted objects from unsorted ones', () => {
    expect(hasCanonicalKeyOrder({ a: 1, b: [{ c: 1, d: 2 }] })).toBe(true);
    expect(hasCanonicalKeyOrder({ a: 1, b: [{ d: 1, c: 2 }] })).toBe(false);
  });
});
