// A comparison of the file with the design system as the session keeps it (the file, the
// changes window and the state it was classified against, the designer's choices), and what the
// screen is shown of it: rows, chips and replaced pairs. Pure but for the payload cache it reads
// and the turns it gives Figma in long loops.
import { comparisonNames } from './component-names';
import { createHostTurns, type HostTurns } from '../platform/host-turns';
import type { Component } from '../shared/api/builder/schemas';
import type { SyncChoice, SyncComparison, SyncItem } from '../shared/bridge/messages';
import { SNAPSHOT_FORMAT } from '../snapshot/format-version';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { stepsToMatch } from './apply-theirs';
import { namedChangeChips, type NamedChangeChips } from './change-chips';
import { allowedChoices, allowedChoicesFor, classifyComponents, type ClassifiedComponent, type Classification, type LocalComponentSummary } from './classify';
import { choiceMadeFor } from './choices-store';
import type { KeptApartStore } from './kept-apart-store';
import { additionNamesakes } from './namesakes';
import { otherNameOf } from './other-name';
import { withPartlyTaken } from './partly-taken';
import type { PayloadCache } from './payload-cache';
import { effectiveChoice } from './push-plan';
import { withRecordedRemoteAdds } from './remote-adds';
import { pairNearlySameAsync, pairReplacements, unpairedSides, withoutKeptApart, type Replacement, type ReplacementCandidate } from './replacements';
import { sameContent } from './same-content';
import type { SyncLink } from './sync-link';
import type { PartlyTakenEntry, SyncState } from './sync-state';

export interface Comparison {
  link: SyncLink;
  state: SyncState;
  classification: Classification;
  byKey: Map<string, ClassifiedComponent>;
  payloads: Map<string, ComponentPayload>;
  /**
   * The remote versions as the design system gave them: the changes window, then what pushes
   * returned as conflicts. The state's records (remote additions, versions taken in part) are
   * not in it: `classifyAgainst` adds those of the state it classifies against.
   */
  window: Component[];
  serverTime: string;
  choices: Map<string, SyncChoice>;
  /** What changed per row, when both versions are known (see change-chips.ts). */
  chips: Map<string, NamedChangeChips>;
  /** Deleted and added components shown as one replaced row (see replacements.ts), less those kept apart. */
  replacements: Replacement[];
  /** The pairs the designer keeps apart (kept-apart-store.ts), as stored when compared. */
  keptApart: Replacement[];
  /** A local add's and a remote add's namesake on the other side (namesakes.ts). */
  namesakes: Map<string, ClassifiedComponent>;
}

function summaryOf(payload: ComponentPayload): LocalComponentSummary {
  return { key: payload.key, name: payload.name, kind: payload.kind, hash: payload.hash };
}

/**
 * The steps a row taken in part still needs, as the file is now (its payload in the comparison):
 * they shrink as the designer makes them. The steps recorded at the take when the component is
 * gone from the file (a conflict: there is nothing to match).
 */
function stepsLeft(record: PartlyTakenEntry, local: ComponentPayload | undefined, names: () => ReadonlyMap<string, string>): string[] {
  const now = local === undefined ? [] : stepsToMatch(local, record.remote, names());
  // None named while the file still differs from theirs (a difference the diff does not word):
  // the take's steps, rather than a row that says nothing is left.
  return now.length > 0 ? now : record.steps;
}

export function itemOf(component: ClassifiedComponent, current: Pick<Comparison, 'choices' | 'chips' | 'payloads' | 'namesakes' | 'window'>): SyncItem {
  const { choices, chips } = current;
  const found = chips.get(component.key);
  const allowed = allowedChoicesFor(component);
  const otherName = otherNameOf(component);
  const namesake = current.namesakes.get(component.key);
  return {
    ...(found === undefined ? {} : { chips: found.chips }),
    ...(found?.otherProperties === undefined ? {} : { otherProperties: found.otherProperties }),
    ...(otherName === undefined ? {} : { otherName }),
    // Only where the row allows fewer than its kind (the screen offers no choice the sandbox refuses).
    ...(allowed.length < allowedChoices(component.kind).length ? { choices: allowed } : {}),
    ...(component.takenInPart === undefined ? {} : { takenInPart: { steps: stepsLeft(component.takenInPart, current.payloads.get(component.key), () => comparisonNames(current)) } }),
    ...(namesake === undefined ? {} : { sameName: { key: namesake.key, by: namesake.remote?.updated_by ?? null, at: namesake.remote?.updated_at ?? null } }),
    key: component.key,
    name: component.name,
    kind: component.kind,
    componentKind: component.componentKind,
    choice: effectiveChoice(component, choices),
    remoteUpdatedBy: component.remote?.updated_by ?? null,
    remoteUpdatedAt: component.remote?.updated_at ?? null,
  };
}

/** A design system's last answer, with the cache of what was last synced to it. */
export interface KnownRemote {
  designSystemId: string;
  /** The changes window as received (see Comparison.window). */
  window: Component[];
  payloads: PayloadCache;
  keptApart: KeptApartStore;
}

/**
 * `paired` (rule 1's) and the pairs of rule 2 among what it left: different names, same
 * description, nearly the same content. A deleted component's last synced version comes from
 * the payload cache; one no longer kept there is not paired by content. The pairs the designer
 * keeps apart are left out after this (`withoutKeptApart`), so their sides pair with nothing else.
 * `turns`: when Figma gets to run meanwhile.
 */
export async function allReplacementsAsync(
  components: readonly ClassifiedComponent[],
  payloads: ReadonlyMap<string, ComponentPayload>,
  store: PayloadCache,
  paired: Replacement[],
  turns: HostTurns = createHostTurns(),
): Promise<Replacement[]> {
  const { deleted, added } = unpairedSides(components, paired);
  if (deleted.length === 0 || added.length === 0) return paired;
  const addedCandidates: ReplacementCandidate[] = [];
  for (const component of added) {
    const payload = payloads.get(component.key);
    if (payload !== undefined && payload.description.trim() !== '') addedCandidates.push({ key: component.key, payload });
  }
  if (addedCandidates.length === 0) return paired;
  const deletedCandidates: ReplacementCandidate[] = [];
  for (const component of deleted) {
    if (component.base === null) continue;
    const payload = await store.getAsync(component.key, component.base.hash);
    if (payload !== null) deletedCandidates.push({ key: component.key, payload });
  }
  return [...paired, ...(await pairNearlySameAsync(deletedCandidates, addedCandidates, turns))];
}

/**
 * The file classified against `state`: its recorded remote additions and versions taken in
 * part come first, then the changes `window` (the classification keeps a key's last version,
 * so a change since a record wins). The screen, a sync's re-check and the badge all use this.
 */
export function classifyAgainst(state: SyncState, local: readonly ComponentPayload[], window: readonly Component[]): Classification {
  let byKey: Map<string, ComponentPayload> | null = null;
  return classifyComponents({
    base: state.components,
    baseFormat: state.format,
    currentFormat: SNAPSHOT_FORMAT,
    local: local.map(summaryOf),
    remote: withPartlyTaken(state, withRecordedRemoteAdds(state, window)),
    partlyTaken: state.partlyTaken,
    takenDeletions: state.takenDeletions,
    // Asked only for pairs that would be conflicts: the map is built on the first.
    sameContent: (key, remote) => {
      byKey ??= new Map(local.map((payload) => [payload.key, payload]));
      const payload = byKey.get(key);
      return payload !== undefined && sameContent(payload, remote);
    },
  });
}

export function publicComparison(current: Comparison, readOnlyReason: string | null): SyncComparison {
  const items: SyncItem[] = [];
  for (const component of current.classification.components) if (component.kind !== 'unchanged') items.push(itemOf(component, current));
  return { items, counts: { ...current.classification.counts }, serverTime: current.serverTime, readOnlyReason, replacements: current.replacements };
}

/** The file classified against `state` with the changes `window`, before chips and nearly-same pairs (describedAsync). */
export function buildComparison(
  link: SyncLink,
  state: SyncState,
  local: readonly ComponentPayload[],
  window: Component[],
  serverTime: string,
  choices: Map<string, SyncChoice>,
  keptApart: Replacement[],
): Comparison {
  const classification = classifyAgainst(state, local, window);
  const byKey = new Map(classification.components.map((component) => [component.key, component]));
  const payloads = new Map(local.map((payload) => [payload.key, payload]));
  return {
    link,
    state,
    classification,
    byKey,
    payloads,
    window,
    serverTime,
    choices,
    chips: new Map(),
    replacements: pairReplacements(classification.components),
    keptApart,
    namesakes: additionNamesakes(classification.components),
  };
}

/**
 * The chips of every row whose two versions are known: the file against the design system
 * (remote changes, conflicts: the same sides as the detail) and, for local changes, the
 * version last synced from here when it is still kept. `turns`: when Figma gets to run meanwhile.
 */
export async function addChipsAsync(current: Comparison, turns: HostTurns = createHostTurns()): Promise<Comparison> {
  for (const component of current.classification.components) {
    // Thousands of changed rows take most of a second in the sandbox: Figma runs between rows.
    if (turns.due()) await turns.giveAsync();
    const local = current.payloads.get(component.key) ?? null;
    const remote = component.remote !== null && !component.remote.deleted ? component.remote : null;
    if (component.kind === 'remote-change' && local !== null && remote !== null) current.chips.set(component.key, namedChangeChips(local, remote));
    else if (component.kind === 'conflict' && local !== null && remote !== null) current.chips.set(component.key, namedChangeChips(remote, local));
    else if (component.kind === 'local-change' && local !== null && component.base !== null) {
      const before = await current.link.payloads.getAsync(component.key, component.base.hash);
      if (before !== null) current.chips.set(component.key, namedChangeChips(before, local));
    }
  }
  return current;
}

/**
 * `compared` classified again against `state` as recorded now, without a request: what a push
 * got acknowledged since is unchanged. The pairs kept apart carry over, and the choices made for
 * rows that still read the same; not yet paired by rule 2 nor given chips (describedAsync does both).
 */
export function reclassified(compared: Comparison, state: SyncState): Comparison {
  const again = buildComparison(compared.link, state, [...compared.payloads.values()], compared.window, compared.serverTime, new Map(), compared.keptApart);
  for (const [key, choice] of compared.choices) {
    const before = compared.byKey.get(key);
    const now = again.byKey.get(key);
    if (before !== undefined && now !== undefined && choiceCarriesOver(choice, before, now)) again.choices.set(key, choice);
  }
  return again;
}

/**
 * Whether a choice made for row `before` still answers it as classified again: as a comparison
 * keeps a stored one (choiceStillApplies), only for the row it was made for. A stopped push's
 * answer can make a local change a conflict with a teammate's version nobody here has seen: a
 * "keep mine" carried over would force the file's version over it. A skip acts on nothing, so it
 * stays whatever the row reads now (dropped, a row read otherwise would take its default: a push).
 */
function choiceCarriesOver(choice: SyncChoice, before: ClassifiedComponent, now: ClassifiedComponent): boolean {
  return choice === 'skip' || choiceMadeFor(before) === choiceMadeFor(now);
}

/**
 * reclassified (given to `remember` as the comparison from then on), with the rows paired as
 * they were shown; no chips (a run needs none).
 */
export function recomparedAsync(compared: Comparison, state: SyncState, remember: (current: Comparison) => Comparison): Promise<Comparison> {
  return addNearlySamePairsAsync(remember(reclassified(compared, state)));
}

/** Adds the pairs of rule 2 to the exact-name pairs (allReplacementsAsync), and leaves out those kept apart. */
export async function addNearlySamePairsAsync(current: Comparison, turns: HostTurns = createHostTurns()): Promise<Comparison> {
  const pairs = await allReplacementsAsync(current.classification.components, current.payloads, current.link.payloads, current.replacements, turns);
  current.replacements = withoutKeptApart(pairs, current.keptApart);
  return current;
}

/**
 * A replaced row's chips, carried by its added component: what changed from the deleted one
 * as last synced (the detail's two sides), when that version is still kept. The screen shows
 * them only while the pair is shown as one row.
 */
async function addReplacementChipsAsync(current: Comparison): Promise<Comparison> {
  for (const { oldKey, newKey } of current.replacements) {
    const deleted = current.byKey.get(oldKey);
    const added = current.payloads.get(newKey);
    if (deleted === undefined || deleted.base === null || added === undefined) continue;
    const before = await current.link.payloads.getAsync(oldKey, deleted.base.hash);
    if (before !== null) current.chips.set(newKey, namedChangeChips(before, added));
  }
  return current;
}

/**
 * What the screen shows beside the kinds: chips, nearly-same pairs, and the replaced rows' chips.
 * One `turns` throughout, so no hold spans the step from one loop to the next.
 */
export async function describedAsync(current: Comparison, turns: HostTurns = createHostTurns()): Promise<Comparison> {
  return addReplacementChipsAsync(await addNearlySamePairsAsync(await addChipsAsync(current, turns), turns));
}

export function withStateProblem(compared: SyncComparison, stateProblem: string | null): SyncComparison {
  return stateProblem === null ? compared : { ...compared, stateProblem };
}
