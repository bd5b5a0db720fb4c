// The templates list under random changes by teammates and the designer (test/support/template-paging-model.ts):
// reading to the end reaches every template, for each of these fixed sequences.
import { expect, it } from 'vitest';
import { unreachedAfter } from '../../support/template-paging-model';

it('reaches every template after each of 2,000 fixed random sequences of changes', () => {
  const unreached: Array<{ seed: number; ids: string[] }> = [];
  for (let seed = 0; seed < 2000; seed++) {
    const { unreached: ids } = unreachedAfter(seed);
    if (ids.length > 0) unreached.push({ seed, ids });
  }
  expect(unreached).toEqual([]);
});
