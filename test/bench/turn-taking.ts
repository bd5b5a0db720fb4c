// Runs several async tasks in one engine taking turns at their yield points, and charges each
// the time it ran. The benchmark uses it to time the full snapshot and the bare traversal
// together: on this VM the host's speed drifts by 10–25 % over seconds, so two phases timed
// one after the other compare the machine at two moments as much as the two phases. Taking
// turns every few milliseconds, each phase meets the same machine. The next turn goes to the
// task that is least far along, so the tasks also start and end together.

export interface TurnTask {
  /** The work; it calls `yieldAsync` where it would yield to the editor. */
  runAsync(yieldAsync: () => Promise<void>): Promise<unknown>;
  /** How far along the task is, 0–1 (read at every yield). */
  progress(): number;
}

export interface TurnsResult {
  /** Time each task ran, by the clock given (ms). */
  ms: number[];
  /** How many turns each task had. */
  turns: number[];
  results: unknown[];
}

/** Runs `tasks` to their ends, one at a time, switching only where a task yields. */
export function takeTurnsAsync(tasks: readonly TurnTask[], clock: () => number): Promise<TurnsResult> {
  const count = tasks.length;
  const ms = tasks.map(() => 0);
  const turns = tasks.map(() => 0);
  const results: unknown[] = tasks.map(() => undefined);
  const ended = tasks.map(() => false);
  const started = tasks.map(() => false);
  /** Resumes a task parked at a yield. */
  const parked: Array<(() => void) | null> = tasks.map(() => null);
  let since = 0;
  let failure: { error: unknown } | null = null;

  return new Promise<TurnsResult>((resolve, reject) => {
    /** The unfinished task least far along (the lowest index on a tie), or -1. */
    const next = (): number => {
      let best = -1;
      let bestProgress = Infinity;
      for (let i = 0; i < count; i++) {
        if (ended[i]) continue;
        const progress = tasks[i]!.progress();
        if (progress < bestProgress) {
          best = i;
          bestProgress = progress;
        }
      }
      return best;
    };

    const charge = (task: number): void => {
      const now = clock();
      ms[task]! += now - since;
      since = now;
    };

    const give = (task: number): void => {
      turns[task]!++;
      since = clock();
      if (started[task]) {
        const resume = parked[task]!;
        parked[task] = null;
        resume();
        return;
      }
      started[task] = true;
      let run: Promise<unknown>;
      try {
        run = tasks[task]!.runAsync(() => yieldFrom(task));
      } catch (error) {
        run = Promise.reject(error);
      }
      run.then(
        (result) => {
          results[task] = result;
          end(task);
        },
        (error: unknown) => {
          failure ??= { error };
          end(task);
        },
      );
    };

    const end = (task: number): void => {
      charge(task);
      ended[task] = true;
      if (failure) {
        // Stop there: tasks not yet started never start, parked ones run on alone to their ends.
        for (let i = 0; i < count; i++) if (!started[i]) ended[i] = true;
        for (let i = 0; i < count; i++) {
          const resume = parked[i];
          parked[i] = null;
          resume?.();
        }
        if (ended.every(Boolean)) reject(failure.error);
        return;
      }
      const following = next();
      if (following >= 0) give(following);
      else resolve({ ms, turns, results });
    };

    const yieldFrom = (task: number): Promise<void> => {
      charge(task);
      const following = failure ? task : next();
      if (following === task || following < 0) return Promise.resolve();
      return new Promise<void>((resume) => {
        parked[task] = resume;
        give(following);
      });
    };

    if (count === 0) resolve({ ms, turns, results });
    else give(next());
  });
}
