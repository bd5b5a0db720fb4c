import { describe, expect, it } from 'vitest';
import { componentNames, withComponentNames } from '../../../src/sync/component-names';
import { diffComponents } from '../../../src/sync/property-diff';

const ARROW = 'a'.repeat(40);
const CART = 'b'.repeat(40);
const SMALL = 'c'.repeat(40);
const ELSEWHERE = 'd'.repeat(40);

const names = componentNames([
  { key: ARROW, name: 'Icon/Arrow right', variants: [] },
  { key: CART, name: 'Icon/Cart', variants: [] },
  { key: 'e'.repeat(40), name: 'Button', variants: [{ key: SMALL, name: 'Size=Small, Type=Primary' }] },
]);

describe('component keys in the detail’s words', () => {
  it('names a component by its name and a variant by its set and its own name', () => {
    expect(names.get(ARROW)).toBe('Icon/Arrow right');
    expect(names.get(SMALL)).toBe('Button (Size=Small, Type=Primary)');
  });

  it('replaces known keys in the rows that hold them, and leaves a key it cannot name', () => {
    const changes = withComponentNames(
      [
        { path: 'Card › Icon', property: 'instance of', before: `"${ARROW}"`, after: `"${CART}"` },
        { path: 'Card', property: 'component property "Icon" added', before: null, after: `instance swap, default "${SMALL}"` },
        { path: 'Card › Badge', property: 'instance of', before: `"${ELSEWHERE}"`, after: `"${ARROW}"` },
      ],
      names,
    );
    expect(changes).toEqual([
      { path: 'Card › Icon', property: 'instance of', before: '"Icon/Arrow right"', after: '"Icon/Cart"' },
      { path: 'Card', property: 'component property "Icon" added', before: null, after: 'instance swap, default "Button (Size=Small, Type=Primary)"' },
      { path: 'Card › Badge', property: 'instance of', before: `"${ELSEWHERE}"`, after: '"Icon/Arrow right"' },
    ]);
  });

  it('leaves other rows as they are, even a text that happens to look like a key', () => {
    const text = { path: 'Card › Code', property: 'characters', before: `"${ARROW}"`, after: '"Hello"' };
    const [kept] = withComponentNames([text], names);
    expect(kept).toBe(text);
  });
});

describe('an instance swap’s preferred values', () => {
  const card = (preferred: string[]) => ({
    name: 'Card',
    kind: 'component' as const,
    description: '',
    properties: { Icon: { type: 'INSTANCE_SWAP', defaultValue: ARROW, preferredValues: preferred.map((key) => ({ key, type: 'COMPONENT' })) } },
    variants: [],
    node: {},
  });

  it('reads as the components’ names, in order (it read “key "aaaa…", type component”, cut inside the second key)', () => {
    const [row] = withComponentNames(diffComponents(card([ARROW]), card([ARROW, CART, SMALL])), names);
    expect(row).toEqual({ path: 'Card', property: 'component property "Icon" preferred values', before: '"Icon/Arrow right"', after: '"Icon/Arrow right", "Icon/Cart", "Button (Size=Small, Type=Primary)"' });
  });

  it('holds as many names as a row holds whole, then says how many more; a key it cannot name stays a key', () => {
    const [row] = withComponentNames(diffComponents(card([]), card([ELSEWHERE, ARROW, CART, ARROW, CART])), names);
    expect(row!.before).toBe('none');
    expect(row!.after).toBe(`"${ELSEWHERE}", "Icon/Arrow right" and 3 more`);
    const [one] = withComponentNames(diffComponents(card([]), card([CART])), names);
    expect(one!.after).toBe('"Icon/Cart"');
  });
});

describe('an instance swap property on one side only', () => {
  const swap = { type: 'INSTANCE_SWAP', defaultValue: ARROW, preferredValues: [{ key: ARROW, type: 'COMPONENT' }, { key: CART, type: 'COMPONENT' }] };
  const card = (properties: Record<string, unknown>) => ({ name: 'Card', kind: 'component' as const, description: '', properties, variants: [], node: {} });

  it('says its preferred components by name, under its type and default, when it is added or removed (they were not said at all)', () => {
    const added = withComponentNames(diffComponents(card({}), card({ Icon: swap })), names);
    expect(added).toEqual([
      { path: 'Card', property: 'component property "Icon" added', before: null, after: 'instance swap, default "Icon/Arrow right"' },
      { path: 'Card', property: 'component property "Icon" preferred values', before: null, after: '"Icon/Arrow right", "Icon/Cart"' },
    ]);
    const removed = withComponentNames(diffComponents(card({ Icon: swap }), card({})), names);
    expect(removed.map((row) => [row.property, row.before, row.after])).toEqual([
      ['component property "Icon" removed', 'instance swap, default "Icon/Arrow right"', null],
      ['component property "Icon" preferred values', '"Icon/Arrow right", "Icon/Cart"', null],
    ]);
  });

  it('says them among what a component on one side only is', () => {
    const rows = withComponentNames(diffComponents(null, card({ Icon: swap }), { describeOneSide: true }), names);
    expect(rows.slice(1).map((row) => [row.property, row.after])).toEqual([
      ['component property "Icon"', 'instance swap, default "Icon/Arrow right"'],
      ['component property "Icon" preferred values', '"Icon/Arrow right", "Icon/Cart"'],
    ]);
  });
});
