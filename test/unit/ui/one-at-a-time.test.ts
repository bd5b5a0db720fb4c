import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../ui/components/one-at-a-time';
import { deferred } from '../../support/deferred';

describe('oneAtATime', () => {
  it('runs a request made while another runs after it ends, never beside it', async () => {
    const log: string[] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const run = oneAtATime<string>(async (request) => {
      log.push(`start ${request}`);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      log.push(`end ${request}`);
    }, (_waiting, next) => next);
    const done = run('a');
    void run('b');
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    gates[0]!.resolve();
    await new Promise((settle) => setTimeout(settle, 0));
    expect(log).toEqual(['start a', 'end a', 'start b']);
    gates[1]!.resolve();
    await done;
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('merges the requests that waited into one run', async () => {
    const seen: number[][] = [];
    const gate = deferred();
    const run = oneAtATime<number[]>(async (request) => {
      seen.push(request);
      if (seen.length === 1) await gate.promise;
    }, (waiting, next) => [...waiting, ...next]);
    const done = run([1]);
    void run([2]);
    void run([3]);
    gate.resolve();
    await done;
    expect(seen).toEqual([[1], [2, 3]]);
  });

  it('goes on with what waited when a run fails, and runs anew once idle', async () => {
    const seen: string[] = [];
    const gate = deferred();
    const run = oneAtATime<string>(async (request) => {
      seen.push(request);
      if (request === 'a') {
        await gate.promise;
        throw new Error('a failed');
      }
    }, (_waiting, next) => next);
    const first = run('a');
    const second = run('b');
    gate.resolve();
    await expect(first).rejects.toThrow('a failed');
    await expect(second).rejects.toThrow('a failed');
    expect(seen).toEqual(['a', 'b']);
    await run('c');
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('runs a request that is null like any other', async () => {
    const seen: (string | null)[] = [];
    const gate = deferred();
    const run = oneAtATime<string | null>(async (request) => {
      seen.push(request);
      if (seen.length === 1) await gate.promise;
    }, (waiting, next) => waiting ?? next);
    const done = run(null);
    void run(null);
    gate.resolve();
    await done;
    expect(seen).toEqual([null, null]);
  });
});
