import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

type Op =
  | { kind: 'size'; a: number; b: number; size: number }
  | { kind: 'insert'; at: number; text: string; after: boolean }
  | { kind: 'delete'; a: number; b: number }
  | { kind: 'whole'; size: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('size' as const), a: fc.nat(30), b: fc.nat(30), size: fc.constantFrom(10, 12, 16, 24) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(30), text: fc.string({ minLength: 1, maxLength: 4 }), after: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), a: fc.nat(30), b: fc.nat(30) }),
  fc.record({ kind: fc.constant('whole' as const), size: fc.constantFrom(10, 12, 16, 24) }),
);

describe('styled text ranges behave like a per-character model', () => {
  it('agree with a list of per-character sizes after any sequence of edits', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const text = figma.createText();
        text.characters = 'Spring sale starts now';
        let model: number[] = Array.from(text.characters, () => 12);
        for (const step of ops) {
          const length = model.length;
          if (step.kind === 'size') {
            const [a, b] = [Math.min(step.a, step.b) % (length + 1), Math.max(step.a, step.b) % (length + 1)];
            if (a >= b) continue;
            text.setRangeFontSize(a, b, step.size);
            model = model.map((s, i) => (i >= a && i < b ? step.size : s));
          } else if (step.kind === 'insert') {
            const at = step.at % (length + 1);
            const host = length === 0 ? 12 : step.after ? model[Math.min(at, length - 1)]! : model[Math.max(0, at - 1)]!;
            text.insertCharacters(at, step.text, step.after ? 'AFTER' : 'BEFORE');
            model = [...model.slice(0, at), ...Array.from(step.text, () => host), ...model.slice(at)];
          } else if (step.kind === 'delete') {
            const [a, b] = [Math.min(step.a, step.b) % (length + 1), Math.max(step.a, step.b) % (length + 1)];
            if (a >= b || b - a === length) continue;
            text.deleteCharacters(a, b);
            model = [...model.slice(0, a), ...model.slice(b)];
          } else {
            text.fontSize = step.size;
            model = model.map(() => step.size);
          }
          expect(text.characters.length).toBe(model.length);
          model.forEach((size, i) => expect(text.getRangeFontSize(i, i + 1)).toBe(size));
          const segments = text.getStyledTextSegments(['fontSize']);
          expect(segments.map((s) => s.characters).join('')).toBe(text.characters);
          for (let i = 1; i < segments.length; i++) expect(segments[i]!.fontSize).not.toBe(segments[i - 1]!.fontSize);
          expect(text.fontSize === figma.mixed).toBe(new Set(model).size > 1);
        }
        text.remove();
      }),
      { numRuns: 80 },
    );
  });
});
