// Runs sync work one piece at a time: the snapshot, the state in the document and the builder
// requests must not interleave between the screen's requests and the background checks.
export type SerialQueue = <T>(work: () => Promise<T>) => Promise<T>;

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    // The next piece waits for this one whether it succeeds or fails.
    tail = run.catch(() => undefined);
    return run;
  };
}
