/*
 * A sync's first step: the design system's versions chosen to be taken go into the file, as one
 * undo step in Figma. What Envelope cannot apply is left to the designer in words, and a version
 * taken only in part is recorded (partly-taken.ts) once the file, read after the take, still
 * differs from it. Returns the state with what was taken as its new base (the runner writes it)
 * and what stays unresolved for the next base time.
 */
import type { Component } from '../shared/api/builder/schemas';
import type { HandlerContext } from '../shared/bridge/endpoint';
import type { SyncManualSteps, SyncOutcome } from '../shared/bridge/messages';
import type { ComponentReader } from '../snapshot/component-reader';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { applyTheirs } from './apply-theirs';
import type { ClassifiedComponent } from './classify';
import { findComponentsByKeyAsync } from './component-nodes';
import { countText } from './count-text';
import { recordRoom } from './partly-taken';
import { applyTaken } from './push-plan';
import type { PartlyTakenEntry, SyncState } from './sync-state';

/** Said after the steps to make by hand of a component taken in part. */
export const PARTLY_TAKEN_STEP =
  'Until this file matches the design system, the component stays listed as taken in part (not taken again unless you choose to), and an edit here counts as a conflict.';

/** Said instead of a component taken in part whose version is too large to record, alone or with the records kept (held unresolved: ticked to take again). */
export const PARTLY_TAKEN_UNRECORDED_STEP = 'Until this file matches the design system, the component stays listed as changed there, and an edit here counts as a conflict.';

/** Said instead of syncing while references are placed: the take would split their undo step, and the run's records would join it. */
export const PLACING_REFERENCES = 'Envelope is still placing references on the canvas, so nothing was taken or sent. Sync again once they are there.';

/** Said instead of syncing while references are removed: the removal's commit, after its waits, would split the take's undo step. */
export const REMOVING_REFERENCES_SYNC = 'Envelope is still removing references from the canvas, so nothing was taken or sent. Sync again once they are gone.';

/** Said of a component chosen to be taken that was edited in the file after the comparison. */
export const CHANGED_SINCE_COMPARISON_STEP = 'It changed in this file since the comparison: nothing was taken. Check again to compare your edit with their version.';

const TAKING_LABEL = 'Taking changes from the design system…';

export interface TakeTheirsInput {
  figma: PluginAPI;
  reader: ComponentReader;
  /** The rows the plan takes (planPush's `take`). */
  take: readonly ClassifiedComponent[];
  /** The file as compared: a component that differs from it now was edited since. */
  payloads: ReadonlyMap<string, ComponentPayload>;
  /** Components by key (component-names.ts): the steps left by hand name a swapped instance's component. */
  names?: ReadonlyMap<string, string>;
  /** The file as read at the start of the run; updated with what the take changed. */
  fresh: Map<string, ComponentPayload>;
  state: SyncState;
  context: HandlerContext;
}

export interface TakeTheirsResult {
  /** The state with what was taken as its base and the records of versions taken in part. */
  state: SyncState;
  /** The file as compared, with what was taken as the file holds it now; null when the plan takes nothing. */
  payloads: Map<string, ComponentPayload> | null;
  taken: number;
  manualSteps: SyncOutcome['manualSteps'];
  /** Remote versions chosen to be taken that could not be: still unresolved for the next base. */
  notTaken: string[];
  /** Rows chosen to be taken but not taken, whose version is recorded as taken in part: the record stays. */
  recordedNotTaken: ClassifiedComponent[];
  /** The versions this step took in part and recorded. */
  partlyTaken: Map<string, PartlyTakenEntry>;
}

export async function takeTheirsAsync({ figma, reader, take, payloads, names, fresh, state, context }: TakeTheirsInput): Promise<TakeTheirsResult> {
  const manualSteps: SyncOutcome['manualSteps'] = [];
  const notTaken: string[] = [];
  const recordedNotTaken: ClassifiedComponent[] = [];
  const partlyTaken = new Map<string, PartlyTakenEntry>();
  if (take.length === 0) return { state, payloads: null, taken: 0, manualSteps, notTaken, recordedNotTaken, partlyTaken };

  /** What a row chosen but not taken leaves: its record when it has one, else its version unresolved. */
  const leaveAsIs = (component: ClassifiedComponent, remote: Component) => {
    if (component.takenInPart !== undefined) recordedNotTaken.push(component);
    else notTaken.push(remote.updated_at);
  };
  /**
   * Taken only in part (what Envelope cannot apply is left to the designer), with the steps
   * left: recorded in the state once the file, read after the take, still differs from that
   * version (partly-taken.ts), so it is listed as taken in part until the file matches it, and
   * a later edit here is a conflict, never a plain push over the teammate's layers.
   */
  const partlyApplied = new Map<string, { remote: Component; steps: string[]; said: SyncManualSteps }>();
  let taken = 0;
  context.progress({ done: 0, total: take.length, label: TAKING_LABEL });
  const nodes = await findComponentsByKeyAsync(figma, take.map((component) => component.key));
  // Styles and variables as named now: the reader keeps what it read before (a rename since made
  // every component using that style read as changed since the comparison, its take refused).
  await reader.resolver.refreshAsync();
  figma.commitUndo();
  const takenKeys: ClassifiedComponent[] = [];
  for (const [index, component] of take.entries()) {
    // Each report also restarts the screen's wait for an answer: a long take is not "did not finish".
    if (index > 0) context.progress({ done: index, total: take.length, label: `${TAKING_LABEL} ${countText(index)} of ${countText(take.length)}` });
    // Cancel stops before the next one: what was taken stays (one undo step, recorded as below),
    // the rest are left as they are; the runner then stops the sync (sync-run.ts).
    if (context.signal.aborted) {
      for (const left of take.slice(index)) if (left.remote !== null) leaveAsIs(left, left.remote);
      break;
    }
    // One deleted since it was found (while a page loaded, or a read before it) is no longer in the file.
    const found = nodes.get(component.key);
    const node = found?.removed === true ? undefined : found;
    const remote = component.remote;
    if (remote === null) continue;
    // Edited here after the comparison: taking would overwrite an edit the designer was not
    // shown against theirs, or record it as the version taken, never to be pushed or listed.
    if (node !== undefined && (await reader.readAsync(node)).payload.hash !== payloads.get(component.key)?.hash) {
      manualSteps.push({ key: component.key, name: component.name, steps: [CHANGED_SINCE_COMPARISON_STEP] });
      leaveAsIs(component, remote);
      continue;
    }
    if (remote.deleted) {
      if (node !== undefined) node.remove();
    } else if (node === undefined) {
      manualSteps.push({ key: component.key, name: component.name, steps: ['It is no longer in this file: nothing was taken.'] });
      leaveAsIs(component, remote);
      continue;
    } else {
      const outcome = applyTheirs(node, remote, payloads.get(component.key) ?? null, names);
      if (outcome.manualSteps.length > 0) {
        const said: SyncManualSteps = { key: component.key, name: remote.name, steps: [...outcome.manualSteps] };
        manualSteps.push(said);
        partlyApplied.set(component.key, { remote, steps: outcome.manualSteps, said });
      }
    }
    takenKeys.push(component);
    taken++;
  }
  figma.commitUndo();
  // What the file holds now is the new base of what was taken: read those components
  // directly (documentchange reaches the snapshot only later, asynchronously).
  const byKey = new Map(payloads);
  const takenNow = new Set(takenKeys.map((component) => component.key));
  const room = recordRoom([...(state.partlyTaken ?? [])].filter(([key]) => !takenNow.has(key)).map(([, record]) => record));
  for (const [index, component] of takenKeys.entries()) {
    if (index > 0) context.progress({ done: index, total: takenKeys.length, label: `Reading what was taken… ${countText(index)} of ${countText(takenKeys.length)}` });
    const node = nodes.get(component.key);
    if (node === undefined || node.removed) {
      byKey.delete(component.key);
      fresh.delete(component.key);
    } else {
      const now = (await reader.readAsync(node)).payload;
      byKey.set(component.key, now);
      fresh.set(component.key, now);
      // Taken in part unless the file now matches their version after all.
      const partly = partlyApplied.get(component.key);
      if (partly === undefined || now.hash === partly.remote.hash) continue;
      // One too large to keep in the file's state (alone, or with the records kept) is held
      // as unresolved instead (listed from the changes window).
      if (room.fits(partly.remote, partly.steps)) {
        partlyTaken.set(component.key, { remote: partly.remote, steps: partly.steps });
        partly.said.steps.push(PARTLY_TAKEN_STEP);
        partly.said.takenInPart = true;
      } else {
        notTaken.push(partly.remote.updated_at);
        partly.said.steps.push(PARTLY_TAKEN_UNRECORDED_STEP);
      }
    }
  }
  let next = applyTaken(
    state,
    takenKeys.map((component) => {
      const now = byKey.get(component.key);
      const partly = partlyApplied.has(component.key) && now !== undefined && now.hash !== component.remote!.hash;
      const beforeHash = payloads.get(component.key)?.hash;
      const before = beforeHash === undefined ? undefined : { hash: beforeHash, base: component.base };
      return { remote: component.remote!, localHash: now?.hash ?? null, name: now?.name ?? component.name, partly, before };
    }),
  );
  // The records now: a key taken again loses its old record, and has the new one when taken in part again.
  const records = new Map(next.partlyTaken ?? []);
  for (const component of takenKeys) records.delete(component.key);
  for (const [key, record] of partlyTaken) records.set(key, record);
  next = { ...next, partlyTaken: records };
  return { state: next, payloads: byKey, taken, manualSteps, notTaken, recordedNotTaken, partlyTaken };
}
