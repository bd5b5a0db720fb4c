// Replaced components: a component deleted in this file and one added in this file since the
// last sync are shown as one "replaced" row (the designer re-created it, so its key changed).
// The rules, in words, tried in this order:
// 1. Same name, exactly: one deleted and one added under that name.
// 2. Failing that, same description and nearly the same content: the deleted component as last
//    synced and the added one are the same kind (component or set), have the same description
//    (not empty), and apart from the name differ in at most one kind of change (the chips of
//    change-chips.ts: "fill", "text"…).
// Under either rule a pair stands only when it is the one match for both sides: two or more
// candidates (which replaces which cannot be told) are left apart. The names tell the rules
// apart (rule 1's pairs share a name, rule 2's never do), and the screen says why by them.
// A pair the designer keeps apart (kept-apart-store.ts) is left out after both rules, so its two
// sides are never paired with another component instead: they are shown as two rows.
import type { HostTurns } from '../platform/host-turns';
import { atMostOneKindBesidesName } from './change-chips';
import type { ClassifiedComponent } from './classify';
import type { DiffableComponent } from './property-diff';

export interface Replacement {
  oldKey: string;
  newKey: string;
}

export function isSamePair(a: Replacement, b: Replacement): boolean {
  return a.oldKey === b.oldKey && a.newKey === b.newKey;
}

/** The pairs shown as one row: `pairs` less those the designer keeps apart (that same old and new key). */
export function withoutKeptApart(pairs: readonly Replacement[], keptApart: readonly Replacement[]): Replacement[] {
  return pairs.filter((pair) => !keptApart.some((apart) => isSamePair(apart, pair)));
}

/** Rule 1: pairs by exact name. */
export function pairReplacements(components: readonly ClassifiedComponent[]): Replacement[] {
  const deleted = groupByName(components, 'local-delete');
  const added = groupByName(components, 'local-add');
  const out: Replacement[] = [];
  for (const [name, oldKeys] of deleted) {
    const newKeys = added.get(name);
    if (newKeys === undefined || oldKeys.length !== 1 || newKeys.length !== 1) continue;
    out.push({ oldKey: oldKeys[0]!, newKey: newKeys[0]! });
  }
  return out;
}

/** A side of a rule-2 candidate: its key and the version compared (the deleted one as last synced). */
export interface ReplacementCandidate {
  key: string;
  payload: DiffableComponent;
}

/**
 * Rule 2, among the components rule 1 left unpaired. Candidates are bucketed by description
 * first, so only components that share one are compared (a file re-created wholesale does not
 * cost deleted × added comparisons). Components re-created under one shared description still
 * can, and each comparison reads both payloads, so Figma gets its turns (`turns`), and a
 * comparison that cannot change the outcome is skipped (see below).
 */
export async function pairNearlySameAsync(deleted: readonly ReplacementCandidate[], added: readonly ReplacementCandidate[], turns: HostTurns): Promise<Replacement[]> {
  const addedByDescription = new Map<string, ReplacementCandidate[]>();
  for (const candidate of added) {
    const description = candidate.payload.description.trim();
    if (description === '') continue;
    const bucket = addedByDescription.get(description);
    if (bucket) bucket.push(candidate);
    else addedByDescription.set(description, [candidate]);
  }
  const matchesOfOld = new Map<string, string[]>();
  const matchesOfNew = new Map<string, string[]>();
  for (const old of deleted) {
    const bucket = addedByDescription.get(old.payload.description.trim());
    if (bucket === undefined) continue;
    for (const candidate of bucket) {
      // Both already have two matches: neither can be paired whatever this says, and no other
      // side's matches change. (200 deleted and 200 added all alike: ≈ 800 comparisons, not 40,000.)
      if (hasTwo(matchesOfOld, old.key) && hasTwo(matchesOfNew, candidate.key)) continue;
      if (turns.due()) await turns.giveAsync();
      // Same names are rule 1's to pair; left here, they were ambiguous there (and the screen tells the rules apart by the names).
      if (old.payload.name === candidate.payload.name || !nearlySame(old.payload, candidate.payload)) continue;
      push(matchesOfOld, old.key, candidate.key);
      push(matchesOfNew, candidate.key, old.key);
    }
  }
  const out: Replacement[] = [];
  for (const [oldKey, newKeys] of matchesOfOld) {
    if (newKeys.length !== 1 || matchesOfNew.get(newKeys[0]!)!.length !== 1) continue;
    out.push({ oldKey, newKey: newKeys[0]! });
  }
  return out;
}

function nearlySame(before: DiffableComponent, after: DiffableComponent): boolean {
  return before.kind === after.kind && atMostOneKindBesidesName(before, after);
}

function hasTwo(matches: ReadonlyMap<string, readonly string[]>, key: string): boolean {
  return (matches.get(key)?.length ?? 0) >= 2;
}

/** The deleted and added components rule 1 left unpaired (rule 2's inputs). */
export function unpairedSides(components: readonly ClassifiedComponent[], paired: readonly Replacement[]): { deleted: ClassifiedComponent[]; added: ClassifiedComponent[] } {
  const taken = new Set<string>();
  for (const pair of paired) {
    taken.add(pair.oldKey);
    taken.add(pair.newKey);
  }
  const deleted: ClassifiedComponent[] = [];
  const added: ClassifiedComponent[] = [];
  for (const component of components) {
    if (taken.has(component.key)) continue;
    if (component.kind === 'local-delete') deleted.push(component);
    else if (component.kind === 'local-add') added.push(component);
  }
  return { deleted, added };
}

function groupByName(components: readonly ClassifiedComponent[], kind: 'local-delete' | 'local-add'): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const component of components) if (component.kind === kind) push(out, component.name, component.key);
  return out;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
