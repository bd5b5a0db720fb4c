// The chips of thousands of changed rows take most of a second in the sandbox, which runs on
// Figma's main thread: the loop gives Figma a turn whenever one is due, and the chips are the same.
import { describe, expect, it } from 'vitest';
import { createHostTurns } from '../../../src/platform/host-turns';
import { namedChangeChips } from '../../../src/sync/change-chips';
import type { DiffableComponent } from '../../../src/sync/property-diff';
import { addChipsAsync, describedAsync, type Comparison } from '../../../src/sync/sync-comparison';

function card(fill: string): DiffableComponent {
  return {
    name: 'Card',
    description: '',
    kind: 'component',
    properties: {},
    variants: [],
    node: { type: 'COMPONENT', name: 'Card', width: 600, height: 320, fills: [fill], children: [] },
  };
}

/** `rows` remote changes (the fill changed on the builder's side): what addChipsAsync reads of a comparison. */
function comparisonOf(rows: number): Comparison {
  const components = Array.from({ length: rows }, (_, index) => ({
    key: `key-${index}`,
    kind: 'remote-change',
    remote: { ...card('#000000'), key: `key-${index}`, deleted: false },
    base: null,
  }));
  const payloads = new Map(components.map(({ key }) => [key, card('#ffffff')]));
  const partial = { classification: { components }, payloads, chips: new Map(), link: { payloads: { getAsync: async () => null } } };
  return partial as unknown as Comparison;
}

describe('addChipsAsync', () => {
  it('gives Figma a turn whenever one is due, and finds the same chips', async () => {
    let clock = 0;
    let given = 0;
    // Each row takes 10 ms by this clock: a turn is due every third row at 25 ms.
    const turns = createHostTurns({ intervalMs: 25, now: () => (clock += 10), yieldAsync: async () => void (given += 1) });
    const compared = await addChipsAsync(comparisonOf(30), turns);
    expect(given).toBeGreaterThanOrEqual(8);
    expect(compared.chips.size).toBe(30);
    for (const [key, chips] of compared.chips) expect(chips, key).toEqual(namedChangeChips(card('#ffffff'), { ...card('#000000'), key, deleted: false } as unknown as DiffableComponent));
    expect(compared.chips.get('key-0')?.chips).toEqual(['fill']);
  });

  it('gives none while the clock says no time has passed', async () => {
    let given = 0;
    const turns = createHostTurns({ intervalMs: 25, now: () => 0, yieldAsync: async () => void (given += 1) });
    const compared = await addChipsAsync(comparisonOf(30), turns);
    expect(given).toBe(0);
    expect(compared.chips.size).toBe(30);
  });
});

/**
 * `rows` remote changes as above, and `replaced` components deleted and re-created under new
 * names with the same description (the nearly-same pairing's work): what describedAsync reads.
 */
function describedComparisonOf(rows: number, replaced: number): Comparison {
  const changed = comparisonOf(rows) as unknown as { classification: { components: object[] }; payloads: Map<string, DiffableComponent>; link: object };
  const described = (name: string): DiffableComponent => ({ ...card('#ffffff'), name, description: 'A product card.' });
  const kept = new Map<string, DiffableComponent>();
  for (let index = 0; index < replaced; index++) {
    changed.classification.components.push({ key: `old-${index}`, name: `Card ${index}`, kind: 'local-delete', remote: null, base: { hash: `h${index}` } });
    changed.classification.components.push({ key: `new-${index}`, name: `Card / ${index}`, kind: 'local-add', remote: null, base: null });
    kept.set(`old-${index}`, described(`Card ${index}`));
    changed.payloads.set(`new-${index}`, described(`Card / ${index}`));
  }
  const components = changed.classification.components as Array<{ key: string }>;
  return {
    ...changed,
    byKey: new Map(components.map((component) => [component.key, component])),
    link: { payloads: { getAsync: async (key: string) => kept.get(key) ?? null } },
    replacements: [],
    keptApart: [],
  } as unknown as Comparison;
}

describe('describedAsync', () => {
  it('keeps one clock for its turns from the chips to the pairing, so no hold spans the step between them', async () => {
    let clock = 0;
    const givenAt: number[] = [];
    // Each step takes 10 ms by this clock; a turn is due at 25 ms.
    const turns = createHostTurns({ intervalMs: 25, now: () => (clock += 10), yieldAsync: async () => void givenAt.push(clock) });
    const compared = await describedAsync(describedComparisonOf(31, 12), turns);
    // 12 deleted against 12 added, all alike: no pair stands (each has many matches).
    expect(compared.replacements).toEqual([]);
    const gaps = givenAt.slice(1).map((at, index) => at - givenAt[index]!);
    expect(givenAt.length).toBeGreaterThan(20);
    // A turn comes at most one step after it is due, across both loops.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(40);
  });

  it('stops at the first turn after a cancel, in the chips or in the pairing', async () => {
    for (const cancelAtTurn of [2, 12]) {
      let clock = 0;
      let given = 0;
      const turns = createHostTurns({
        intervalMs: 25,
        now: () => (clock += 10),
        yieldAsync: async () => void (given += 1),
        afterTurn: () => {
          if (given >= cancelAtTurn) throw new Error('Cancelled.');
        },
      });
      const current = describedComparisonOf(31, 12);
      await expect(describedAsync(current, turns)).rejects.toThrow('Cancelled.');
      expect(given, `cancelled at turn ${cancelAtTurn}`).toBe(cancelAtTurn);
      // At the second turn, within the chips: the rows after it were not read. At the twelfth, the
      // chips were done and the pairing stopped.
      if (cancelAtTurn === 2) expect(current.chips.size).toBeLessThan(31);
      else expect(current.chips.size).toBe(31);
    }
  });
});
