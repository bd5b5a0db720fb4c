// Something a whole test file shares (a browser, the playground's harness): started before its
// first test, closed after its last.
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts `startAsync()` in the file's beforeAll and closes it in its afterAll. Gives a function that
 * returns what started, for tests and hooks; called before it has started, it throws saying so.
 */
export function startedForFile<Started>(what: string, startAsync: () => Promise<Started>, closeAsync: (started: Started) => Promise<void>): () => Started {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await startAsync();
  });
  afterAll(async () => {
    if (started !== undefined) await closeAsync(started);
  });
  return () => {
    if (started === undefined) throw new Error(`${what} starts in beforeAll: use it inside a test or a hook`);
    return started;
  };
}
