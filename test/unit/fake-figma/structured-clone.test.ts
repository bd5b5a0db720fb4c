import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataCloneError, structuredCloneValue, utf8Length } from '../../fake-figma/index';
import { decodeUtf8, encodeUtf8 } from '../../fake-figma/structured-clone';

/** UTF-16 strings with BMP characters, astral characters and lone surrogates. */
const anyUtf16String = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c))), { maxLength: 40 })
  .map((parts) => parts.join(''));

const rules = { context: 'test', allowRichTypes: true, allowOtherTypedArrays: true };

describe('structuredCloneValue', () => {
  it('copies plain data deeply and keeps shared references and cycles', () => {
    const shared = { n: 1 };
    const input: Record<string, unknown> = { a: shared, b: shared, list: [shared, 'x', 2, true, null, undefined] };
    input.self = input;
    const copy = structuredCloneValue(input, rules);
    expect(copy).not.toBe(input);
    expect(copy.a).not.toBe(shared);
    expect(copy.a).toBe(copy.b);
    expect(copy.self).toBe(copy);
    expect(copy.list).toEqual([copy.a, 'x', 2, true, null, undefined]);
  });

  it('copies Date, RegExp, Map, Set and typed arrays when rich types are allowed', () => {
    const copy = structuredCloneValue({ d: new Date(5), r: /a+/gi, m: new Map([[1, 'one']]), s: new Set(['x']), u: new Uint8Array([7]), f: new Float32Array([1.5]) }, rules);
    expect(copy.d.getTime()).toBe(5);
    expect(copy.r.flags).toBe('gi');
    expect(copy.m.get(1)).toBe('one');
    expect(copy.s.has('x')).toBe(true);
    expect(copy.u).toBeInstanceOf(Uint8Array);
    expect(copy.f[0]).toBe(1.5);
  });

  it('refuses functions, symbols, class instances, ArrayBuffer and Blob with the path', () => {
    class Point {
      x = 1;
    }
    expect(() => structuredCloneValue({ a: { b: () => 1 } }, rules)).toThrow(DataCloneError);
    expect(() => structuredCloneValue({ a: { b: () => 1 } }, rules)).toThrow(/a function \(b\) at the value\.a\.b could not be cloned/);
    expect(() => structuredCloneValue([Symbol('s')], rules)).toThrow(/symbol/);
    expect(() => structuredCloneValue({ p: new Point() }, rules)).toThrow(/instance of Point/);
    expect(() => structuredCloneValue({ buf: new ArrayBuffer(4) }, rules)).toThrow(/ArrayBuffer.*send a Uint8Array instead/);
    expect(() => structuredCloneValue(new Blob(['x']), rules)).toThrow(/Blob.*not Blob or ArrayBuffer/);
  });

  it('utf8Length, encodeUtf8 and decodeUtf8 agree with Node for any string', () => {
    fc.assert(
      fc.property(anyUtf16String, (text) => {
        const expected = Buffer.from(text, 'utf8');
        expect(utf8Length(text)).toBe(expected.length);
        expect(Buffer.from(encodeUtf8(text)).equals(expected)).toBe(true);
        expect(decodeUtf8(new Uint8Array(expected))).toBe(expected.toString('utf8'));
      }),
    );
  });
});
