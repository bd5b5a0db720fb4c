import { describe, expect, it } from 'vitest';
import type { SyncKind } from '../../../src/shared/bridge/messages';
import type { ClassifiedComponent } from '../../../src/sync/classify';
import type { DiffableComponent } from '../../../src/sync/property-diff';
import { createHostTurns } from '../../../src/platform/host-turns';
import { changeChips } from '../../../src/sync/change-chips';
import { pairNearlySameAsync, pairReplacements, unpairedSides, type Replacement, type ReplacementCandidate } from '../../../src/sync/replacements';

function component(key: string, name: string, kind: SyncKind): ClassifiedComponent {
  return { key, name, kind, componentKind: 'component', local: null, remote: null, base: null };
}

describe('pairReplacements', () => {
  it('pairs one component deleted here with one added here under exactly the same name', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'local-add'), component('x', 'Header', 'local-change')])).toEqual([{ oldKey: 'old', newKey: 'new' }]);
  });

  it('never pairs across names by name alone, nor across other kinds', () => {
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'remote-delete'), component('new', 'Footer', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'remote-add')])).toEqual([]);
  });

  it('leaves a name apart when which replaces which cannot be told', () => {
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-delete'), component('c', 'Card', 'local-add')])).toEqual([]);
    expect(pairReplacements([component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-add'), component('c', 'Card', 'local-add')])).toEqual([]);
  });
});

function payload(name: string, description: string, node: Record<string, unknown> = {}, kind = 'component'): DiffableComponent {
  return { name, description, kind, properties: {}, variants: [], node: { type: 'COMPONENT', name, width: 100, height: 40, fills: ['#ffffff'], ...node } };
}

/** Rule 2 with a clock that never moves: no turn is ever due. */
function pairNearlySame(deleted: readonly ReplacementCandidate[], added: readonly ReplacementCandidate[]): Promise<Replacement[]> {
  return pairNearlySameAsync(deleted, added, createHostTurns({ now: () => 0 }));
}

describe('pairNearlySameAsync (different names: same description, nearly the same content)', () => {
  it('pairs a renamed re-creation with the same description and at most one other kind of change', async () => {
    const deleted = [{ key: 'old', payload: payload('Button', 'Primary call to action.') }];
    expect(await pairNearlySame(deleted, [{ key: 'new', payload: payload('Button / Primary', 'Primary call to action.') }])).toEqual([{ oldKey: 'old', newKey: 'new' }]);
    // One kind of change besides the name (a fill) still pairs; two kinds (fill and size) do not.
    expect(await pairNearlySame(deleted, [{ key: 'new', payload: payload('CTA', 'Primary call to action.', { fills: ['#000000'] }) }])).toHaveLength(1);
    expect(await pairNearlySame(deleted, [{ key: 'new', payload: payload('CTA', 'Primary call to action.', { fills: ['#000000'], width: 300 }) }])).toEqual([]);
  });

  it('never pairs on an empty or different description, nor a component with a set', async () => {
    expect(await pairNearlySame([{ key: 'old', payload: payload('A', '') }], [{ key: 'new', payload: payload('B', '') }])).toEqual([]);
    expect(await pairNearlySame([{ key: 'old', payload: payload('A', 'One.') }], [{ key: 'new', payload: payload('B', 'Two.') }])).toEqual([]);
    expect(await pairNearlySame([{ key: 'old', payload: payload('A', 'One.') }], [{ key: 'new', payload: payload('B', 'One.', {}, 'component_set') }])).toEqual([]);
  });

  it('leaves both apart when either side has two matches', async () => {
    const same = (key: string, name: string) => ({ key, payload: payload(name, 'Card.') });
    expect(await pairNearlySame([same('old', 'Card')], [same('a', 'Card A'), same('b', 'Card B')])).toEqual([]);
    expect(await pairNearlySame([same('x', 'Card X'), same('y', 'Card Y')], [same('new', 'Card')])).toEqual([]);
  });

  it('never pairs two components of the same name that the exact-name rule left apart (the screen would name the wrong rule)', async () => {
    // Two "Card"s deleted, one "Card" added: rule 1 cannot tell which one it replaces.
    const components = [component('a', 'Card', 'local-delete'), component('b', 'Card', 'local-delete'), component('c', 'Card', 'local-add')];
    expect(pairReplacements(components)).toEqual([]);
    const deleted = [
      { key: 'a', payload: payload('Card', 'Product card.') },
      { key: 'b', payload: payload('Card', 'Blog card.') },
    ];
    expect(await pairNearlySame(deleted, [{ key: 'c', payload: payload('Card', 'Product card.') }])).toEqual([]);
  });

  it('takes only what the exact-name rule left unpaired', () => {
    const components = [component('old', 'Footer', 'local-delete'), component('new', 'Footer', 'local-add'), component('gone', 'Header', 'local-delete'), component('fresh', 'Top bar', 'local-add')];
    const { deleted, added } = unpairedSides(components, pairReplacements(components));
    expect(deleted.map((item) => item.key)).toEqual(['gone']);
    expect(added.map((item) => item.key)).toEqual(['fresh']);
  });
});

/** Rule 2 as its header says it, every deleted one against every added one: the oracle for the skips. */
function pairEveryComparison(deleted: readonly ReplacementCandidate[], added: readonly ReplacementCandidate[]): Replacement[] {
  const alike = (old: ReplacementCandidate, candidate: ReplacementCandidate) =>
    old.payload.kind === candidate.payload.kind &&
    old.payload.name !== candidate.payload.name &&
    old.payload.description.trim() !== '' &&
    old.payload.description.trim() === candidate.payload.description.trim() &&
    changeChips(old.payload, candidate.payload).filter((chip) => chip !== 'name').length <= 1;
  const out: Replacement[] = [];
  for (const old of deleted) {
    const matches = added.filter((candidate) => alike(old, candidate));
    if (matches.length === 1 && deleted.filter((other) => alike(other, matches[0]!)).length === 1) out.push({ oldKey: old.key, newKey: matches[0]!.key });
  }
  return out;
}

describe('pairNearlySameAsync at scale', () => {
  it('pairs as comparing every deleted one with every added one would, on random files', async () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % below;
    };
    // Few descriptions and few edits, so buckets are shared and matches many, single and none.
    const edits = [{}, { fills: ['#000000'] }, { width: 300 }, { fills: ['#000000'], width: 300 }, { height: 80 }];
    const candidate = (side: string, index: number): ReplacementCandidate => ({
      key: `${side}${index}`,
      payload: payload(`${side} ${random(3)}`, ['Card.', 'Hero.', ''][random(3)]!, edits[random(edits.length)]!),
    });
    let pairs = 0;
    for (let trial = 0; trial < 300; trial++) {
      const deleted = Array.from({ length: 1 + random(6) }, (_, index) => candidate('old', index));
      const added = Array.from({ length: 1 + random(6) }, (_, index) => candidate('new', index));
      const expected = pairEveryComparison(deleted, added);
      pairs += expected.length;
      expect(await pairNearlySame(deleted, added)).toEqual(expected);
    }
    // The trials did pair some (an oracle that never pairs would prove nothing).
    expect(pairs).toBeGreaterThan(30);
  });

  it('skips what cannot change the outcome: 20 deleted and 20 added all alike take far fewer than 400 comparisons', async () => {
    const same = (key: string, name: string) => ({ key, payload: payload(name, 'Card.') });
    const deleted = Array.from({ length: 20 }, (_, index) => same(`old${index}`, `Card ${index}`));
    const added = Array.from({ length: 20 }, (_, index) => same(`new${index}`, `Card / ${index}`));
    // The turns are asked once per comparison made.
    let comparisons = 0;
    const turns = { due: () => (comparisons++, false), giveAsync: () => Promise.resolve() };
    expect(await pairNearlySameAsync(deleted, added, turns)).toEqual([]);
    // The first two deleted ones meet every added one; after that each meets two, then both sides have two matches.
    expect(comparisons).toBe(20 + 20 + 18 * 2);
  });

  it('gives Figma a turn when one is due between comparisons, and pairs the same', async () => {
    const deleted = Array.from({ length: 10 }, (_, index) => ({ key: `old${index}`, payload: payload(`Card ${index}`, `Card ${index}.`) }));
    const added = Array.from({ length: 10 }, (_, index) => ({ key: `new${index}`, payload: payload(`Card / ${index}`, `Card ${index}.`, { width: 300 }) }));
    let clock = 0;
    let given = 0;
    const turns = createHostTurns({
      intervalMs: 25,
      now: () => (clock += 10),
      yieldAsync: () => {
        given++;
        return Promise.resolve();
      },
    });
    const pairs = await pairNearlySameAsync(deleted, added, turns);
    expect(pairs).toEqual(await pairNearlySame(deleted, added));
    expect(pairs).toHaveLength(10);
    expect(given).toBeGreaterThanOrEqual(3);
  });
});
