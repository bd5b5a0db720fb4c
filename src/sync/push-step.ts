/*
 * A sync's push: the plan's body sent a group of ≤ 100 components at a time, thumbnails exported
 * only for what is sent, and the state saved after every acknowledged request, so an interrupted
 * push resumes where it stopped. "Keep mine" overwrites only the version the designer saw.
 */
import type { Component, SyncBody } from '../shared/api/builder/schemas';
import { fitsAlone, splitSyncBody } from '../shared/api/builder/sync-batches';
import type { HandlerContext } from '../shared/bridge/endpoint';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { exportThumbnailAsync, findComponentsByKeyAsync, type LocalComponentNode } from './component-nodes';
import type { PayloadCache } from './payload-cache';
import { applyBatchResult, keepMineRequests, sentOnly, stillSeen } from './push-plan';
import { allChangesSinceAsync, repeatGarbledAsync, type DesignSystemLink } from './sync-requests';
import type { SyncState } from './sync-state';
import { countText } from './count-text';

const GROUP_SIZE = 100;

export interface PushInput {
  figma: PluginAPI;
  /** The design system, and where the versions pushed from here are kept (each local change's "before"). */
  link: DesignSystemLink & { payloads: PayloadCache };
  /** The plan's body (planPush): what to send, and (its `force`) which keys are "keep mine". */
  body: SyncBody;
  /** The file as compared (with what the run took): what each accepted upsert was. */
  payloads: ReadonlyMap<string, ComponentPayload>;
  /** The comparison's server time: what the design system changed since is read before sending "keep mine". */
  comparedAt: string;
  /**
   * The remote versions the designer saw, by key (the comparison's, with any the last sync
   * returned as conflicts): a "keep mine" key whose version now is another is sent as any change.
   */
  seen: ReadonlyMap<string, Pick<Component, 'updated_at' | 'hash'>>;
  state: SyncState;
  /** Writes the state to the file (after every acknowledged request). */
  saveState(state: SyncState): void;
  /** A pushed component's picture, kept as the "before" of its next local change. */
  rememberPushed(hash: string, base64: string): void;
  /** After every acknowledged request, what the push did so far (a run that stops later still records it). */
  acknowledged?(soFar: Readonly<PushResult>): void;
  context: HandlerContext;
}

export interface PushResult {
  state: SyncState;
  pushed: number;
  deleted: number;
  /** The keys the design system deleted (their versions known before are gone there). */
  deletedKeys: Set<string>;
  /** What the design system returned as conflicts (a version newer than the base sent). */
  conflicts: Component[];
  /** The server times of the acknowledged requests. */
  syncedAt: string[];
}

function withoutThumbnail(payload: ComponentPayload): ComponentPayload {
  if (payload.thumbnail === undefined) return payload;
  const { thumbnail: _thumbnail, ...rest } = payload;
  return rest;
}

export async function pushAsync(input: PushInput): Promise<PushResult> {
  const { figma, link, body: planned, payloads, context } = input;
  let state = input.state;
  const { upserts, deletes } = planned;
  const total = upserts.length + deletes.length;
  const result: PushResult = { state, pushed: 0, deleted: 0, deletedKeys: new Set(), conflicts: [], syncedAt: [] };
  let sent = 0;
  const report = () => context.progress({ done: sent, total, label: `Pushing ${countText(sent)} of ${countText(total)}` });

  // "Keep mine" answers the teammate's version the designer saw. One edited again since the
  // comparison is sent as any other change, so the server returns it as a conflict instead of
  // overwriting a version nobody here has seen. A version read since the comparison time that is
  // the one seen is no such edit: a conflict the last sync returned is newer than its comparison
  // (that is why it was refused), and sending it as a change on that alone refused "keep mine" for ever.
  // Read just before the requests that carry them (those of deletions go last): read once before
  // the push, a teammate's edit made during a long one (thumbnails, 429 waits) was overwritten
  // unseen. The keys still seen are sent based on that read (keepMineRequests), so an edit made
  // while their request waits is not overwritten either.
  const keepMineApartAsync = async (batch: SyncBody): Promise<SyncBody[]> => {
    context.progress({ done: sent, total: total === 0 ? null : total, label: 'Checking for changes since the comparison…' });
    const since = await allChangesSinceAsync(link, input.comparedAt, context.signal);
    context.throwIfCancelled();
    const now = new Map(since.components.map((component) => [component.key, component]));
    return keepMineRequests(batch, stillSeen(batch.force, input.seen, now), since.serverTime, new Set(now.keys()));
  };
  if (total === 0) return result;
  report();

  /** The group's upserts with ≤ 256 px thumbnails (a courtesy: one that fits a request only without it goes without). */
  const withThumbnailsAsync = async (group: SyncBody['upserts'], nodes: ReadonlyMap<string, LocalComponentNode>): Promise<SyncBody['upserts']> => {
    const out: SyncBody['upserts'] = [];
    for (const upsert of group) {
      const node = nodes.get(upsert.key);
      const base64 = node === undefined ? null : await exportThumbnailAsync(node);
      // What is pushed becomes the "before" picture of this component's next local change.
      if (base64 !== null) input.rememberPushed(upsert.hash, base64);
      const pictured = base64 === null ? upsert : { ...upsert, thumbnail: { format: 'png' as const, base64 } };
      out.push(fitsAlone(planned, pictured) ? pictured : upsert);
    }
    return out;
  };

  // One walk of the document for every group's thumbnails, not one per group of 100.
  const nodes = upserts.length === 0 ? new Map<string, LocalComponentNode>() : await findComponentsByKeyAsync(figma, upserts.map((upsert) => upsert.key));
  for (let start = 0; start < Math.max(upserts.length, 1); start += GROUP_SIZE) {
    context.throwIfCancelled();
    const group = await withThumbnailsAsync(upserts.slice(start, start + GROUP_SIZE), nodes);
    const last = start + GROUP_SIZE >= upserts.length;
    const groupDeletes = last ? deletes : [];
    const groupKeys = new Set([...group.map((upsert) => upsert.key), ...groupDeletes]);
    const body: SyncBody = { ...planned, upserts: group, deletes: groupDeletes, force: planned.force.filter((key) => groupKeys.has(key)) };
    for (const split of splitSyncBody(body)) {
      context.throwIfCancelled();
      for (const batch of split.force.length === 0 ? [split] : await keepMineApartAsync(split)) {
        context.throwIfCancelled();
        // Only what this batch sent is recorded or counted (push-plan.ts `sentOnly`). Cancel stops
        // the wait for its answer at once; the batch then reads as echoes at the next comparison.
        const answer = sentOnly(batch, await repeatGarbledAsync(link.designSystemId, () => link.client.syncAsync(link.designSystemId, batch, context.signal)));
        state = applyBatchResult(state, batch, answer);
        input.saveState(state);
        result.state = state;
        const accepted = new Set(answer.accepted.map((entry) => entry.key));
        try {
          await link.payloads.putAsync(batch.upserts.filter((upsert) => accepted.has(upsert.key)).map((upsert) => withoutThumbnail(payloads.get(upsert.key) ?? (upsert as ComponentPayload))));
        } catch {
          // Best effort (clientStorage full, say): the push goes on; the detail then says the
          // version before a later change is not known.
        }
        result.pushed += answer.accepted.length;
        result.deleted += answer.deleted.length;
        for (const key of answer.deleted) result.deletedKeys.add(key);
        result.conflicts.push(...answer.conflicts);
        result.syncedAt.push(answer.synced_at);
        sent += batch.upserts.length + batch.deletes.length;
        input.acknowledged?.(result);
        report();
      }
    }
  }
  return result;
}
