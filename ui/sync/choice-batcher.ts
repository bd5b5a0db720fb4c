// Choices made in the list are shown at once and sent to the sandbox in batches: ticking 30
// rows in a second makes one `sync/choose` call, not 30. A failed batch is handed back with
// the choices it held and what they replaced, so the screen can put those back and offer a retry.
import type { SyncChoice, SyncItem } from '../../src/shared/bridge/messages';

export type Choices = Record<string, SyncChoice>;

export interface ChoiceBatcherOptions {
  sendAsync: (choices: Choices) => Promise<SyncItem[]>;
  onSaved: (items: SyncItem[]) => void;
  /** `previous` holds each key's choice before this batch's change. */
  onFailed: (choices: Choices, previous: Choices, error: unknown) => void;
  delayMs?: number;
  timers?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}

export interface ChoiceBatcher {
  /** Queues a choice; `previous` is the choice it replaces. */
  set(key: string, choice: SyncChoice, previous: SyncChoice): void;
  /**
   * Sends what is queued now; resolves once every batch sent so far has settled, and those of
   * choices made while it waited: a sync pressed just after a tick waits for ticks made meanwhile too.
   */
  flushAsync(): Promise<void>;
  /** Choices queued or on their way. */
  readonly pending: number;
  /**
   * Whether a choice for this key waits to be sent or is on its way (not counting the batch whose
   * reply is being handled): an answer read before it was saved must not undo it.
   */
  isPending(key: string): boolean;
}

/** A list from the sandbox, with the choices still pending kept as they are shown (the list may predate them). */
export function keepPendingChoices(next: SyncItem[], shown: readonly SyncItem[], isPending: (key: string) => boolean): SyncItem[] {
  const choices = new Map(shown.map((item) => [item.key, item.choice]));
  return next.map((item) => {
    const choice = isPending(item.key) ? choices.get(item.key) : undefined;
    return choice === undefined || choice === item.choice ? item : { ...item, choice };
  });
}

export function createChoiceBatcher({ sendAsync, onSaved, onFailed, delayMs = 250, timers = globalThis }: ChoiceBatcherOptions): ChoiceBatcher {
  let queued: Choices = {};
  let previous: Choices = {};
  let timer: unknown;
  let inFlight = 0;
  // Keys in batches on their way, each counted once a batch.
  const onWay = new Map<string, number>();
  const sending = new Set<Promise<void>>();

  function send(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const choices = queued;
    const before = previous;
    const count = Object.keys(choices).length;
    if (count === 0) return;
    queued = {};
    previous = {};
    inFlight += count;
    for (const key of Object.keys(choices)) onWay.set(key, (onWay.get(key) ?? 0) + 1);
    // Before its reply is handled: the batch's own keys are then no longer pending.
    const arrived = () => {
      for (const key of Object.keys(choices)) {
        const left = (onWay.get(key) ?? 1) - 1;
        if (left > 0) onWay.set(key, left);
        else onWay.delete(key);
      }
    };
    const done = sendAsync(choices).then(
      (items) => {
        arrived();
        onSaved(items);
      },
      (error: unknown) => {
        arrived();
        onFailed(choices, before, error);
      },
    );
    const settled = done.finally(() => {
      inFlight -= count;
      sending.delete(settled);
    });
    sending.add(settled);
  }

  return {
    set(key, choice, was) {
      if (!(key in previous)) previous[key] = was;
      if (previous[key] === choice) {
        // Back to where it was: nothing to send for this key.
        delete queued[key];
        delete previous[key];
      } else {
        queued[key] = choice;
      }
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = Object.keys(queued).length > 0 ? timers.setTimeout(send, delayMs) : undefined;
    },
    async flushAsync() {
      // A tick made while the earlier batches were on their way was queued behind a timer: its
      // sync/choose then reached the sandbox after the sync/run that followed, which used the old choice.
      do {
        send();
        await Promise.all([...sending]);
      } while (Object.keys(queued).length > 0 || sending.size > 0);
    },
    isPending: (key) => key in queued || onWay.has(key),
    get pending() {
      return Object.keys(queued).length + inFlight;
    },
  };
}
