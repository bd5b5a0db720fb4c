// One plugin run's sync: compares the file with the design system, explains one component,
// keeps the designer's choices and runs the sync. The pure decisions live beside it
// (classify.ts, push-plan.ts, sync-state.ts, property-diff.ts); this file does the I/O: the
// snapshot, the builder API, the document's sync state and clientStorage.
import type { BuilderClient } from '../shared/api/builder/client';
import type { Component, SyncBody } from '../shared/api/builder/schemas';
import { describeWait } from '../shared/api/http/describe-wait';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { HandlerContext } from '../shared/bridge/endpoint';
import type { SyncBadge, SyncChangeChip, SyncChoice, SyncComparison, SyncDetail, SyncItem, SyncOutcome, SyncOverview } from '../shared/bridge/messages';
import { listedRowCount } from '../shared/sync/listed-rows';
import { PICTURE_LABEL, theirsLabel } from '../shared/sync/picture-labels';
import { SNAPSHOT_FORMAT } from '../snapshot/format-version';
import type { Snapshotter } from '../snapshot';
import { createComponentReader } from '../snapshot/component-reader';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { layerSteps, stepsToMatch } from './apply-theirs';
import { changeChips } from './change-chips';
import { isSamePair, pairNearlySame, pairReplacements, unpairedSides, withoutKeptApart, type Replacement, type ReplacementCandidate } from './replacements';
import { choiceMadeFor, choiceStillApplies, type ChoicesStore } from './choices-store';
import { withoutSettled, type KeptApartStore } from './kept-apart-store';
import { allowedChoices, allowedChoicesFor, classifyComponents, type ClassifiedComponent, type Classification, type LocalComponentSummary } from './classify';
import type { PayloadCache } from './payload-cache';
import { applySettled, effectiveChoice, nextBaseTime, planPush } from './push-plan';
import { diffComponents } from './property-diff';
import { changesSince, remoteAddsToRecord, withRecordedRemoteAdds } from './remote-adds';
import { partlyTakenToRecord, withPartlyTaken } from './partly-taken';
import { takeTheirsAsync } from './take-theirs-step';
import { takenDeletionsToKeep, withoutOutgrownUndoRecords } from './undone-takes';
import { findComponentsByKeyAsync } from './component-nodes';
import { mergeConcurrentState } from './state-merge';
import { pushAsync } from './push-step';
import { allChangesSinceAsync } from './sync-requests';
import { readOnlyError, storingAsync } from './sync-errors';
import { createSyncPictures } from './sync-pictures';
import { SHARED_DATA_NAMESPACE } from '../platform/shared-data';
import { setRelaunchButton } from '../platform/relaunch-buttons';
import { countText } from './count-text';
import { sameContent } from './same-content';
import {
  addHistoryEntry,
  emptySyncState,
  readSyncState,
  SYNC_STATE_HEAD_KEY,
  writeSyncState,
  type PartlyTakenEntry,
  type ReadSyncStateResult,
  type SharedDataHolder,
  type SyncState,
} from './sync-state';

/** Said of a component chosen to be pushed that changed in the file after the comparison. */
export const CHANGED_SINCE_COMPARISON_NOT_SENT_STEP = 'It changed in this file since the comparison (an edit, or a collaborator’s sync): nothing was sent. It is listed again as the file has it now.';

/** Where the builder is and the key to it (null: none saved). */
export interface BuilderCredentials {
  baseUrl: string;
  key: string | null;
}

export interface SyncLink {
  designSystemId: string;
  client: BuilderClient;
  choices: ChoicesStore;
  /** The replaced pairs the designer keeps apart. */
  keptApart: KeptApartStore;
  payloads: PayloadCache;
  /** Who is told of the client's 429 waits (seconds), or no one. */
  setWaitListener(listener: ((seconds: number) => void) | null): void;
}

export interface SyncSessionDependencies {
  figma: PluginAPI;
  snapshotter: Snapshotter;
  /** Where the file's sync state lives (figma.root). */
  root: SharedDataHolder;
  /** The builder credentials and the file's design system, read fresh each time. */
  readLinkAsync(): Promise<{ credentials: BuilderCredentials; designSystemId: string | null }>;
  /** Builds the client and the per-user stores for a linked file: the same object while the key, address and design system stay the same. */
  connect(credentials: BuilderCredentials & { key: string }, designSystemId: string): SyncLink;
  source(): SyncBody['source'];
  userName(): string | null;
  /** Whether a batch of library references is being placed (the canvas feature's `placing`); default never. */
  placing?: () => boolean;
}

interface Comparison {
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
  chips: Map<string, SyncChangeChip[]>;
  /** Deleted and added components shown as one replaced row (see replacements.ts), less those kept apart. */
  replacements: Replacement[];
  /** The pairs the designer keeps apart (kept-apart-store.ts), as stored when compared. */
  keptApart: Replacement[];
}

export interface SyncSession {
  overviewAsync(): Promise<SyncOverview>;
  compareAsync(context: HandlerContext, full?: boolean): Promise<SyncComparison>;
  detailAsync(key: string, replaces?: string): Promise<SyncDetail>;
  /** The list rows' thumbnails (see `sync/pictures`), with one walk of the document per call. */
  picturesAsync(keys: readonly string[]): Promise<Record<string, string | null>>;
  chooseAsync(choices: Record<string, SyncChoice>): Promise<SyncItem[]>;
  /** Shows a replaced pair as two rows from now on (kept per user until either key is synced). */
  keepApartAsync(pair: Replacement): Promise<SyncComparison>;
  runAsync(context: HandlerContext): Promise<SyncOutcome>;
  /** Badge counts: the file read (incrementally) and the design system asked, without touching the screen's comparison. Null when not linked. */
  checkAsync(): Promise<SyncBadge | null>;
  /** Badge counts from an incremental read of the file against the last remote answer (no request). */
  localCountsAsync(): Promise<SyncBadge | null>;
}

/**
 * The Sync tab's badge: the rows the screen lists under "All" (listed-rows.ts). `replacedPairs`
 * deleted-and-added pairs (replacements.ts) are one "replaced" row each (pairs kept apart are not
 * among them: two rows).
 */
export function syncBadge(counts: Record<string, number>, replacedPairs = 0): SyncBadge {
  return { rows: listedRowCount(counts, replacedPairs) };
}

function summaryOf(payload: ComponentPayload): LocalComponentSummary {
  return { key: payload.key, name: payload.name, kind: payload.kind, hash: payload.hash };
}

/**
 * The steps a row taken in part still needs, as the file is now (its payload in the comparison):
 * they shrink as the designer makes them. The steps recorded at the take when the component is
 * gone from the file (a conflict: there is nothing to match).
 */
function stepsLeft(record: PartlyTakenEntry, local: ComponentPayload | undefined): string[] {
  const now = local === undefined ? [] : stepsToMatch(local, record.remote);
  // None named while the file still differs from theirs (a difference the diff does not word):
  // the take's steps, rather than a row that says nothing is left.
  return now.length > 0 ? now : record.steps;
}

function itemOf(component: ClassifiedComponent, current: Pick<Comparison, 'choices' | 'chips' | 'payloads'>): SyncItem {
  const { choices, chips } = current;
  const found = chips.get(component.key);
  const allowed = allowedChoicesFor(component);
  return {
    ...(found === undefined ? {} : { chips: found }),
    // Only where the row allows fewer than its kind (the screen offers no choice the sandbox refuses).
    ...(allowed.length < allowedChoices(component.kind).length ? { choices: allowed } : {}),
    ...(component.takenInPart === undefined ? {} : { takenInPart: { steps: stepsLeft(component.takenInPart, current.payloads.get(component.key)) } }),
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
interface KnownRemote {
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
 */
async function allReplacementsAsync(
  components: readonly ClassifiedComponent[],
  payloads: ReadonlyMap<string, ComponentPayload>,
  store: PayloadCache,
  paired: Replacement[],
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
  return [...paired, ...pairNearlySame(deletedCandidates, addedCandidates)];
}

/**
 * The file classified against `state`: its recorded remote additions and versions taken in
 * part come first, then the changes `window` (the classification keeps a key's last version,
 * so a change since a record wins). The screen, a sync's re-check and the badge all use this.
 */
function classifyAgainst(state: SyncState, local: readonly ComponentPayload[], window: readonly Component[]): Classification {
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

export function createSyncSession(dependencies: SyncSessionDependencies): SyncSession {
  const { figma, snapshotter, root } = dependencies;
  let comparison: Comparison | null = null;
  /** The last remote answer of a background check, for live local counts. */
  let lastRemote: KnownRemote | null = null;
  let lastRead: { head: string; result: ReadSyncStateResult } | null = null;
  const silent: HandlerContext = { progress: () => undefined, cancelled: false, throwIfCancelled: () => undefined };
  const pictures = createSyncPictures(figma);
  const reader = createComponentReader(figma);

  /** The hashes of these components as the file has them now (those not in it left out). */
  async function fileHashesAsync(keys: readonly string[]): Promise<Map<string, string>> {
    const hashes = new Map<string, string>();
    for (const [key, node] of await findComponentsByKeyAsync(figma, keys)) if (!node.removed) hashes.set(key, (await reader.readAsync(node)).payload.hash);
    return hashes;
  }

  /** The file's link, or the reason it cannot sync, in the overview's terms. */
  async function linkAsync(): Promise<{ problem: SyncOverview['problem']; link: SyncLink | null; designSystemId: string | null }> {
    const { credentials, designSystemId } = await dependencies.readLinkAsync();
    const key = credentials.key;
    if (key === null && designSystemId === null) return { problem: 'no-key-and-design-system', link: null, designSystemId };
    if (key === null) return { problem: 'no-builder-key', link: null, designSystemId };
    if (designSystemId === null) return { problem: 'no-design-system', link: null, designSystemId };
    return { problem: null, link: dependencies.connect({ ...credentials, key }, designSystemId), designSystemId };
  }

  function notLinkedError(problem: SyncOverview['problem']): BridgeError {
    const missing =
      problem === 'no-builder-key' ? 'a builder API key' : problem === 'no-design-system' ? 'the design system this file syncs to' : 'a builder API key and the design system this file syncs to';
    return new BridgeError('not_linked', `Sync needs ${missing}. Add it in Settings.`);
  }

  async function requireLinkAsync(): Promise<SyncLink> {
    const { problem, link } = await linkAsync();
    if (link !== null) return link;
    throw notLinkedError(problem);
  }

  /**
   * The state as stored, parsed again only when its head changed: every write makes a new head
   * (a new generation of parts), and the badge counts after each edit, the comparison and the
   * screen's overview all ask for it (a parse is ≈ 140 ms at 10,000 components in QuickJS).
   * The states handed out are never changed in place (push-plan.ts makes copies).
   */
  function readStoredState(): ReadSyncStateResult {
    const head = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
    if (lastRead?.head !== head) lastRead = { head, result: readSyncState(root) };
    return lastRead.result;
  }

  /** The file's state for this design system; a state of another design system starts afresh. */
  function readStateFor(designSystemId: string): { state: SyncState; readOnlyReason: string | null; stateProblem: string | null } {
    const read = readStoredState();
    if (read.status === 'newer') return { state: emptySyncState(designSystemId, SNAPSHOT_FORMAT), readOnlyReason: read.message, stateProblem: null };
    if (read.status === 'ok' && read.state.designSystemId === designSystemId) return { state: read.state, readOnlyReason: null, stateProblem: null };
    // Empty, damaged (it cannot be trusted, so the first-sync rules apply: nothing is pushed
    // over a remote version without asking; the screen says why), or another design system's
    // (said too: a sync here replaces that state and its history).
    const stateProblem =
      read.status === 'damaged'
        ? read.message
        : read.status === 'ok'
          ? `This file’s sync state is for the design system "${read.state.designSystemId}". Syncing with "${designSystemId}" compares every component as if for the first time, and replaces that state and its history.`
          : null;
    return { state: emptySyncState(designSystemId, SNAPSHOT_FORMAT), readOnlyReason: null, stateProblem };
  }

  function publicComparison(current: Comparison, readOnlyReason: string | null): SyncComparison {
    const items: SyncItem[] = [];
    for (const component of current.classification.components) if (component.kind !== 'unchanged') items.push(itemOf(component, current));
    return { items, counts: { ...current.classification.counts }, serverTime: current.serverTime, readOnlyReason, replacements: current.replacements };
  }

  function rememberComparison(
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
    comparison = { link, state, classification, byKey, payloads, window, serverTime, choices, chips: new Map(), replacements: pairReplacements(classification.components), keptApart };
    return comparison;
  }

  /**
   * The chips of every row whose two versions are known: the file against the design system
   * (remote changes, conflicts: the same sides as the detail) and, for local changes, the
   * version last synced from here when it is still kept.
   */
  async function addChipsAsync(current: Comparison): Promise<Comparison> {
    for (const component of current.classification.components) {
      const local = current.payloads.get(component.key) ?? null;
      const remote = component.remote !== null && !component.remote.deleted ? component.remote : null;
      if (component.kind === 'remote-change' && local !== null && remote !== null) current.chips.set(component.key, changeChips(local, remote));
      else if (component.kind === 'conflict' && local !== null && remote !== null) current.chips.set(component.key, changeChips(remote, local));
      else if (component.kind === 'local-change' && local !== null && component.base !== null) {
        const before = await current.link.payloads.getAsync(component.key, component.base.hash);
        if (before !== null) current.chips.set(component.key, changeChips(before, local));
      }
    }
    return current;
  }

  /** Adds the pairs of rule 2 to the exact-name pairs (allReplacementsAsync), and leaves out those kept apart. */
  async function addNearlySamePairsAsync(current: Comparison): Promise<Comparison> {
    const pairs = await allReplacementsAsync(current.classification.components, current.payloads, current.link.payloads, current.replacements);
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
      if (before !== null) current.chips.set(newKey, changeChips(before, added));
    }
    return current;
  }

  /** What the screen shows beside the kinds: chips, nearly-same pairs, and the replaced rows' chips. */
  async function describedAsync(current: Comparison): Promise<Comparison> {
    return addReplacementChipsAsync(await addNearlySamePairsAsync(await addChipsAsync(current)));
  }

  async function snapshotAsync(context: HandlerContext | null, full = false): Promise<ComponentPayload[]> {
    const result = await snapshotter.snapshotAsync({
      full,
      onProgress: (progress) => context?.progress({ done: progress.done, total: progress.total, label: `Reading components… ${countText(progress.done)} of ${countText(progress.total)}` }),
      isCancelled: () => context?.cancelled ?? false,
    });
    return result.components;
  }

  /** Runs `work` with the client's 429 waits (up to a minute each) said on the progress line, not a silent stall. */
  async function sayingWaitsAsync<T>(link: SyncLink, context: HandlerContext, what: string, work: () => Promise<T>): Promise<T> {
    link.setWaitListener((seconds) => context.progress({ done: 0, total: null, label: `The builder asked Envelope to wait ${describeWait(seconds)}; ${what} goes on after that.` }));
    try {
      return await work();
    } finally {
      link.setWaitListener(null);
    }
  }

  async function compareAsync(context: HandlerContext, full = false): Promise<SyncComparison> {
    const link = await requireLinkAsync();
    const { state, readOnlyReason, stateProblem } = readStateFor(link.designSystemId);
    if (readOnlyReason !== null) {
      comparison = null;
      return { items: [], counts: {}, serverTime: '', readOnlyReason };
    }
    const local = await snapshotAsync(context, full);
    context.throwIfCancelled();
    context.progress({ done: 0, total: null, label: 'Asking the design system for changes…' });
    const hashes = new Map(local.map((payload) => [payload.key, payload.hash]));
    const since = changesSince(state, (key) => hashes.get(key));
    const changes = await sayingWaitsAsync(link, context, 'the check', () =>
      allChangesSinceAsync(link, since),
    );
    context.throwIfCancelled();
    const stored = await link.choices.readAsync();
    const current = rememberComparison(link, state, local, changes.components, changes.serverTime, new Map(), await link.keptApart.readAsync());
    // A choice applies only to the row it was made for (not to a teammate's newer version).
    for (const [key, choice] of stored) {
      const component = current.byKey.get(key);
      if (component !== undefined && choiceStillApplies(choice, component)) current.choices.set(key, choice.choice);
    }
    return withStateProblem(publicComparison(await describedAsync(current), null), stateProblem);
  }

  function withStateProblem(compared: SyncComparison, stateProblem: string | null): SyncComparison {
    return stateProblem === null ? compared : { ...compared, stateProblem };
  }

  function requireComparison(): Comparison {
    if (comparison === null) throw new BridgeError('no_comparison', 'Compare the file with the design system first (Check again).');
    return comparison;
  }

  async function localPictureAsync(key: string, hash: string | undefined): Promise<string | null> {
    return (await pictures.localAsync([{ key, hash }])).get(key) ?? null;
  }

  /** The picture of the version last synced, read from the design system when this run has none. */
  function lastSyncedPictureAsync(link: SyncLink, component: ClassifiedComponent): Promise<string | null> {
    if (component.base === null) return Promise.resolve(null);
    return pictures.lastSyncedAsync(component.base, component.remote, (since, limit) => link.client.getChangesAsync(link.designSystemId, { since, limit }));
  }

  /**
   * A row's thumbnail is the version the row is about: the design system's for remote changes
   * and additions (the file's when it has no thumbnail), this file's otherwise (the design
   * system's when the component is no longer in the file).
   */
  async function picturesAsync(keys: readonly string[]): Promise<Record<string, string | null>> {
    const current = requireComparison();
    const result: Record<string, string | null> = {};
    const local: Array<{ key: string; hash: string | undefined }> = [];
    const remoteOf = new Map<string, string | null>();
    for (const key of new Set(keys)) {
      result[key] = null;
      const component = current.byKey.get(key);
      if (component === undefined) continue;
      const remoteUrl = component.remote !== null && !component.remote.deleted ? (component.remote.thumbnail_url ?? null) : null;
      const payload = current.payloads.get(key);
      const remoteFirst = component.kind === 'remote-change' || component.kind === 'remote-add';
      if ((remoteFirst && remoteUrl !== null) || payload === undefined) result[key] = remoteUrl;
      else {
        local.push({ key, hash: payload.hash });
        remoteOf.set(key, remoteUrl);
      }
    }
    const found = await pictures.localAsync(local);
    for (const { key } of local) result[key] = found.get(key) ?? remoteOf.get(key) ?? null;
    return result;
  }

  /** A replaced row: the deleted component as last synced against the one added in its place. */
  async function replacementDetailAsync(current: Comparison, added: ClassifiedComponent, deleted: ClassifiedComponent): Promise<SyncDetail> {
    const paired = current.replacements.some((pair) => pair.oldKey === deleted.key && pair.newKey === added.key);
    if (!paired) throw new BridgeError('not_found', `${added.name} no longer replaces ${deleted.name}. Check again.`);
    const local = current.payloads.get(added.key) ?? null;
    const before = deleted.base === null ? null : await current.link.payloads.getAsync(deleted.key, deleted.base.hash);
    return {
      item: itemOf(added, current),
      beforeLabel: PICTURE_LABEL.deleted,
      afterLabel: PICTURE_LABEL.added,
      beforeKnown: before !== null,
      changes: before !== null ? diffComponents(before, local) : diffComponents(null, local),
      beforePicture: await lastSyncedPictureAsync(current.link, deleted),
      afterPicture: local === null ? null : await localPictureAsync(added.key, local.hash),
      manualSteps: [],
    };
  }

  async function detailAsync(key: string, replaces?: string): Promise<SyncDetail> {
    const current = requireComparison();
    const component = current.byKey.get(key);
    if (component === undefined) throw new BridgeError('not_found', 'This component is no longer in the comparison. Check again.');
    if (replaces !== undefined) {
      const deleted = current.byKey.get(replaces);
      if (deleted === undefined) throw new BridgeError('not_found', 'The replaced component is no longer in the comparison. Check again.');
      return replacementDetailAsync(current, component, deleted);
    }
    const item = itemOf(component, current);
    const local = current.payloads.get(key) ?? null;
    const remote = component.remote !== null && !component.remote.deleted ? component.remote : null;
    const remotePicture = remote?.thumbnail_url ?? null;
    const localPicture = local === null ? null : await localPictureAsync(key, local.hash);
    const lastSynced = component.base === null ? null : await current.link.payloads.getAsync(key, component.base.hash);
    const base = { beforeKnown: true, manualSteps: [] as string[] };
    switch (component.kind) {
      case 'remote-change':
      case 'remote-add':
      case 'remote-delete':
      case 'both-same':
        return {
          ...base,
          item,
          beforeLabel: PICTURE_LABEL.thisFile,
          afterLabel: PICTURE_LABEL.designSystem,
          changes: diffComponents(local, remote),
          beforePicture: localPicture,
          afterPicture: remotePicture,
          manualSteps: remote === null ? [] : layerSteps(local, remote),
        };
      case 'conflict':
        return {
          ...base,
          item,
          beforeLabel: theirsLabel(remote?.updated_by),
          afterLabel: PICTURE_LABEL.mine,
          changes: diffComponents(remote, local),
          beforePicture: remotePicture,
          afterPicture: localPicture,
          manualSteps: remote === null ? [] : layerSteps(local, remote),
        };
      default: {
        // Local kinds: the "before" is the payload as last synced, when it was kept, and its
        // picture when this run pushed it (or the design system still shows that version).
        const beforeKnown = component.base === null || lastSynced !== null;
        const basePicture = await lastSyncedPictureAsync(current.link, component);
        return {
          ...base,
          item,
          beforeLabel: PICTURE_LABEL.lastSync,
          afterLabel: PICTURE_LABEL.thisFile,
          beforeKnown,
          changes: beforeKnown ? diffComponents(lastSynced, local) : diffComponents(null, local),
          beforePicture: basePicture,
          afterPicture: localPicture,
        };
      }
    }
  }

  async function chooseAsync(chosen: Record<string, SyncChoice>): Promise<SyncItem[]> {
    const current = requireComparison();
    const accepted = new Map<string, SyncChoice>();
    const refused: string[] = [];
    for (const [key, choice] of Object.entries(chosen)) {
      const component = current.byKey.get(key);
      // In sync since the list was shown (a sync that stopped part-way, a collaborator's): there
      // is nothing to choose, and refusing would block every sync until the list is compared again.
      if (component === undefined || component.kind === 'unchanged') continue;
      if (allowedChoicesFor(component).includes(choice)) accepted.set(key, choice);
      else refused.push(component.name);
    }
    if (refused.length > 0) {
      throw new BridgeError('invalid_input', `That choice is not possible for ${refused.slice(0, 3).join(', ')}${refused.length > 3 ? ` and ${refused.length - 3} more` : ''}.`);
    }
    await storingAsync(
      current.link.choices.updateAsync(new Map([...accepted].map(([key, choice]) => [key, { choice, madeFor: choiceMadeFor(current.byKey.get(key)!) }]))),
      accepted.size === 1 ? 'the choice' : 'the choices',
    );
    for (const [key, choice] of accepted) current.choices.set(key, choice);
    return [...accepted.keys()].map((key) => itemOf(current.byKey.get(key)!, current));
  }

  async function keepApartAsync(pair: Replacement): Promise<SyncComparison> {
    const current = requireComparison();
    // Asked again (a reply lost on the way): already apart, the same answer.
    if (!current.keptApart.some((kept) => isSamePair(kept, pair))) {
      if (!current.replacements.some((shown) => isSamePair(shown, pair))) {
        const added = current.byKey.get(pair.newKey)?.name ?? 'The added component';
        throw new BridgeError('not_found', `${added} is no longer shown as replacing a deleted component. Check again.`);
      }
      // Stored first: a decision that cannot be kept is not shown as kept.
      await storingAsync(current.link.keptApart.addAsync(pair), 'the decision to keep them apart');
      current.keptApart = [...current.keptApart, pair];
      current.replacements = withoutKeptApart(current.replacements, [pair]);
      // Apart, the addition is compared with nothing: the chips it had against the deleted one go.
      current.chips.delete(pair.newKey);
    }
    // The state problem as the comparison said it (the state is read again without a parse when unchanged).
    return withStateProblem(publicComparison(current, null), readStateFor(current.link.designSystemId).stateProblem);
  }

  /**
   * Writes a run's state (`ours`, moved on from `start`, the state the run read). Written by a
   * collaborator since (another head than the run's own last one), the stored state is read again
   * and the run's changes are written over it (state-merge.ts), never the run's older copy over
   * theirs. Returns the state written.
   */
  function stateWriter(start: SyncState): (ours: SyncState) => SyncState {
    let ownHead = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
    let merging = false;
    return (ours) => {
      let written = ours;
      if (merging || root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY) !== ownHead) {
        const stored = readStoredState();
        if (stored.status === 'ok' && stored.state.designSystemId === ours.designSystemId) {
          written = mergeConcurrentState(start, ours, stored.state);
          merging = true;
        }
      }
      writeSyncState(root, written);
      ownHead = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
      return written;
    };
  }

  function runAsync(context: HandlerContext): Promise<SyncOutcome> {
    return sayingWaitsAsync(requireComparison().link, context, 'the sync', () => runComparedAsync(context));
  }

  async function runComparedAsync(context: HandlerContext): Promise<SyncOutcome> {
    const compared = requireComparison();
    const { link } = compared;
    // Settings may have linked the file to another design system since the comparison.
    const { problem, link: linkNow, designSystemId: linked } = await linkAsync();
    if (linked !== link.designSystemId) {
      comparison = null;
      const now = linked === null ? 'no design system' : `the design system "${linked}"`;
      throw new BridgeError('no_comparison', `This file now syncs to ${now}, not to "${link.designSystemId}" it was compared with: nothing was sent. Check again.`);
    }
    // Or forgotten or replaced the key (or the builder's address): never send with the old one.
    if (linkNow === null) throw notLinkedError(problem);
    if (linkNow !== link) {
      comparison = null;
      throw new BridgeError('no_comparison', 'The builder key or address changed in Settings since the comparison: nothing was sent. Check again.');
    }
    const reread = readStateFor(link.designSystemId);
    if (reread.readOnlyReason !== null) throw readOnlyError(reread.readOnlyReason);
    const save = stateWriter(reread.state);
    // The file as it is now (incremental: what documentchange reported). A component changed
    // since the comparison, by an edit here or by a collaborator's sync that took a teammate's
    // version into the file (the state moved with it), is not pushed from the comparison's
    // older copy: against the moved state it reads as a local change and would overwrite that
    // version. It is listed again after the sync, as the file has it.
    const fresh = new Map((await snapshotAsync(context)).map((payload) => [payload.key, payload]));
    // Classified again against the state as it is in the document now, without a request: what
    // an earlier, interrupted push got acknowledged is then unchanged and is not sent again.
    // A collaborator's push since the comparison is caught by the server (it is newer than
    // the base sent) and comes back as a conflict.
    // Paired again as the comparison was: a run that stops part-way leaves the rows as shown.
    const current = await addNearlySamePairsAsync(
      rememberComparison(link, reread.state, [...compared.payloads.values()], compared.window, compared.serverTime, compared.choices, compared.keptApart),
    );
    let state = reread.state;
    const manualSteps: SyncOutcome['manualSteps'] = [];
    const runChoices = new Map(current.choices);
    for (const component of current.classification.components) {
      if (effectiveChoice(component, runChoices) !== 'push' || fresh.get(component.key)?.hash === current.payloads.get(component.key)?.hash) continue;
      runChoices.set(component.key, 'skip');
      manualSteps.push({ key: component.key, name: component.name, steps: [CHANGED_SINCE_COMPARISON_NOT_SENT_STEP] });
      // A replaced row goes as one: the old component is not deleted while its successor waits.
      const replaced = current.replacements.find((pair) => pair.newKey === component.key);
      if (replaced !== undefined) runChoices.set(replaced.oldKey, 'skip');
    }
    const plan = planPush({
      components: current.classification.components,
      choices: runChoices,
      payloadOf: (key) => current.payloads.get(key),
      base: current.serverTime,
      source: dependencies.source(),
    });

    // 1. Take theirs: one undo step in Figma (take-theirs-step.ts).
    const took = await takeTheirsAsync({ figma, reader, take: plan.take, payloads: current.payloads, fresh, state, context, placing: dependencies.placing ?? (() => false) });
    const { taken, notTaken, recordedNotTaken, partlyTaken } = took;
    manualSteps.push(...took.manualSteps);
    if (took.payloads !== null) {
      // The session's comparison too: a push that fails after this must not, tried again,
      // send the file as it was before taking over the version just taken.
      current.payloads = took.payloads;
      state = took.state;
      save(state);
    }

    // 2. Settle what both sides already agree on, as compared. One changed in the file since (an
    // edit, or ⌘Z of a take) is not recorded as the comparison's copy: that would mark the
    // teammate's version as seen under a hash the file no longer has, and the file's content
    // would read as a local change to push over it. It stays unresolved and is listed again.
    const settle = plan.settle.filter(({ key }) => fresh.get(key)?.hash === current.payloads.get(key)?.hash);
    const settling = new Set(settle.map((entry) => entry.key));
    const unsettled = current.classification.components.filter((component) => component.kind === 'both-same' && !settling.has(component.key));
    for (const component of unsettled) manualSteps.push({ key: component.key, name: component.name, steps: [CHANGED_SINCE_COMPARISON_NOT_SENT_STEP] });
    if (settle.length > 0) {
      state = applySettled(state, settle);
      save(state);
    }

    // 3. Push (push-step.ts): the state is written after every acknowledged request.
    const push = await pushAsync({
      figma,
      link,
      body: plan.body,
      payloads: current.payloads,
      comparedAt: current.serverTime,
      state,
      saveState: (next) => void save(next),
      rememberPushed: (hash, base64) => pictures.rememberPushed(hash, base64),
      context,
    });
    state = push.state;
    const { pushed, deleted, conflicts, syncedAt } = push;

    // 4. The next base: never past a remote version still waiting for the designer.
    // Remote additions cannot be taken: recorded (remote-adds.ts), they are listed again without
    // holding the base back; nor do versions taken in part and left as they are (partly-taken.ts).
    const unresolved: string[] = [...conflicts.map((component) => component.updated_at), ...notTaken];
    for (const component of [...plan.skipped, ...unsettled]) if (component.remote !== null && component.kind !== 'remote-add' && component.takenInPart === undefined) unresolved.push(component.remote.updated_at);
    // The base moves to the new format once no component is left whose base is of the old one
    // and still differs (format updates are always pushed; conflicts may be left for later).
    const formatSettled = conflicts.length === 0 && !plan.skipped.some((component) => component.kind === 'conflict' || component.kind === 'format-update');
    const history = {
      at: syncedAt.length > 0 ? syncedAt.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : current.serverTime,
      user: dependencies.userName(),
      pushed,
      deleted,
      taken,
      conflicts: conflicts.length,
    };
    // The records of earlier takes this file is past (undone-takes.ts), read as the file is now:
    // a ⌘Z during this sync back to before such a take keeps its record.
    const withRecords = [...state.components].filter(([key, entry]) => entry.beforeTake !== undefined && reread.state.components.get(key)?.beforeTake !== undefined).map(([key]) => key);
    const hashesNow = await fileHashesAsync(withRecords);
    state = addHistoryEntry(
      {
        ...state,
        components: withoutOutgrownUndoRecords(state.components, reread.state.components, (key) => hashesNow.get(key)),
        lastSyncedAt: nextBaseTime(current.serverTime, unresolved),
        format: formatSettled ? SNAPSHOT_FORMAT : state.format,
        remoteAdds: remoteAddsToRecord(current.classification.components),
        partlyTaken: partlyTakenToRecord(reread.state.partlyTaken, [...plan.skipped, ...recordedNotTaken], partlyTaken),
        takenDeletions: takenDeletionsToKeep(state, (key) => fresh.has(key) || plan.take.some((component) => component.key === key)),
      },
      history,
    );
    // As stored: with what a collaborator's sync wrote meanwhile.
    state = save(state);
    try {
      setRelaunchButton(figma.root, 'sync', 'Push and pull components with the design system');
    } catch {
      // The relaunch button is a convenience: a file where it cannot be set still synced.
    }
    const settledKeys = [...plan.take, ...settle, ...plan.body.upserts, ...plan.body.deletes.map((key) => ({ key }))].map((entry) => entry.key);
    try {
      await link.choices.forgetAsync(settledKeys);
    } catch {
      // Everything was sent and recorded: a choice left in clientStorage must not turn the sync
      // into "did not finish". Kept choices apply only to the row they were made for.
    }
    try {
      await link.keptApart.forgetAsync(settledKeys);
    } catch {
      // The same: a pair kept apart applies only to its two keys, and one of them is synced now.
    }
    for (const key of settledKeys) current.choices.delete(key);

    // 5. The comparison after the sync, without another request: what came back as a conflict
    // joins the remote versions already known, and a version of a key this run deleted leaves
    // them (with its base entry gone, an echo of it would read as only in the design system).
    // A component only in the design system that turned up in the file during the run (a deletion
    // undone) stays as compared: only a check reads its full version (changesSince), so it is
    // never compared with its record alone nor pushed as an addition over theirs.
    const recorded = state.remoteAdds ?? new Map();
    const nextLocal = [...fresh.values()].filter((payload) => !recorded.has(payload.key));
    const next = await describedAsync(
      rememberComparison(link, state, nextLocal, [...current.window.filter((version) => !push.deletedKeys.has(version.key)), ...conflicts], current.serverTime, current.choices, withoutSettled(current.keptApart, settledKeys)),
    );
    return {
      pushed,
      deleted,
      taken,
      // Left for later by choice: components only in the design system have no other choice.
      skipped: plan.skipped.filter((component) => component.kind !== 'remote-add').length,
      newConflicts: conflicts.length,
      manualSteps,
      comparison: publicComparison(next, null),
    };
  }

  /** The badge's counts, by the rules the screen lists rows with (replaced pairs as one row, those kept apart as two). */
  async function countsOfAsync(known: KnownRemote, local: readonly ComponentPayload[]): Promise<SyncBadge> {
    const { state } = readStateFor(known.designSystemId);
    const classification = classifyAgainst(state, local, known.window);
    const payloads = new Map(local.map((payload) => [payload.key, payload]));
    const pairs = await allReplacementsAsync(classification.components, payloads, known.payloads, pairReplacements(classification.components));
    // The stored decisions are read only when there is a pair to keep apart (this runs after each edit).
    const shown = pairs.length === 0 ? pairs : withoutKeptApart(pairs, await known.keptApart.readAsync());
    return syncBadge(classification.counts, shown.length);
  }

  async function checkAsync(): Promise<SyncBadge | null> {
    const { link } = await linkAsync();
    if (link === null) return null;
    const { state, readOnlyReason } = readStateFor(link.designSystemId);
    if (readOnlyReason !== null) return null;
    const local = await snapshotAsync(silent);
    // From where the screen's comparison asks (changesSince), so the count is of the rows it lists.
    const hashes = new Map(local.map((payload) => [payload.key, payload.hash]));
    const changes = await allChangesSinceAsync(link, changesSince(state, (key) => hashes.get(key)));
    lastRemote = { designSystemId: link.designSystemId, window: changes.components, payloads: link.payloads, keptApart: link.keptApart };
    return countsOfAsync(lastRemote, local);
  }

  async function localCountsAsync(): Promise<SyncBadge | null> {
    const known: KnownRemote | null =
      comparison !== null ? { designSystemId: comparison.link.designSystemId, window: comparison.window, payloads: comparison.link.payloads, keptApart: comparison.link.keptApart } : lastRemote;
    if (known === null) return null;
    const local = await snapshotAsync(null);
    return countsOfAsync(known, local);
  }

  return {
    async overviewAsync() {
      const { problem, designSystemId } = await linkAsync();
      if (designSystemId === null) return { problem, designSystemId, lastSyncedAt: null, history: [], readOnlyReason: null };
      const { state, readOnlyReason } = readStateFor(designSystemId);
      return { problem, designSystemId, lastSyncedAt: state.lastSyncedAt, history: state.history, readOnlyReason };
    },
    compareAsync,
    detailAsync,
    picturesAsync,
    chooseAsync,
    keepApartAsync,
    runAsync,
    checkAsync,
    localCountsAsync,
  };
}

