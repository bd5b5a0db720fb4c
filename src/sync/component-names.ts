// Component keys in the Sync detail's words, as the names designers know. An instance's main
// component ("instance of") and an instance-swap property's default are recorded by key
// (src/snapshot/normalize/); the table showed the 40-digit key ("f4a02380cc…"), which names
// nothing to a designer. Keys of components not in this file or the design system's changes
// stay as they are: there is no name to give them. Pure.
import type { PropertyChange } from '../shared/bridge/messages';
import { clip } from './property-diff';

interface Named {
  key: string;
  name: string;
  variants: ReadonlyArray<{ key: string; name: string }>;
}

/** Each component's and variant's key → its name ("Button (Type=Primary, Size=Small)" for a variant). */
export function componentNames(components: Iterable<Named>): Map<string, string> {
  const names = new Map<string, string>();
  for (const component of components) {
    names.set(component.key, component.name);
    for (const variant of component.variants) names.set(variant.key, `${component.name} (${variant.name})`);
  }
  return names;
}

const made = new WeakMap<object, Map<string, string>>();

/** A comparison's names: the design system's changes, then this file's (which win); made once per comparison, when first asked. */
export function comparisonNames(comparison: { window: Iterable<Named>; payloads: ReadonlyMap<string, Named> }): ReadonlyMap<string, string> {
  let names = made.get(comparison);
  if (names === undefined) {
    names = componentNames([...comparison.window, ...comparison.payloads.values()]);
    made.set(comparison, names);
  }
  return names;
}

// A key as property-diff.ts writes a string value: in straight quotes.
const QUOTED_KEY = /"([0-9a-f]{40})"/g;

function named(value: string | null, names: ReadonlyMap<string, string>): string | null {
  return value === null ? null : value.replace(QUOTED_KEY, (quoted, key: string) => {
    const name = names.get(key);
    return name === undefined ? quoted : `"${name}"`;
  });
}

/**
 * An instance swap's preferred components (property-diff.ts lists their keys whole, so none is cut
 * before it is named), named, and as many as a row holds whole, then how many more: cut inside a
 * name, the row named nothing at its end.
 */
function namedList(value: string | null, names: ReadonlyMap<string, string>): string | null {
  if (value === null) return null;
  const items = value.split(', ').map((item) => named(item, names)!);
  const text = (count: number) => items.slice(0, count).join(', ') + (count < items.length ? ` and ${items.length - count} more` : '');
  let count = items.length;
  while (count > 1 && clip(text(count)) !== text(count)) count--;
  return clip(text(count));
}

/** Rows whose values may hold a component key: an instance's main component, a property's value or default. */
const holdsKeys = (property: string): boolean => property === 'instance of' || property.includes('property "');

/** The changes with each known component key in a value replaced by that component's name. */
export function withComponentNames(changes: readonly PropertyChange[], names: ReadonlyMap<string, string>): PropertyChange[] {
  return changes.map((change) => {
    if (!holdsKeys(change.property)) return change;
    const list = change.property.endsWith(' preferred values');
    const before = list ? namedList(change.before, names) : named(change.before, names);
    const after = list ? namedList(change.after, names) : named(change.after, names);
    return before === change.before && after === change.after ? change : { ...change, before, after };
  });
}
