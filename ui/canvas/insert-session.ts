// Placings that run side by side under the insert bar (an Insert, drops in quick succession): one
// Cancel stops them all, and once the last ends one summary counts them all. No DOM: the bar
// (canvas-insert.tsx) shows what `report` hands it.
import { errorText } from '../messages/error-text';
import { insertSummary, mergeOutcomes, type InsertOutcome } from './insert-summary';
import type { InsertProgress } from './reference-inserter';

export type SessionReport = { kind: 'running'; progress: InsertProgress } | { kind: 'done'; text: string; failed: boolean };

/** One placing: it reports its progress, and ends with its outcome (or throws: it could not begin). */
export type PlaceAsync = (signal: AbortSignal, onProgress: (progress: InsertProgress) => void) => Promise<InsertOutcome>;

export interface InsertSessions {
  /** Whether placings are under way. */
  running(): boolean;
  /** Runs one placing under the bar (null: it could not begin); the summary comes when the last one under way ends. */
  runAsync(placeAsync: PlaceAsync): Promise<InsertOutcome | null>;
  /** Stops every placing under way. */
  cancel(): void;
}

export function createInsertSessions(report: (state: SessionReport) => void): InsertSessions {
  let session: { controllers: Set<AbortController>; outcomes: InsertOutcome[]; error?: unknown } | null = null;
  return {
    running: () => session !== null,
    cancel: () => session?.controllers.forEach((controller) => controller.abort()),
    async runAsync(placeAsync) {
      const current = (session ??= { controllers: new Set(), outcomes: [] });
      const controller = new AbortController();
      current.controllers.add(controller);
      let outcome: InsertOutcome | null = null;
      try {
        outcome = await placeAsync(controller.signal, (progress) => report({ kind: 'running', progress }));
        current.outcomes.push(outcome);
      } catch (error) {
        current.error = error;
      }
      current.controllers.delete(controller);
      if (current.controllers.size === 0) {
        session = null;
        const all = mergeOutcomes(current.outcomes);
        // An insert that could not begin at all, alone: its reason.
        if (current.error !== undefined && current.outcomes.length === 0) report({ kind: 'done', text: errorText(current.error), failed: true });
        else report({ kind: 'done', text: insertSummary(all), failed: all.endProblem !== undefined || (all.failed.length > 0 && all.placed === 0) });
      }
      return outcome;
    },
  };
}
