// The list's order as a designer reads names: numbers in number order, as in Figma's layers.
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
