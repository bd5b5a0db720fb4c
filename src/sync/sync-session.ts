// One plugin run's sync: compares the file with the design system, explains one component,
// keeps the designer's choices and runs the sync. The pure decisions live beside it
// (classify.ts, push-plan.ts, sync-state.ts, property-diff.ts); the session keeps the comparison
// between requests and does the I/O with the modules beside it: the link and its client
// (sync-link.ts), the document's state (sync-state-store.ts), what the screen is shown of a
// comparison (sync-comparison.ts), a row's detail and the list's thumbnails (sync-details.ts)
// and the run (sync-run.ts).
import { ApiError } from '../shared/api/http/api-error';
import { BridgeError } from '../shared/bridge/bridge-error';
import { handlerContext, type HandlerContext } from '../shared/bridge/endpoint';
import type { SyncBadge, SyncChoice, SyncComparison, SyncDetail, SyncItem, SyncOutcome, SyncOverview } from '../shared/bridge/messages';
import type { SyncBody } from '../shared/api/builder/schemas';
import type { CancelSignal } from '../shared/api/http/cancel-signal';
import { listedRowCount } from '../shared/sync/listed-rows';
import type { Snapshotter } from '../snapshot';
import { createComponentReader } from '../snapshot/component-reader';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { choiceMadeFor, choiceStillApplies } from './choices-store';
import { allowedChoicesFor } from './classify';
import { findComponentsByKeyAsync } from './component-nodes';
import { countText } from './count-text';
import { changesSince } from './remote-adds';
import { isSamePair, pairReplacements, withoutKeptApart, type Replacement } from './replacements';
import { allReplacementsAsync, buildComparison, classifyAgainst, describedAsync, itemOf, publicComparison, reclassified, withStateProblem, type Comparison, type KnownRemote } from './sync-comparison';
import { createSyncDetails } from './sync-details';
import { readOnlyError } from './sync-errors';
import { storingAsync } from '../platform/client-storage';
import { createHostTurns } from '../platform/host-turns';
import { linkAsync, requireLinkAsync, sayingWaitsAsync, type LinkSource, type SyncLink } from './sync-link';
import { createSyncPictures } from './sync-pictures';
import { allChangesSinceAsync } from './sync-requests';
import { runComparedAsync } from './sync-run';
import type { SharedDataHolder, SyncState } from './sync-state';
import { createSyncStateStore } from './sync-state-store';

export interface SyncSessionDependencies extends LinkSource {
  figma: PluginAPI;
  snapshotter: Snapshotter;
  /** Where the file's sync state lives (figma.root). */
  root: SharedDataHolder;
  source(): SyncBody['source'];
  userName(): string | null;
  /** Whether a batch of library references is being placed (the canvas feature's `placing`); default never. */
  placing?: () => boolean;
  /** Whether library references are being removed (the canvas feature's `removing`); default never. */
  removingReferences?: () => boolean;
}

export interface SyncSession {
  overviewAsync(): Promise<SyncOverview>;
  compareAsync(context: HandlerContext, full?: boolean): Promise<SyncComparison>;
  /** `context`: its cancel (the detail closed) stops a picture read the detail waits for, and the detail. */
  detailAsync(key: string, replaces?: string, context?: HandlerContext): Promise<SyncDetail>;
  /** The list rows' thumbnails (see `sync/pictures`), with one walk of the document per call. */
  picturesAsync(keys: readonly string[]): Promise<Record<string, string | null>>;
  chooseAsync(choices: Record<string, SyncChoice>): Promise<SyncItem[]>;
  /** Shows a replaced pair as two rows from now on (kept per user until either key is synced). */
  keepApartAsync(pair: Replacement): Promise<SyncComparison>;
  runAsync(context: HandlerContext): Promise<SyncOutcome>;
  /** The last comparison against the state as recorded now (no request): what a run that failed part-way left. */
  currentAsync(): Promise<SyncComparison>;
  /** Badge counts: the file read (incrementally) and the design system asked, without touching the screen's comparison. Nothing to review when not linked or read-only. `signal` stops it (the screen asks). A key the builder refused (at a check or at the screen's comparison) is refused again without asking, and without reading the file, until the key, address or design system changes or a comparison with it is answered. */
  checkAsync(signal?: CancelSignal): Promise<SyncBadge>;
  /**
   * Badge counts from an incremental read of the file against the last remote answer (no request):
   * nothing to review when not linked; `'link-changed'` when the key, address or design system
   * changed since the last check or comparison (their answer is of another link: check again);
   * null when this link has no answer yet (its check failed: the next one tries again).
   */
  localCountsAsync(): Promise<SyncBadge | 'link-changed' | null>;
}

/** The badge with nothing to review (the Sync screen says what is missing, if anything). */
export const NOTHING_TO_REVIEW: SyncBadge = { rows: 0 };

/**
 * The Sync tab's badge: the rows the screen lists under "All" (listed-rows.ts). `replacedPairs`
 * deleted-and-added pairs (replacements.ts) are one "replaced" row each (pairs kept apart are not
 * among them: two rows).
 */
export function syncBadge(counts: Record<string, number>, replacedPairs = 0): SyncBadge {
  return { rows: listedRowCount(counts, replacedPairs) };
}

export function createSyncSession(dependencies: SyncSessionDependencies): SyncSession {
  const { figma, snapshotter, root } = dependencies;
  let comparison: Comparison | null = null;
  /** The link the last background check asked with (even if it failed), and its answer, for live local counts. */
  let checkedLink: SyncLink | null = null;
  let lastRemote: KnownRemote | null = null;
  /**
   * The builder's refusal of a key, and the link it refused (the same object until the key, address
   * or design system changes): the badge's check does not ask with that link again, whoever was
   * refused. `byComparison`: the screen's comparison was refused, so the overview says so and the
   * screen does not ask again on its own; a refusal of the badge's check only, the screen, opened,
   * compares and says in its own words. Cleared when a comparison with the link is answered.
   */
  let refusal: { link: SyncLink; error: ApiError; byComparison: boolean } | null = null;
  const silent = handlerContext();
  const pictures = createSyncPictures(figma);
  const reader = createComponentReader(figma);
  const store = createSyncStateStore(root);
  const readStateFor = (designSystemId: string) => store.readStateFor(designSystemId);
  const details = createSyncDetails(pictures);

  const remember = (current: Comparison): Comparison => (comparison = current);

  /** The hashes and names of these components as the file has them now (those not in it left out). */
  async function fileComponentsAsync(keys: readonly string[]): Promise<Map<string, { hash: string; name: string }>> {
    const found = new Map<string, { hash: string; name: string }>();
    if (keys.length === 0) return found;
    // Styles and variables as named now (the reader keeps what it read before: take-theirs-step.ts).
    await reader.resolver.refreshAsync();
    for (const [key, node] of await findComponentsByKeyAsync(figma, keys)) {
      if (node.removed) continue;
      const { payload } = await reader.readAsync(node);
      found.set(key, { hash: payload.hash, name: payload.name });
    }
    return found;
  }

  async function snapshotAsync(context: HandlerContext | null, full = false): Promise<ComponentPayload[]> {
    const result = await snapshotter.snapshotAsync({
      full,
      onProgress: (progress) => context?.progress({ done: progress.done, total: progress.total, label: `Reading components… ${countText(progress.done)} of ${countText(progress.total)}` }),
      isCancelled: () => context?.signal.aborted ?? false,
    });
    return result.components;
  }

  async function compareAsync(context: HandlerContext, full = false): Promise<SyncComparison> {
    const link = await requireLinkAsync(dependencies);
    const { state, readOnlyReason, stateProblem } = readStateFor(link.designSystemId);
    if (readOnlyReason !== null) {
      comparison = null;
      return { items: [], counts: {}, serverTime: '', readOnlyReason };
    }
    const local = await snapshotAsync(context, full);
    context.throwIfCancelled();
    const hashes = new Map(local.map((payload) => [payload.key, payload.hash]));
    const since = changesSince(state, (key) => hashes.get(key));
    // Asked again (Check again): the screen says the refusal again only if the builder does; the
    // badge still does not ask with the key until an answer comes (this one may fail offline).
    if (refusal?.byComparison === true) refusal = { ...refusal, byComparison: false };
    const changes = await sayingWaitsAsync(link, context, { what: 'the check' }, (told) => {
      told.progress({ done: 0, total: null, label: 'Asking the design system for changes…' });
      return allChangesSinceAsync(link, since, told.signal);
    }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'unauthorized') refusal = { link, error, byComparison: true };
      throw error;
    });
    context.throwIfCancelled();
    // This key answered: the badge may ask with it again.
    if (refusal?.link === link) refusal = null;
    const stored = await link.choices.readAsync();
    const built = buildComparison(link, state, local, changes.components, changes.serverTime, new Map(), await link.keptApart.readAsync());
    // A choice applies only to the row it was made for (not to a teammate's newer version).
    for (const [key, choice] of stored) {
      const component = built.byKey.get(key);
      if (component !== undefined && choiceStillApplies(choice, component)) built.choices.set(key, choice.choice);
    }
    // The chips and pairs of a large file take seconds: the line says so, and a Cancel stops them at Figma's next turn.
    context.progress({ done: 0, total: null, label: 'Finding what changed in each component…' });
    const described = await describedAsync(built, createHostTurns({ afterTurn: () => context.throwIfCancelled() }));
    // Cancelled (even now): the screen keeps showing the previous list, so choices and a sync keep acting on it.
    context.throwIfCancelled();
    return withStateProblem(publicComparison(remember(described), null), stateProblem);
  }

  function requireComparison(): Comparison {
    if (comparison === null) throw new BridgeError('no_comparison', 'Compare the file with the design system first (Check again).');
    return comparison;
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

  function runAsync(context: HandlerContext): Promise<SyncOutcome> {
    const compared = requireComparison();
    // The run's one counted step that waits on the builder is the push (takes are local).
    return sayingWaitsAsync(compared.link, context, { what: 'the sync', countedAs: 'Pushed', before: 'before pushing' }, (told) =>
      runComparedAsync(
        {
          figma,
          reader,
          pictures,
          linkSource: dependencies,
          store,
          snapshotAsync: (runContext) => snapshotAsync(runContext),
          remember,
          forget: () => {
            comparison = null;
          },
          fileComponentsAsync,
          source: () => dependencies.source(),
          userName: () => dependencies.userName(),
          placing: dependencies.placing ?? (() => false),
          removingReferences: dependencies.removingReferences ?? (() => false),
        },
        compared,
        told,
      ),
    );
  }

  async function currentAsync(): Promise<SyncComparison> {
    const compared = requireComparison();
    const { state, readOnlyReason, stateProblem } = readStateFor(compared.link.designSystemId);
    if (readOnlyReason !== null) throw readOnlyError(readOnlyReason);
    // As a run classifies again at its start: what an earlier push got acknowledged is unchanged now.
    // Described once (its pairing is the long part in a large file).
    return withStateProblem(publicComparison(await describedAsync(remember(reclassified(compared, state))), null), stateProblem);
  }

  /** The badge's counts, by the rules the screen lists rows with (replaced pairs as one row, those kept apart as two). */
  async function countsOfAsync(known: KnownRemote, local: readonly ComponentPayload[], state: SyncState): Promise<SyncBadge> {
    const classification = classifyAgainst(state, local, known.window);
    const payloads = new Map(local.map((payload) => [payload.key, payload]));
    const pairs = await allReplacementsAsync(classification.components, payloads, known.payloads, pairReplacements(classification.components));
    // The stored decisions are read only when there is a pair to keep apart (this runs after each edit).
    const shown = pairs.length === 0 ? pairs : withoutKeptApart(pairs, await known.keptApart.readAsync());
    return syncBadge(classification.counts, shown.length);
  }

  async function checkAsync(signal?: CancelSignal): Promise<SyncBadge> {
    const { link } = await linkAsync(dependencies);
    // Refused again without asking (every 3 minutes with a wrong or revoked key is of no use), and
    // before the file's state or components are read: nothing of them would be used.
    if (link !== null && refusal?.link === link) throw refusal.error;
    // Another link's answer is of no use; the same link's is kept if this check fails (offline).
    if (link !== checkedLink) lastRemote = null;
    checkedLink = link;
    if (link === null) return NOTHING_TO_REVIEW;
    const { state, readOnlyReason } = readStateFor(link.designSystemId);
    if (readOnlyReason !== null) return NOTHING_TO_REVIEW;
    const local = await snapshotAsync(silent);
    // From where the screen's comparison asks (changesSince), so the count is of the rows it lists.
    const hashes = new Map(local.map((payload) => [payload.key, payload.hash]));
    const changes = await allChangesSinceAsync(link, changesSince(state, (key) => hashes.get(key)), signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'unauthorized') refusal = { link, error, byComparison: false };
      throw error;
    });
    lastRemote = { designSystemId: link.designSystemId, window: changes.components, payloads: link.payloads, keptApart: link.keptApart };
    return countsOfAsync(lastRemote, local, state);
  }

  async function localCountsAsync(): Promise<SyncBadge | 'link-changed' | null> {
    // The link as Settings has it now: a count against another design system's (or key's) answer is stale.
    const { link } = await linkAsync(dependencies);
    if (link === null) return NOTHING_TO_REVIEW;
    // connect() gives the same link object while the key, address and design system stay the same.
    const known: KnownRemote | null =
      comparison?.link === link ? { designSystemId: link.designSystemId, window: comparison.window, payloads: link.payloads, keptApart: link.keptApart } : checkedLink === link ? lastRemote : null;
    if (known === null) return checkedLink === link ? null : 'link-changed';
    // A state a newer Envelope wrote since (a collaborator's sync): nothing can be reviewed here, as
    // the check says; classified against no state, every component would count.
    const { state, readOnlyReason } = readStateFor(known.designSystemId);
    if (readOnlyReason !== null) return NOTHING_TO_REVIEW;
    const local = await snapshotAsync(null);
    return countsOfAsync(known, local, state);
  }

  return {
    async overviewAsync() {
      const { problem, designSystemId, link } = await linkAsync(dependencies);
      if (designSystemId === null) return { problem, designSystemId, lastSyncedAt: null, history: [], readOnlyReason: null };
      const { state, readOnlyReason } = readStateFor(designSystemId);
      // connect() gives another link object once the key or the address changed.
      const comparedWithOtherLink = link !== null && comparison !== null && comparison.link !== link;
      const keyRefused = link !== null && refusal?.link === link && refusal.byComparison;
      return { problem, designSystemId, lastSyncedAt: state.lastSyncedAt, history: state.history, readOnlyReason, ...(comparedWithOtherLink ? { comparedWithOtherLink } : {}), ...(keyRefused ? { keyRefused } : {}) };
    },
    compareAsync,
    async detailAsync(key, replaces, context) {
      const detail = await details.detailAsync(requireComparison(), key, replaces, context?.signal);
      context?.throwIfCancelled();
      return detail;
    },
    picturesAsync: (keys) => details.picturesAsync(requireComparison(), keys),
    chooseAsync,
    keepApartAsync,
    runAsync,
    currentAsync,
    checkAsync,
    localCountsAsync,
  };
}
