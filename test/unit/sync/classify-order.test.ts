// The list's order as a designer reads names: numbers in number order, as in Figma's layers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyComponents, type LocalComponentSummary } from '../../../src/sync/classify';

function namesInOrder(names: string[]): string[] {
  const local: LocalComponentSummary[] = names.map((name, index) => ({ key: `k${index}`, name, kind: 'component', hash: 'h' }));
  return classifyComponents({ base: new Map(), baseFormat: 1, currentFormat: 1, local, remote: [] }).components.map((item) => item.name);
}

describe('the order of the rows', () => {
  it('puts numbers in names in number order (Card 2 before Card 10), leading zeros aside', () => {
    expect(namesInOrder(['Card 10', 'Card 2', 'Card 100', 'Card 1', 'Card', 'Button 02', 'Button 1', 'Button 10'])).toEqual([
      'Button 1',
      'Button 02',
      'Button 10',
      'Card',
      'Card 1',
      'Card 2',
      'Card 10',
      'Card 100',
    ]);
  });

  it('still ignores case and ends ties in one fixed order', () => {
    expect(namesInOrder(['spacer/8', 'Spacer/16', 'Spacer/8', 'icon 2x', 'Icon 12'])).toEqual(['icon 2x', 'Icon 12', 'Spacer/8', 'spacer/8', 'Spacer/16']);
  });
});

/** The order read part by part, as a person compares two names: text as text, numbers by value. */
function byParts(a: string, b: string): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const parts = (name: string) => name.toLowerCase().split(/(\d+)/).map((part, index) => (index % 2 === 1 ? part.replace(/^0+/, '') : part));
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const order = (index % 2 === 1 ? left[index]!.length - right[index]!.length : 0) || text(left[index]!, right[index]!);
    if (order !== 0) return order;
  }
  return text(a.toLowerCase(), b.toLowerCase()) || text(a, b);
}

describe('the order of any names', () => {
  it('is the order read part by part (the list keys each name once, for speed)', () => {
    const name = fc.stringMatching(/^[a-cA-C0-9 /\-.]{0,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 30 }), (names) => {
        expect(namesInOrder(names)).toEqual([...names].sort(byParts));
      }),
      { numRuns: 500 },
    );
  });
});
