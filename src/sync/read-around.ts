// One page of the design system's changes from just before a server time: the versions stored
// then, together (a push stores up to 100 at one time). What a detail needs of a version the
// state only remembers (its picture, its whole record) is found there. Each time is read once
// per plugin run; best effort: a failed read is asked again next time, and a slow one is waited
// for a few seconds only (it fills in for the next time). A detail closed while it waits stops
// the read: it is asked again when the detail opens again.
import type { Component } from '../shared/api/builder/schemas';
import { createCancelSource, whenCancelled, type CancelSignal } from '../shared/api/http/cancel-signal';
import { justBefore } from './undone-takes';

/** One page of the design system's changes after `since` (a server time); `signal` stops it. */
export type ChangesAround = (since: string, limit: number, signal: CancelSignal) => Promise<{ components: Component[] }>;

/** One push request holds at most 100 upserts, all stored at one time: a page this size holds them. */
const STORED_TOGETHER_PAGE = 100;
/**
 * How long a detail waits for a read from the design system: a slow builder must hold neither
 * the detail (the window waits 30 s for it) nor the requests queued behind it.
 */
const READ_WAIT_MS = 5_000;

/** Reads around a time, once; `keep` takes what the detail will look up in the page. Resolves when read, given up on, or stopped. */
export type ReadAround = (at: string, changesAround: ChangesAround, signal?: CancelSignal) => Promise<void>;

export function createReadAround(keep: (components: readonly Component[]) => void): ReadAround {
  /** The server times already asked about, so a reopened detail costs no second request. */
  const asked = new Set<string>();
  /** Reads still on their way, by server time, and how to stop each. */
  const reading = new Map<string, { done: Promise<void>; cancel(): void }>();
  return async (at, changesAround, signal) => {
    let read = reading.get(at);
    if (read === undefined) {
      if (Number.isNaN(Date.parse(at)) || asked.has(at)) return;
      asked.add(at);
      const source = createCancelSource();
      const done = changesAround(justBefore(at), STORED_TOGETHER_PAGE, source.signal).then(
        (page) => keep(page.components),
        () => {
          asked.delete(at);
        },
      );
      read = { done, cancel: () => source.cancel() };
      reading.set(at, read);
      void done.then(() => reading.delete(at));
    }
    let timer = 0;
    let stopListening = () => undefined as void;
    await Promise.race([read.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, READ_WAIT_MS))), new Promise<void>((resolve) => (stopListening = whenCancelled(signal, resolve)))]);
    clearTimeout(timer);
    stopListening();
    if (signal?.aborted) read.cancel();
  };
}
