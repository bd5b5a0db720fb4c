// Runs one request at a time. Requests made while one runs wait as one (merged), and run once it
// ends: a later request reads what the running one left, never the state from before it (two
// overlapping runs each act on what they read first, and the slower undoes the faster).
export function oneAtATime<T>(runAsync: (request: T) => Promise<void>, merge: (waiting: T, next: T) => T): (request: T) => Promise<void> {
  let running: Promise<void> | null = null;
  let waiting: { request: T } | null = null;

  async function drainAsync(first: T) {
    // Boxed: a request may itself be null or undefined.
    let next: { request: T } | null = { request: first };
    // A run that fails does not drop what waited; the first failure is the answer.
    let failure: { error: unknown } | null = null;
    while (next !== null) {
      try {
        await runAsync(next.request);
      } catch (error) {
        failure ??= { error };
      }
      next = waiting;
      waiting = null;
    }
    running = null;
    if (failure) throw failure.error;
  }

  return (request) => {
    if (running === null) {
      running = drainAsync(request);
      return running;
    }
    waiting = { request: waiting ? merge(waiting.request, request) : request };
    return running;
  };
}
