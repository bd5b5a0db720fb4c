// The chips of thousands of changed rows take most of a second in the sandbox, which runs on
// Figma's main thread: the loop gives Figma a turn whenever one is due, and the chips are the same.
import { describe, expect, it } from 'vitest';
import { createHostTurns } from '../../../src/platform/host-turns';
import { namedChangeChips } from '../../../src/sync/change-chips';
import type { DiffableComponent } from '../../../src/sync/property-diff';
import { addChipsAsync, type Comparison } from '../../../src/sync/sync-comparison';

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
