// The file's link to a design system: the builder credentials and the design system Settings
// hold, the client and per-user stores built for them, and the client's waits said in words.
import type { BuilderClient } from '../shared/api/builder/client';
import type { WaitTally } from '../shared/api/http/api-request';
import { describeWait } from '../shared/api/http/describe-wait';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { HandlerContext } from '../shared/bridge/endpoint';
import type { SyncOverview } from '../shared/bridge/messages';
import type { Progress } from '../shared/bridge/protocol';
import type { ChoicesStore } from './choices-store';
import { countText } from './count-text';
import type { KeptApartStore } from './kept-apart-store';
import type { PayloadCache } from './payload-cache';

/** Where the builder is and the key to it (null: none saved). */
export interface BuilderCredentials {
  baseUrl: string;
  key: string | null;
}

export interface SyncLink {
  designSystemId: string;
  client: BuilderClient;
  choices: ChoicesStore;
  /** The replaced pairs the designer keeps apart. */
  keptApart: KeptApartStore;
  payloads: PayloadCache;
  /** The step the client's 429 waits are the designer's wait in (sayingWaitsAsync), or none. */
  setStepWaits(step: StepWaits | null): void;
}

/**
 * Why a step's request waits: the builder asked (a 429), or Envelope tries again by itself after the
 * builder was busy (a 503, a 5xx) or did not answer. Only the first is the builder asking to slow down.
 */
export type WaitReason = 'asked' | 'busy' | 'no-answer';

/** How one step (a check, a sync) hears its requests' waits. */
export interface StepWaits {
  /** Told each wait's seconds as it begins, and why ('asked' unless said), and 0 when the requests held go again. */
  listener: (seconds: number, reason?: WaitReason) => void;
  /**
   * What the step's requests waited, all of them: one refused after the pages or batches before it
   * waited and got through says the whole wait the designer watched (api-request.ts counts into it).
   */
  tally: WaitTally;
}

/** How the session reads and connects the link (its dependencies). */
export interface LinkSource {
  /** The builder credentials and the file's design system, read fresh each time. */
  readLinkAsync(): Promise<{ credentials: BuilderCredentials; designSystemId: string | null }>;
  /** Builds the client and the per-user stores for a linked file: the same object while the key, address and design system stay the same. */
  connect(credentials: BuilderCredentials & { key: string }, designSystemId: string): SyncLink;
}

/** The file's link, or the reason it cannot sync, in the overview's terms. */
export async function linkAsync(source: LinkSource): Promise<{ problem: SyncOverview['problem']; link: SyncLink | null; designSystemId: string | null }> {
  const { credentials, designSystemId } = await source.readLinkAsync();
  const key = credentials.key;
  if (key === null && designSystemId === null) return { problem: 'no-key-and-design-system', link: null, designSystemId };
  if (key === null) return { problem: 'no-builder-key', link: null, designSystemId };
  if (designSystemId === null) return { problem: 'no-design-system', link: null, designSystemId };
  return { problem: null, link: source.connect({ ...credentials, key }, designSystemId), designSystemId };
}

export function notLinkedError(problem: SyncOverview['problem']): BridgeError {
  const missing =
    problem === 'no-builder-key' ? 'a builder API key' : problem === 'no-design-system' ? 'the design system this file syncs to' : 'a builder API key and the design system this file syncs to';
  return new BridgeError('not_linked', `Sync needs ${missing}. Add it in Settings.`);
}

export async function requireLinkAsync(source: LinkSource): Promise<SyncLink> {
  const { problem, link } = await linkAsync(source);
  if (link !== null) return link;
  throw notLinkedError(problem);
}

/**
 * How a wait is said: what goes on after it ("the sync"), the verb for how far its counted step got
 * ("Pushed"), and when it waits before that step counted anything ("before pushing").
 */
export interface WaitWords {
  what: string;
  countedAs?: string;
  before?: string;
}

/** A retry Envelope makes by itself, said calmly: not "asked to slow down", which is a 429's alone. */
function retryWords(seconds: number, reason: Exclude<WaitReason, 'asked'>): string {
  return `${reason === 'busy' ? 'The builder is busy' : 'The builder did not answer'}; Envelope tries again in ${describeWait(seconds)}.`;
}

/**
 * The progress line while the builder asks to wait, or Envelope waits to try again: the count
 * reached stays (the bar with it), said before the wait, so the designer still sees where the work
 * stands ("Pushed 8 of 262. The builder asked Envelope to wait 20 seconds; the sync goes on after that.").
 */
export function waitProgress(latest: Progress | null, seconds: number, { what, countedAs, before }: WaitWords, reason: WaitReason = 'asked'): Progress {
  const wait = reason === 'asked' ? `The builder asked Envelope to wait ${describeWait(seconds)}; ${what} goes on after that.` : retryWords(seconds, reason);
  if (latest === null || latest.total === null || countedAs === undefined) return { done: 0, total: null, label: wait, waitSeconds: seconds };
  // "Pushed 0 of 262" reads as a failure: before the first acknowledged batch, the wait alone (the bar keeps its total).
  if (latest.done === 0 && before !== undefined) {
    const label = reason === 'asked' ? `The builder asked Envelope to wait ${describeWait(seconds)} ${before}; ${what} starts after that.` : wait;
    return { done: 0, total: latest.total, label, waitSeconds: seconds };
  }
  return { done: latest.done, total: latest.total, label: `${countedAs} ${countText(latest.done)} of ${countText(latest.total)}. ${wait}`, waitSeconds: seconds };
}

/**
 * Runs `work` with the client's 429 waits (up to a minute each) said on the progress line, not a
 * silent stall; once the wait is over, the line says again what `work` last said it was doing.
 * A request refused again says what the whole of `work` waited: the designer watched every wait.
 */
export async function sayingWaitsAsync<T>(link: SyncLink, context: HandlerContext, words: WaitWords, work: (context: HandlerContext) => Promise<T>): Promise<T> {
  let latest: Progress | null = null;
  let waiting = false;
  link.setStepWaits({
    listener: (seconds, reason) => {
      if (seconds > 0) {
        waiting = true;
        context.progress(waitProgress(latest, seconds, words, reason));
      } else if (waiting) {
        waiting = false;
        if (latest !== null) context.progress(latest);
      }
    },
    // Counted by the client, which words the refusal with it (stillRateLimitedError).
    tally: { seconds: 0 },
  });
  const remembering: HandlerContext = {
    progress: (progress) => {
      latest = progress;
      waiting = false;
      context.progress(progress);
    },
    signal: context.signal,
    throwIfCancelled: () => context.throwIfCancelled(),
  };
  try {
    return await work(remembering);
  } finally {
    link.setStepWaits(null);
  }
}
