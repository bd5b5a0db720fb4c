// Runs sync work one piece at a time: the snapshot, the state in the document and the builder
// requests must not interleave between the screen's requests and the background checks.
import type { HandlerContext } from '../shared/bridge/endpoint';

/**
 * `asker`: the request the work answers. One the window stopped waiting for before its turn came
 * (queued behind others that each waited out the builder's "slow down", past the window's wait)
 * was said to have failed: it is not started then, and rejects as cancelled.
 */
export type SerialQueue = <T>(work: () => Promise<T>, asker?: Pick<HandlerContext, 'throwIfCancelled'>) => Promise<T>;

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>, asker?: Pick<HandlerContext, 'throwIfCancelled'>): Promise<T> => {
    const inTurn = () => {
      asker?.throwIfCancelled();
      return work();
    };
    const run = tail.then(inTurn, inTurn);
    // The next piece waits for this one whether it succeeds or fails.
    tail = run.catch(() => undefined);
    return run;
  };
}
