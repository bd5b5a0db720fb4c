// The benchmark times the full snapshot and the bare traversal taking turns: the turns must
// follow progress, run one task at a time, and charge each task exactly the time it ran.
import { describe, expect, it } from 'vitest';
import { takeTurnsAsync, type TurnTask } from '../../bench/turn-taking';

/** A task of `steps` steps of `cost` ms each on a shared manual clock, yielding after each. */
function stepper(name: string, steps: number, cost: number, clock: { now: number }, log: string[]): TurnTask & { done: number } {
  const task = {
    done: 0,
    progress: () => task.done / steps,
    async runAsync(yieldAsync: () => Promise<void>): Promise<string> {
      for (let i = 0; i < steps; i++) {
        log.push(name);
        clock.now += cost;
        task.done++;
        await yieldAsync();
      }
      return `${name} ended`;
    },
  };
  return task;
}

/** Runs steppers (name, steps, ms per step) taking turns; returns the result and the order of steps. */
async function runSteppersAsync(...specs: Array<[name: string, steps: number, cost: number]>): Promise<{ result: Awaited<ReturnType<typeof takeTurnsAsync>>; log: string[] }> {
  const clock = { now: 1000 };
  const log: string[] = [];
  const tasks = specs.map(([name, steps, cost]) => stepper(name, steps, cost, clock, log));
  return { result: await takeTurnsAsync(tasks, () => clock.now), log };
}

describe('takeTurnsAsync', () => {
  it('charges each task the time it ran, and gives turns to the task least far along', async () => {
    // Like full and bare: the same number of yields, one task's steps twice as long.
    const { result, log } = await runSteppersAsync(['full', 4, 10], ['bare', 4, 5]);
    expect(result.ms).toEqual([40, 20]);
    expect(result.results).toEqual(['full ended', 'bare ended']);
    expect(log).toEqual(['full', 'bare', 'full', 'bare', 'full', 'bare', 'full', 'bare']);
    // Each yields after its last step too, and needs one more turn to return.
    expect(result.turns).toEqual([5, 5]);
  });

  it('keeps the tasks level when one yields more often', async () => {
    const { result, log } = await runSteppersAsync(['coarse', 2, 10], ['fine', 6, 1]);
    // After each coarse step (half done), fine catches up to half before coarse goes on.
    expect(log.join(' ')).toBe('coarse fine fine fine coarse fine fine fine');
    expect(result.ms).toEqual([20, 6]);
  });

  it('runs one task at a time: time spent in a parked task is never charged to another', async () => {
    const clock = { now: 0 };
    const running: string[] = [];
    let overlap = false;
    const task = (name: string, steps: number): TurnTask => {
      let done = 0;
      return {
        progress: () => done / steps,
        async runAsync(yieldAsync) {
          for (let i = 0; i < steps; i++) {
            running.push(name);
            if (running.length > 1) overlap = true;
            clock.now += 3;
            // An inner await (as a reading awaits Figma) must not let the other task in.
            await Promise.resolve();
            clock.now += 4;
            running.pop();
            done++;
            await yieldAsync();
          }
        },
      };
    };
    const result = await takeTurnsAsync([task('a', 3), task('b', 5)], () => clock.now);
    expect(overlap).toBe(false);
    expect(result.ms).toEqual([21, 35]);
  });

  it('lets the other task finish alone once one has ended', async () => {
    const { result, log } = await runSteppersAsync(['short', 1, 2], ['long', 5, 2]);
    expect(log).toEqual(['short', 'long', 'long', 'long', 'long', 'long']);
    expect(result.ms).toEqual([2, 10]);
  });

  it('rejects with the first error once the started tasks have ended; tasks not yet started never start', async () => {
    const clock = { now: 0 };
    const log: string[] = [];
    let failingDone = 0;
    const failing: TurnTask = {
      progress: () => failingDone,
      async runAsync(yieldAsync) {
        failingDone = 0.5;
        await yieldAsync();
        throw new Error('reading failed');
      },
    };
    const other = stepper('other', 3, 1, clock, log);
    const notYet: TurnTask = {
      progress: () => 0.9,
      runAsync() {
        log.push('not yet');
        return Promise.resolve();
      },
    };
    // failing (half done) parks; other runs to 2/3; failing fails; other finishes alone.
    await expect(takeTurnsAsync([failing, other, notYet], () => clock.now)).rejects.toThrow('reading failed');
    expect(log).toEqual(['other', 'other', 'other']);
    await expect(takeTurnsAsync([{ progress: () => 0, runAsync: () => Promise.reject(new Error('at once')) }, notYet], () => clock.now)).rejects.toThrow('at once');
    expect(log).toEqual(['other', 'other', 'other']);
  });

  it('ends at once with no tasks', async () => {
    await expect(takeTurnsAsync([], () => 0)).resolves.toEqual({ ms: [], turns: [], results: [] });
  });
});
