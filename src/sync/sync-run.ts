// A sync's run, from the comparison the designer made their choices on: the link and the state
// checked again, then take theirs (one undo step), settle what both sides agree on, push, and
// the next base time with the history entry; the comparison after it, without another request.
// The steps are in take-theirs-step.ts and push-step.ts; the rules in README.md ("How a sync
// moves the state").
import { comparisonNames } from './component-names';
import type { Component, SyncBody } from '../shared/api/builder/schemas';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { HandlerContext } from '../shared/bridge/endpoint';
import type { SyncHistoryEntry, SyncOutcome } from '../shared/bridge/messages';
import { setRelaunchButton } from '../platform/relaunch-buttons';
import type { ComponentReader } from '../snapshot/component-reader';
import { SNAPSHOT_FORMAT } from '../snapshot/format-version';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { withoutSettled } from './kept-apart-store';
import { partlyTakenToRecord } from './partly-taken';
import { applySettled, effectiveChoice, nextBaseTime, planPush, skippedRowCount } from './push-plan';
import { pushAsync } from './push-step';
import { remoteAddsToRecord } from './remote-adds';
import { buildComparison, recomparedAsync, describedAsync, publicComparison, type Comparison } from './sync-comparison';
import { readOnlyError } from './sync-errors';
import { linkAsync, notLinkedError, type LinkSource } from './sync-link';
import type { SyncPictures } from './sync-pictures';
import type { SyncStateStore } from './sync-state-store';
import { addHistoryEntry, type PartlyTakenEntry, type SyncState } from './sync-state';
import type { ClassifiedComponent } from './classify';
import { PLACING_REFERENCES, REMOVING_REFERENCES_SYNC, takeTheirsAsync } from './take-theirs-step';
import { keysWithTakeRecords, takenDeletionsToKeep, takesWrittenOver, withUndoneTakesForgotten, withoutOutgrownUndoRecords, type UndoneTakesForgotten } from './undone-takes';

/** Said of a component chosen to be pushed that changed in the file after the comparison. */
export const CHANGED_SINCE_COMPARISON_NOT_SENT_STEP = 'It changed in this file since the comparison (an edit, or a collaborator’s sync): nothing was sent. It is listed again as the file has it now.';

/** Said of a component chosen to be pushed that is over the builder's 2 MB for a request on its own. */
export const TOO_LARGE_NOT_SENT_STEP =
  'It is too large to sync (over 2 MB on its own, the most the design system takes in one request): nothing was sent, and the rest synced. Simplify it (fewer layers or variants, a shorter description) to sync it.';

/** What a run needs of its session. */
export interface RunServices {
  figma: PluginAPI;
  reader: ComponentReader;
  pictures: SyncPictures;
  linkSource: LinkSource;
  store: SyncStateStore;
  /** The file as it is now (incremental: what documentchange reported). */
  snapshotAsync(context: HandlerContext): Promise<ComponentPayload[]>;
  /** Makes `comparison` the session's (the run's re-check, then the comparison after it); returns it. */
  remember(comparison: Comparison): Comparison;
  /** The session's comparison no longer holds (the link changed since). */
  forget(): void;
  /** The hashes and names of these components as the file has them now (those not in it left out). */
  fileComponentsAsync(keys: readonly string[]): Promise<Map<string, { hash: string; name: string }>>;
  source(): SyncBody['source'];
  userName(): string | null;
  /** Whether a batch of library references is being placed (the canvas feature's `placing`). */
  placing: () => boolean;
  /** Whether library references are being removed (the canvas feature's `removing`). */
  removingReferences: () => boolean;
}

/** A run's history entry: at the earliest acknowledged request's server time (else the comparison's). */
function historyEntry(done: { taken: number; pushed: number; deleted: number; conflicts: number; syncedAt: readonly string[] }, comparedAt: string, user: string | null): SyncHistoryEntry {
  const { taken, pushed, deleted, conflicts, syncedAt } = done;
  const at = syncedAt.length > 0 ? syncedAt.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : comparedAt;
  return { at, user, pushed, deleted, taken, conflicts };
}

export async function runComparedAsync(services: RunServices, compared: Comparison, context: HandlerContext): Promise<SyncOutcome> {
  const { figma, reader, store } = services;
  const { link } = compared;
  // Settings may have linked the file to another design system since the comparison.
  const { problem, link: linkNow, designSystemId: linked } = await linkAsync(services.linkSource);
  if (linked !== link.designSystemId) {
    services.forget();
    const now = linked === null ? 'no design system' : `the design system "${linked}"`;
    throw new BridgeError('no_comparison', `This file now syncs to ${now}, not to "${link.designSystemId}" it was compared with: nothing was sent. Check again.`);
  }
  // Or forgotten or replaced the key (or the builder's address): never send with the old one.
  if (linkNow === null) throw notLinkedError(problem);
  if (linkNow !== link) {
    services.forget();
    throw new BridgeError('no_comparison', 'The builder key or address changed in Settings since the comparison: nothing was sent. Check again.');
  }
  // References being placed hold their undo step open: a take would cut it in two, and even a
  // run that takes nothing writes its records into it, so ⌘Z of the references would put the
  // state back to before what this run sent. Refused before anything is taken or sent (while a
  // sync runs, no batch starts: the canvas waits for it).
  if (services.placing()) throw new BridgeError('busy', PLACING_REFERENCES);
  if (services.removingReferences()) throw new BridgeError('busy', REMOVING_REFERENCES_SYNC);
  const reread = store.readStateFor(link.designSystemId);
  if (reread.readOnlyReason !== null) throw readOnlyError(reread.readOnlyReason);
  /** Takes of this run's writes the stored state lost since (⌘Z while it ran): forgotten at its next write (undone-takes.ts). */
  const writtenOver = new Map<string, string>();
  const save = store.writer(reread.state, (stored, ownLast) => {
    // This run's takes only: an earlier sync's record a collaborator's sync dropped meanwhile (as
    // it should, the file past it) is no undo.
    for (const [key] of takesWrittenOver(ownLast, stored)) {
      const taken = plan.take.find((component) => component.key === key);
      if (taken !== undefined) writtenOver.set(key, taken.name);
    }
  });
  /**
   * The records of takes in part as before the takes undone (`keys`): of a take this run made, the
   * one the state had when it read it (an earlier take in part of that key); of an earlier run's,
   * none (the record read is that take's own).
   */
  const partlyTakenBefore = (records: ReadonlyMap<string, PartlyTakenEntry> | undefined, keys: ReadonlySet<string>) => {
    const left = new Map(records ?? []);
    for (const key of keys) {
      const before = plan.take.some((component) => component.key === key) ? reread.state.partlyTaken?.get(key) : undefined;
      if (before === undefined) left.delete(key);
      else left.set(key, before);
    }
    return left;
  };
  // The file as it is now (incremental: what documentchange reported). A component changed
  // since the comparison, by an edit here or by a collaborator's sync that took a teammate's
  // version into the file (the state moved with it), is not pushed from the comparison's
  // older copy: against the moved state it reads as a local change and would overwrite that
  // version. It is listed again after the sync, as the file has it.
  const fresh = new Map((await services.snapshotAsync(context)).map((payload) => [payload.key, payload]));
  // Classified again against the state as it is in the document now, without a request: what
  // an earlier, interrupted push got acknowledged is then unchanged and is not sent again.
  // A collaborator's push since the comparison is caught by the server (it is newer than
  // the base sent) and comes back as a conflict.
  // Paired again as the comparison was: a run that stops part-way leaves the rows as shown.
  const current = await recomparedAsync(compared, reread.state, (recompared) => services.remember(recompared));
  let state = reread.state;
  const manualSteps: SyncOutcome['manualSteps'] = [];
  const runChoices = new Map(current.choices);
  /** Keys the run left out itself (their steps say why): not counted as skipped by choice. */
  const leftOut = new Set<string>();
  /** Not sent this time, in words; a replaced row goes as one: the old component is not deleted while its successor waits. */
  const leaveOut = (component: ClassifiedComponent, step: string) => {
    runChoices.set(component.key, 'skip');
    leftOut.add(component.key);
    manualSteps.push({ key: component.key, name: component.name, steps: [step] });
    const replaced = current.replacements.find((pair) => pair.newKey === component.key);
    if (replaced !== undefined) {
      runChoices.set(replaced.oldKey, 'skip');
      leftOut.add(replaced.oldKey);
    }
  };
  for (const component of current.classification.components) {
    if (effectiveChoice(component, runChoices) !== 'push' || fresh.get(component.key)?.hash === current.payloads.get(component.key)?.hash) continue;
    leaveOut(component, CHANGED_SINCE_COMPARISON_NOT_SENT_STEP);
  }
  const planned = () =>
    planPush({
      components: current.classification.components,
      choices: runChoices,
      payloadOf: (key) => current.payloads.get(key),
      base: current.serverTime,
      source: services.source(),
    });
  let plan = planned();
  // One too large to send never holds back the rest (a format update cannot be unticked).
  const tooLarge = new Set(plan.tooLarge.map((component) => component.key));
  if (tooLarge.size > 0) {
    for (const component of plan.tooLarge) leaveOut(component, TOO_LARGE_NOT_SENT_STEP);
    plan = planned();
  }

  // A run that stops after taking or sending part (a failure, or Cancel) records what it did in
  // the history, marked as stopped: the team reads there what went to the design system, and
  // the sync tried again counts only the rest.
  let done = { taken: 0, pushed: 0, deleted: 0, conflicts: 0, syncedAt: [] as readonly string[] };
  let written = state;
  /** What acknowledged requests returned as conflicts, before the run stopped (if it does). */
  let returnedConflicts: readonly Component[] = [];
  const recordStoppedAndThrowAsync = async (error: unknown): Promise<never> => {
    // They join the remote versions known, as after a whole run (step 5): listed again (sync/current),
    // such a row is a conflict, not a local change whose default is to push over the newer version.
    if (returnedConflicts.length > 0) current.window = [...current.window, ...returnedConflicts];
    if (done.taken + done.pushed + done.deleted > 0) {
      try {
        // A take undone meanwhile is taken no more, as after a whole run (step 4), and the base
        // time stays before its version (one taken again may be older than the base read).
        const undone = await undoneTakesForgottenAsync(services, written, writtenOver, save.checkOverwritten);
        const stopped = {
          ...written,
          components: undone.components,
          takenDeletions: undone.takenDeletions,
          partlyTaken: partlyTakenBefore(written.partlyTaken, undone.keys),
          lastSyncedAt: written.lastSyncedAt === null ? null : nextBaseTime(written.lastSyncedAt, undone.theirTimes),
        };
        save(addHistoryEntry(stopped, { ...historyEntry(done, current.serverTime, services.userName()), stoppedPartWay: true }));
        // As after a whole run: a take undone leaves its row without the choice (⌘Z said no to it).
        for (const key of undone.keys) current.choices.delete(key);
        await link.choices.forgetAsync([...undone.keys]);
      } catch {
        // The failure's own words matter more: what was sent is recorded in the state already.
      }
    }
    throw error;
  };

  // 1. Take theirs: one undo step in Figma (take-theirs-step.ts).
  const took = await takeTheirsAsync({ figma, reader, take: plan.take, payloads: current.payloads, names: plan.take.length === 0 ? undefined : comparisonNames(current), fresh, state, context });
  const { taken, notTaken, recordedNotTaken, partlyTaken } = took;
  manualSteps.push(...took.manualSteps);
  if (took.payloads !== null) {
    // The session's comparison too: a push that fails after this must not, tried again,
    // send the file as it was before taking over the version just taken.
    current.payloads = took.payloads;
    state = took.state;
    save(state);
    written = state;
  }
  done = { ...done, taken };
  // Cancelled during the take: what was taken is recorded above, the run stops here.
  if (context.signal.aborted) await recordStoppedAndThrowAsync(new BridgeError('cancelled', 'Cancelled.'));

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
    written = state;
  }

  // 3. Push (push-step.ts): the state is written after every acknowledged request.
  const push = await pushAsync({
    figma,
    link,
    body: plan.body,
    payloads: current.payloads,
    comparedAt: current.serverTime,
    seen: new Map(current.classification.components.flatMap((component) => (component.remote === null ? [] : [[component.key, component.remote]]))),
    state,
    saveState: (next) => {
      save(next);
      written = next;
    },
    rememberPushed: (hash, base64) => services.pictures.rememberPushed(hash, base64),
    acknowledged: ({ pushed, deleted, conflicts, syncedAt }) => {
      done = { ...done, pushed, deleted, conflicts: conflicts.length, syncedAt: [...syncedAt] };
      returnedConflicts = [...conflicts];
    },
    context,
  }).catch(recordStoppedAndThrowAsync);
  state = push.state;
  const { pushed, deleted, conflicts, syncedAt } = push;

  // 4. The next base: never past a remote version still waiting for the designer.
  // Remote additions cannot be taken: recorded (remote-adds.ts), they are listed again without
  // holding the base back; nor do versions taken in part and left as they are (partly-taken.ts).
  const unresolved: string[] = [...conflicts.map((component) => component.updated_at), ...notTaken];
  for (const component of [...plan.skipped, ...unsettled]) if (component.remote !== null && component.kind !== 'remote-add' && component.takenInPart === undefined) unresolved.push(component.remote.updated_at);
  // The base moves to the new format once no component is left whose base is of the old one
  // and still differs (format updates are always pushed; conflicts may be left for later).
  // A format update too large to send does not hold it back: its old base then reads as a change
  // here (pushed once it is smaller), and every other edit is a change again, which can be left
  // out (a format update cannot).
  const formatSettled = conflicts.length === 0 && !plan.skipped.some((component) => component.kind === 'conflict' || (component.kind === 'format-update' && !tooLarge.has(component.key)));
  const history = historyEntry({ pushed, deleted, taken, conflicts: conflicts.length, syncedAt }, current.serverTime, services.userName());
  // The takes recorded, read as the file is now (undone-takes.ts): one the file is back from (⌘Z
  // during this sync) is taken no more, its version unresolved; the records of earlier takes the
  // file is past go.
  const undone = await undoneTakesForgottenAsync(services, state, writtenOver, save.checkOverwritten);
  unresolved.push(...undone.theirTimes);
  const partlyTakenLeft = partlyTakenBefore(partlyTakenToRecord(reread.state.partlyTaken, [...plan.skipped, ...recordedNotTaken], partlyTaken), undone.keys);
  state = addHistoryEntry(
    {
      ...state,
      components: withoutOutgrownUndoRecords(undone.components, reread.state.components, (key) => undone.fileNow.get(key)?.hash),
      lastSyncedAt: nextBaseTime(current.serverTime, unresolved),
      format: formatSettled ? SNAPSHOT_FORMAT : state.format,
      remoteAdds: remoteAddsToRecord(current.classification.components),
      partlyTaken: partlyTakenLeft,
      takenDeletions: takenDeletionsToKeep({ components: undone.components, takenDeletions: undone.takenDeletions }, (key) => fresh.has(key) || plan.take.some((component) => component.key === key)),
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
    services.remember(
      buildComparison(link, state, nextLocal, [...current.window.filter((version) => !push.deletedKeys.has(version.key)), ...conflicts], current.serverTime, current.choices, withoutSettled(current.keptApart, settledKeys)),
    ),
  );
  return {
    pushed,
    deleted,
    taken,
    skipped: skippedRowCount(plan.skipped, leftOut, current.replacements),
    newConflicts: conflicts.length,
    manualSteps,
    comparison: publicComparison(next, null),
  };
}

/**
 * `state` with the takes the file is back from forgotten (undone-takes.ts), and what the file has
 * of the keys it read. `checkOverwritten` (the run's state writer's) fills `writtenOver`; a ⌘Z
 * heard during the read (the file read before it) is read again, so the write that follows at
 * once never puts back a take the designer undid.
 */
async function undoneTakesForgottenAsync(
  services: RunServices,
  state: SyncState,
  writtenOver: ReadonlyMap<string, string>,
  checkOverwritten: () => void,
): Promise<UndoneTakesForgotten & { fileNow: Map<string, { hash: string; name: string }> }> {
  for (;;) {
    checkOverwritten();
    const heard = writtenOver.size;
    const fileNow = await services.fileComponentsAsync(keysWithTakeRecords(state));
    checkOverwritten();
    if (writtenOver.size === heard) return { ...withUndoneTakesForgotten(state, (key) => fileNow.get(key), writtenOver), fileNow };
  }
}
