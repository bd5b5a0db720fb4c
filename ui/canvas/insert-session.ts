// Placings that run side by side under the insert bar (an Insert, drops in quick succession): one
// Cancel stops them all, and once the last ends one summary counts them all. No DOM: the bar
// (canvas-insert.tsx) shows what `report` hands it.
import { errorText } from '../messages/error-text';
import { insertSummary, mergeOutcomes, refusedKeyOutcome, type InsertOutcome, type RefusedKeySince } from './insert-summary';
import type { InsertProgress } from './reference-inserter';

/**
 * `tryAgainAt`: the library's "slow down" ends then (a Date.now() time); placing is held until it does.
 * `placed`: what the summary counted as on the canvas, by layer, for its words to follow (⌘Z, a delete).
 * `keyRefused`: the library refused the key sent for an email's facts (placing works without one);
 * `textsSince`: the summary as it reads once Browse no longer sends that key (it goes on without one, or another was saved).
 */
export type SessionReport =
  | { kind: 'running'; progress: InsertProgress }
  | { kind: 'done'; text: string; failed: boolean; tryAgainAt?: number; placed?: { nodeIds: readonly string[]; outcome: InsertOutcome }; keyRefused?: boolean; textsSince?: Record<RefusedKeySince, string> };

/** One placing: it reports its progress, and ends with its outcome (or throws: it could not begin). */
export type PlaceAsync = (signal: AbortSignal, onProgress: (progress: InsertProgress) => void) => Promise<InsertOutcome>;

export interface InsertSessions {
  /** Whether placings are under way. */
  running(): boolean;
  /**
   * Runs one placing under the bar (null: it could not begin); the summary comes when the last one
   * under way ends. `names`: the emails it places, named in that summary if it cannot begin.
   */
  runAsync(placeAsync: PlaceAsync, names?: readonly string[]): Promise<InsertOutcome | null>;
  /** Stops every placing under way. */
  cancel(): void;
}

interface Run {
  progress: InsertProgress;
  ended: boolean;
}

/**
 * The bar's words for every placing under way: counted together ("Placing 1 of 2"), named after
 * the first one not done yet, with that one's wait, rather than after whichever spoke last.
 */
function combinedProgress(runs: readonly Run[], stopping = false): InsertProgress {
  let done = 0;
  let total = 0;
  let current: InsertProgress | undefined;
  /** All sent, one still ending (a batch laid out): its last words stay, not said again nameless. */
  let ending: InsertProgress | undefined;
  for (const { progress, ended } of runs) {
    total += progress.total;
    done += ended ? progress.total : Math.min(progress.done, progress.total);
    if (!ended && !current && progress.done < progress.total) current = progress;
    if (!ended) ending = progress;
  }
  current ??= ending;
  if (stopping) return { done, total, label: '', stopping };
  return { done, total, label: current?.label ?? '', ...(current?.waitingSeconds === undefined ? {} : { waitingSeconds: current.waitingSeconds }) };
}

export function createInsertSessions(report: (state: SessionReport) => void): InsertSessions {
  /** `stopping`: Cancel was pressed; what is under way still says whether it landed (the sandbox's answer, a batch's end). */
  let session: { controllers: Set<AbortController>; runs: Run[]; outcomes: InsertOutcome[]; error?: unknown; stopping?: boolean } | null = null;
  const reportRunning = (current: NonNullable<typeof session>) => report({ kind: 'running', progress: combinedProgress(current.runs, current.stopping) });
  return {
    running: () => session !== null,
    cancel: () => {
      if (!session) return;
      session.controllers.forEach((controller) => controller.abort());
      session.stopping = true;
      reportRunning(session);
    },
    async runAsync(placeAsync, names = []) {
      const current = (session ??= { controllers: new Set(), runs: [], outcomes: [] });
      // A drop after Cancel is not cancelled: its progress is said again.
      current.stopping = false;
      const controller = new AbortController();
      current.controllers.add(controller);
      const run: Run = { progress: { done: 0, total: Math.max(1, names.length), label: '' }, ended: false };
      current.runs.push(run);
      let outcome: InsertOutcome | null = null;
      try {
        outcome = await placeAsync(controller.signal, (progress) => {
          run.progress = progress;
          reportRunning(current);
        });
        current.outcomes.push(outcome);
      } catch (error) {
        current.error ??= error;
        // Said with what the others did, in the one summary: the emails it would have placed, and why not.
        if (names.length > 0) current.outcomes.push({ placed: 0, placedIds: [], total: names.length, failed: names.map((name) => ({ name, reason: errorText(error) })), cancelled: false });
      }
      run.ended = true;
      current.controllers.delete(controller);
      if (current.controllers.size > 0) {
        reportRunning(current);
        return outcome;
      }
      session = null;
      const all = mergeOutcomes(current.outcomes);
      // An insert that could not begin at all, alone: its reason.
      if (current.error !== undefined && current.runs.length === 1) report({ kind: 'done', text: errorText(current.error), failed: true });
      else
        report({
          kind: 'done',
          text: insertSummary(all),
          failed: all.endProblem !== undefined || (all.failed.length > 0 && all.placed === 0),
          ...(all.tryAgainAt === undefined ? {} : { tryAgainAt: all.tryAgainAt }),
          ...(all.keyRefused ? { keyRefused: true, textsSince: { withoutKey: insertSummary(refusedKeyOutcome(all, 'withoutKey')), changed: insertSummary(refusedKeyOutcome(all, 'changed')) } } : {}),
          // An end not confirmed is not followed: its words already say to look on the canvas.
          ...(all.nodeIds && all.endProblem === undefined ? { placed: { nodeIds: all.nodeIds, outcome: all } } : {}),
        });
      return outcome;
    },
  };
}
