import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/snapshot/canonical-json';
import { structuralHash } from '../../../src/snapshot/structural-hash';

/** Rebuilds a JSON value with object keys in canonical order (as the normalizer writes them). */
function canonical(value: unknown): unknown {
  return JSON.parse(canonicalJson(value)) as unknown;
}

describe('structuralHash', () => {
  it('gives 16 hex digits and equal hashes for equal canonical descriptions', () => {
    expect(structuralHash({ a: 1 })).toMatch(/^[0-9a-f]{16}$/);
    fc.assert(fc.property(fc.jsonValue(), (value) => structuralHash(canonical(value)) === structuralHash(canonical(JSON.parse(JSON.stringify(value))))));
  });

  it('is a function of the canonical JSON: different JSON, different hash', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const ca = canonical(a);
        const cb = canonical(b);
        fc.pre(canonicalJson(ca) !== canonicalJson(cb));
        return structuralHash(ca) !== structuralHash(cb);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart values that print alike or nest differently', () => {
    const values: unknown[] = [null, 0, -0.5, 1, '1', true, 'true', [], {}, [[]], [{}], { a: [] }, { a: {} }, ['a', 'b'], ['ab'], { a: 'b' }, { b: 'a' }, { a: 1, b: 2 }, { a: 2, b: 1 }, 1.5, 1.50001, 2 ** 31, -(2 ** 31)];
    // No word marks where an object starts (structural-hash.ts): where its END stands must tell.
    values.push([{}, {}], [{ a: {} }], [{}, { a: {} }], { a: {}, b: 1 }, { a: { b: 1 } }, { a: { b: {} } }, { a: {}, b: {} }, { a: null }, { a: [{}] });
    const hashes = new Set(values.map((value) => structuralHash(value)));
    expect(hashes.size).toBe(values.length);
  });

  it('changes when any single leaf of a description changes', () => {
    const description = { name: 'Button', node: { children: [{ text: { characters: 'Buy', size: 16 }, type: 'TEXT' }], fills: [{ color: '#0a84ff', type: 'SOLID' }], width: 120.5 } };
    const base = structuralHash(description);
    const mutations: Array<(d: typeof description) => void> = [
      (d) => { d.name = 'button'; },
      (d) => { d.node.children[0]!.text.characters = 'Buy!'; },
      (d) => { d.node.children[0]!.text.size = 17; },
      (d) => { d.node.fills[0]!.color = '#0a84fe'; },
      (d) => { d.node.width = 120.51; },
      (d) => { d.node.children.push({ text: { characters: '', size: 0 }, type: 'TEXT' }); },
    ];
    for (const mutate of mutations) {
      const copy = JSON.parse(JSON.stringify(description)) as typeof description;
      mutate(copy);
      expect(structuralHash(copy)).not.toBe(base);
    }
  });

  it('ignores undefined properties, as JSON does, and refuses non-JSON values', () => {
    expect(structuralHash({ a: 1, b: undefined })).toBe(structuralHash({ a: 1 }));
    expect(() => structuralHash({ f: () => 1 })).toThrow('cannot hash a function');
  });

  it('feeds references after the walk: their values and their places both count', () => {
    const node = { fillStyle: 'Brand/Primary', name: 'Card', textStyle: 'Body' };
    const fillPlace = new Map([[node as object, new Set<string | number>(['fillStyle'])]]);
    const textPlace = new Map([[node as object, new Set<string | number>(['textStyle'])]]);
    const base = structuralHash(node, fillPlace);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(structuralHash(node, fillPlace)).toBe(base);
    expect(structuralHash(node)).not.toBe(base);
    expect(structuralHash(node, textPlace)).not.toBe(base);
    const renamed = { ...node, fillStyle: 'Brand/Secondary' };
    expect(structuralHash(renamed, new Map([[renamed as object, new Set<string | number>(['fillStyle'])]]))).not.toBe(base);
    const list = ['V:a', 'V:b'];
    const swapped = ['V:b', 'V:a'];
    expect(structuralHash({ fills: list }, new Map([[list as object, new Set<string | number>([0, 1])]]))).not.toBe(structuralHash({ fills: swapped }, new Map([[swapped as object, new Set<string | number>([0, 1])]])));
  });
});

