// Puts library emails on the canvas: for each, its screenshot as tiles (screenshot-tiles.ts) and
// what its caption needs, sent to the sandbox (`canvas/insert`). Several go as one batch laid out
// when it ends; one failure does not stop the rest (but a "slow down" too long to wait out does: the
// rest would only be refused), and a cancel keeps what was placed.
import { ApiError } from '../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../src/shared/api/library/client';
import type { EmailSummary } from '../../src/shared/api/library/schemas';
import { BATCH_ALIVE_MS, type InsertLayout, type ReferenceSource, type SandboxRequests } from '../../src/shared/bridge/messages';
import type { RequestOf } from '../../src/shared/bridge/protocol';
import { BridgeError } from '../../src/shared/bridge/bridge-error';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { errorText } from '../messages/error-text';
import { retryAtText } from '../messages/retry-countdown';
import { rateLimitWaitSeconds } from '../../src/shared/api/http/retry-policy';
import { subjectOf } from '../library/email-subject';
import { abortableSleepAsync } from '../components/abortable-sleep';
import { insertSummary, stillToPlaceCount, timedOutText, unansweredText, unconfirmedEndText, type InsertFailure, type InsertOutcome } from './insert-summary';
import { loadScreenshotTilesAsync, ScreenshotError, type Screenshot } from './screenshot-tiles';

/** One email to place; the brand's name may be missing from a list (likes, collections). */
export interface InsertItem {
  emailId: number;
  brandSlug: string;
  brandName: string | undefined;
  subject: string;
  url: string;
  capturedDate: string;
  previewUrl: string;
  /** The journey stage, on a board. */
  stage?: string;
}

export function insertItemOf(email: EmailSummary, brandName?: string, stage?: string): InsertItem {
  return {
    emailId: email.id,
    brandSlug: email.brand_slug,
    brandName: email.brand ?? brandName,
    subject: subjectOf(email),
    url: email.url,
    capturedDate: email.captured_date,
    previewUrl: email.preview_url,
    ...(stage === undefined ? {} : { stage }),
  };
}

/** "Acme — Spring sale"; a slug ("petal-pine") is no name to show a designer: the subject alone until the brand's is known. */
export const nameOf = (item: InsertItem) => (item.brandName === undefined ? item.subject : `${item.brandName} — ${item.subject}`);

export interface InsertProgress {
  done: number;
  total: number;
  label: string;
  /** Seconds left of the library's "slow down" before this email's placing goes on. */
  waitingSeconds?: number;
  /** Cancel was pressed: waiting to hear whether what was under way landed. */
  stopping?: boolean;
}

export interface BatchOptions {
  layout: InsertLayout;
  /** The board's name ("Acme — journey"). */
  title?: string;
  /**
   * The board's name from its brand's, when the list did not have it (a journey names its brand by
   * slug): read from the first email before the board is begun, else `title` stays.
   */
  titleOfBrand?: (brandName: string) => string;
  /** A board's columns, in order (each gets a column, even one whose emails all failed). */
  stages?: string[];
}

/** A request failed with these never heard what the sandbox did (it may have done all of it, part, or nothing). */
const UNANSWERED_CODES = new Set(['timeout', 'closed', 'invalid_message', 'internal']);

/** Sandbox requests can be slow for a tall screenshot on a slow machine. */
const INSERT_TIMEOUT_MS = 60_000;
/** After Cancel, how long Figma's answer is awaited: past it, what landed is not known, and said so. */
const CANCEL_WAIT_MS = 5_000;

export interface ReferenceInserter {
  insertAsync(items: readonly InsertItem[], batch: BatchOptions | null, onProgress: (progress: InsertProgress) => void, signal: AbortSignal): Promise<InsertOutcome>;
  /** Places one email where a drag from the window was dropped (after `canvas/insert-dropped`). */
  insertDroppedAsync(item: InsertItem, dropId: string, signal: AbortSignal, onProgress?: (progress: InsertProgress) => void): Promise<InsertOutcome>;
  /** The service's name and site, once an email read has told them (null before). */
  attribution(): Attribution | null;
}

/** The library's `meta.attribution`: the service's name and public site. */
export interface Attribution {
  source: string;
  url: string;
}

export interface InserterDependencies {
  endpoint: Pick<UiEndpoint, 'request'>;
  client: LibraryClient;
  /** Reads past the answers kept for the minute: whether an email whose screenshot is missing is still in the library. */
  freshClient?: LibraryClient;
  loadTilesAsync?: (url: string, signal?: AbortSignal) => Promise<Screenshot>;
  /** Ends early when `signal` aborts. */
  sleepAsync?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Hears of an email found removed from the library while it was being placed (Browse takes it out of its lists). */
  onEmailGone?: (emailId: number) => void;
}

/**
 * Why an email was not placed and, for a "slow down" no longer waited out, when its wait ends
 * (placing is held until then). A screenshot's says by when already (screenshot-tiles.ts); the
 * library's own words ("Try again in 2 minutes") stayed in the summary, which stays on screen, and
 * went untrue: they are said by when here.
 */
function failureOf(error: unknown, nowMs = Date.now()): { reason: string; tryAgainAt?: number } {
  const { code, retryAfterSeconds, tryAgainAt } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; retryAfterSeconds?: unknown; tryAgainAt?: unknown };
  if (code !== 'rate_limited') return { reason: errorText(error) };
  if (typeof tryAgainAt === 'number') return { reason: errorText(error), tryAgainAt };
  const ends = nowMs + rateLimitWaitSeconds(retryAfterSeconds) * 1000;
  return { reason: `The email library asked Envelope to slow down. ${retryAtText(ends, nowMs)}`, tryAgainAt: ends };
}

/** The library refused the key sent (an email's facts; screenshots are read without it). */
const keyRefusedBy = (error: unknown) => (error as { code?: unknown }).code === 'unauthorized';

/** A 429 for an email's facts or its screenshot is waited out this many times, if it asks no longer than a minute each. */
const MAX_WAITS = 3;
const MAX_WAIT_SECONDS = 60;

/** Why an email whose screenshot is missing was not placed, once the library says the email itself is gone. */
export const EMAIL_REMOVED_REASON = 'It is no longer in the library (the brand asked for it to be removed).';

/**
 * Tells the sandbox every BATCH_ALIVE_MS that the batch `batchId` is still being placed (its emails
 * may wait out several "slow down"s, or download slowly): one silent for ABANDONED_BATCH_MS is taken
 * for abandoned, and its next reference refused. Returns the stop.
 */
function keepBatchAlive(endpoint: Pick<UiEndpoint, 'request'>, batchId: string): () => void {
  const timer = setInterval(() => {
    // Refused (the batch ended meanwhile) or unanswered: nothing to do, its end says what landed.
    endpoint.request('canvas/insert-alive', { batchId }).then(undefined, () => undefined);
  }, BATCH_ALIVE_MS);
  return () => clearInterval(timer);
}

export function createReferenceInserter({ endpoint, client, freshClient = client, loadTilesAsync = loadScreenshotTilesAsync, sleepAsync = abortableSleepAsync, onEmailGone = () => undefined }: InserterDependencies): ReferenceInserter {
  /** Said one way whichever part heard it first, and Browse told. */
  const removedError = (emailId: number) => {
    onEmailGone(emailId);
    return new Error(EMAIL_REMOVED_REASON);
  };

  /** The service (`meta.attribution`): the same for every email, learnt once. */
  let attribution: Attribution | null = null;

  /**
   * The library's "slow down" (for an email's facts, which the client tries once, or its
   * screenshot's download) is waited out, counting down, rather than failing this email of a grid
   * while the next ones, held by the client until the wait ends, go.
   */
  const waitingOutAsync = async <T>(attemptAsync: () => Promise<T>, onWait: (seconds: number) => void, signal?: AbortSignal): Promise<T> => {
    for (let waits = 0; ; waits++) {
      try {
        return await attemptAsync();
      } catch (error) {
        const { code, retryAfterSeconds } = error as { code?: unknown; retryAfterSeconds?: number | null };
        const seconds = rateLimitWaitSeconds(retryAfterSeconds);
        if (code !== 'rate_limited' || waits >= MAX_WAITS || seconds > MAX_WAIT_SECONDS || signal?.aborted) throw error;
        for (let left = seconds; left > 0 && !signal?.aborted; left--) {
          onWait(left);
          await sleepAsync(1000, signal);
        }
        signal?.throwIfAborted();
      }
    }
  };

  /** The caption's facts; the email itself is read when the list lacked the brand or the service is not known yet. */
  const sourceAsync = async (item: InsertItem, onWait: (seconds: number) => void, signal?: AbortSignal): Promise<ReferenceSource> => {
    let brandName = item.brandName;
    if (brandName === undefined || attribution === null) {
      // A cancel lets go of it: it holds one of the library's slots.
      const response = await waitingOutAsync(() => client.getEmailAsync(item.emailId, signal), onWait, signal);
      attribution = { source: response.meta.attribution.source, url: response.meta.attribution.url };
      brandName ??= response.data.brand.name;
    }
    return { emailId: item.emailId, brandSlug: item.brandSlug, brandName, subject: item.subject, url: item.url, capturedDate: item.capturedDate, service: attribution.source, serviceUrl: attribution.url };
  };

  /**
   * A request Cancel reaches (the reference the sandbox is building is not placed after all). Its
   * answer still counts: one past the sandbox's last cancel check lands, and is said so; but only
   * for a few seconds, then it counts as unanswered.
   */
  const sendAsync = async <K extends 'canvas/insert' | 'canvas/insert-end'>(type: K, payload: RequestOf<SandboxRequests, K>, signal: AbortSignal) => {
    const request = endpoint.request(type, payload, { timeoutMs: INSERT_TIMEOUT_MS, awaitAnswerAfterCancel: true, cancelTimeoutMs: CANCEL_WAIT_MS });
    const stop = () => request.cancel();
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop);
    try {
      return await request;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };

  /**
   * After a missing screenshot: the email may have been removed from the library since the list
   * was read (the list's brand name spared reading it). Asked afresh, a removed one is said so, not
   * as a screenshot to try again; else (or when the ask fails) the screenshot's own failure stands.
   */
  const throwIfRemovedAsync = async (emailId: number, signal: AbortSignal): Promise<void> => {
    const gone = await freshClient.getEmailAsync(emailId, signal).then(
      () => false,
      (error: unknown) => error instanceof ApiError && error.code === 'not_found',
    );
    if (gone) throw removedError(emailId);
  };

  const placeAsync = async (item: InsertItem, extra: { batchId?: string; dropId?: string }, onWait: (seconds: number) => void, signal: AbortSignal) => {
    // One failing lets go of the other: a screenshot still cut for an email that cannot be placed
    // (its facts refused) went on beside the next one's, two decoded at once.
    const both = new AbortController();
    const stop = () => both.abort();
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop);
    const failing = <T>(part: Promise<T>) =>
      part.catch((error: unknown) => {
        stop();
        throw error;
      });
    const [reference, screenshot] = await Promise.all([failing(sourceAsync(item, onWait, both.signal)), failing(waitingOutAsync(() => loadTilesAsync(item.previewUrl, both.signal), onWait, both.signal))])
      .catch(async (error: unknown) => {
        // Gone, whichever part heard it first (its facts, read when the list lacked them, or its screenshot): said one way.
        if (error instanceof ApiError && error.code === 'not_found') throw removedError(item.emailId);
        if (error instanceof ScreenshotError && error.missing === true && !signal.aborted) await throwIfRemovedAsync(item.emailId, signal);
        throw error;
      })
      .finally(() => signal.removeEventListener('abort', stop));
    signal.throwIfAborted();
    return sendAsync('canvas/insert', { reference, width: screenshot.width, height: screenshot.height, tiles: screenshot.tiles, ...(item.stage === undefined ? {} : { stage: item.stage }), ...extra }, signal);
  };

  /** After Cancel, a failure that never heard what the sandbox did: the reference may have landed. */
  const unanswered = (error: unknown, signal: AbortSignal) => signal.aborted && UNANSWERED_CODES.has((error as { code?: string }).code ?? '');
  /**
   * Not answered within the minute, with no Cancel: the sandbox is told to stop, but one already
   * past its last check lands all the same. A batch's end says which did; alone, it is not known.
   * Figma's silence only: the library not answering (an ApiError's timeout) placed nothing.
   */
  const timedOut = (error: unknown, signal: AbortSignal) => !signal.aborted && error instanceof BridgeError && error.code === 'timeout';

  /** The batch's title, named by its brand when it can be (`titleOfBrand`): the first email's facts, kept for the minute for its own placing. */
  const batchTitleAsync = async (batch: BatchOptions, first: InsertItem | undefined, onWait: (seconds: number) => void, signal: AbortSignal): Promise<string | undefined> => {
    if (batch.titleOfBrand === undefined || first === undefined) return batch.title;
    if (first.brandName !== undefined) return batch.titleOfBrand(first.brandName);
    try {
      return batch.titleOfBrand((await sourceAsync(first, onWait, signal)).brandName);
    } catch {
      // Its own placing says why it cannot be read; the board keeps the name it was given.
      return batch.title;
    }
  };

  return {
    attribution: () => attribution,
    async insertAsync(items, batch, onProgress, signal) {
      /** Each with its email: one that landed all the same (its answer timed out) is no failure. */
      let failed: Array<InsertFailure & { emailId: number }> = [];
      let placedIds: number[] = [];
      /** A batch's references heard of, by node: those missing at its end were taken away. */
      const heardNodes: string[] = [];
      let removed = 0;
      /** The placed references' layers, as the sandbox confirmed them. */
      let nodeIds: string[] = [];
      let batchId: string | undefined;
      let pageName: string | undefined;
      let endProblem: string | undefined;
      /** Sent, then let go of after a Cancel with no answer: it may be on the canvas (a batch's end says). */
      let unsure = 0;
      /** Cancel was pressed in time to stop an email (see `cancelled` below). */
      let stopped = false;
      /**
       * Why the emails left are not tried, only to be refused again (a burst of failed requests): the
       * library refused the key (only those that need it, to read their facts), or asked for a wait
       * too long to wait out (all of them: each is said not placed for the same wait, by when).
       */
      let refusal: { reason: string; keyOnly: boolean } | null = null;
      /** The library refused the key: the summary offers to go on without it (placing needs none). */
      let keyRefused = false;
      /** The library's "slow down" (for facts or a screenshot) ends then: placing is held until it does. */
      let tryAgainAt: number | undefined;
      // A "slow down" met reading it is counted down on the first email's line, as its placing's would be.
      const title = batch === null ? undefined : await batchTitleAsync(batch, items[0], (waitingSeconds) => onProgress({ done: 0, total: items.length, label: nameOf(items[0]!), waitingSeconds }), signal);
      if (batch) batchId = (await endpoint.request('canvas/insert-begin', { layout: batch.layout, title: title ?? 'Library references' })).batchId;
      const stopKeepingAlive = batchId === undefined ? undefined : keepBatchAlive(endpoint, batchId);
      try {
        for (const [index, item] of items.entries()) {
          stopped = signal.aborted;
          if (stopped) break;
          onProgress({ done: index, total: items.length, label: nameOf(item) });
          if (refusal !== null && (!refusal.keyOnly || item.brandName === undefined || attribution === null)) {
            failed.push({ name: nameOf(item), reason: refusal.reason, emailId: item.emailId, ...(refusal.keyOnly ? { keyRefused: true } : {}) });
            continue;
          }
          try {
            const onWait = (waitingSeconds: number) => onProgress({ done: index, total: items.length, label: nameOf(item), waitingSeconds });
            const placed = await placeAsync(item, batchId === undefined ? {} : { batchId }, onWait, signal);
            if (batchId === undefined) {
              pageName = placed.pageName;
              nodeIds.push(placed.nodeId);
            } else heardNodes.push(placed.nodeId);
            placedIds.push(item.emailId);
          } catch (error) {
            stopped = signal.aborted;
            if (unanswered(error, signal)) {
              unsure = 1;
              if (!batch) endProblem = unansweredText(nameOf(item));
            }
            if (stopped) break;
            if (!batch && timedOut(error, signal)) {
              unsure += 1;
              endProblem = timedOutText(nameOf(item));
              continue;
            }
            const failure = failureOf(error);
            if (keyRefusedBy(error)) {
              keyRefused = true;
              refusal ??= { reason: failure.reason, keyOnly: true };
            }
            if (failure.tryAgainAt !== undefined) {
              tryAgainAt = Math.max(tryAgainAt ?? 0, failure.tryAgainAt);
              refusal = { reason: failure.reason, keyOnly: false };
            }
            failed.push({ name: nameOf(item), reason: failure.reason, emailId: item.emailId, ...(keyRefusedBy(error) ? { keyRefused: true } : {}) });
          }
        }
        // The bar full, its words kept (said again without the name, they were read out twice).
        onProgress({ done: items.length, total: items.length, label: nameOf(items[items.length - 1]!) });
      } finally {
        stopKeepingAlive?.();
        // Whatever happened above, the batch ends: an open one holds every later insert back.
        if (batchId !== undefined) {
          try {
            const ended = await sendAsync('canvas/insert-end', { batchId, ...(batch?.stages ? { stages: batch.stages } : {}) }, signal);
            pageName = ended.pageName;
            // A board that could not be built: its references are a grid, and it says so.
            endProblem = ended.problem;
            unsure = 0;
            // Counted as the canvas has them: ⌘Z (or a delete) meanwhile took some away, and an insert
            // let go of (Cancel, a timeout) after the sandbox had placed it landed all the same.
            const kept = new Set(ended.nodeIds);
            nodeIds = ended.nodeIds;
            removed = heardNodes.filter((nodeId) => !kept.has(nodeId)).length;
            placedIds = ended.emailIds ?? [];
            failed = failed.filter(({ emailId }) => !placedIds.includes(emailId));
          } catch {
            // The end's answer never came (or came unread, or the grid failed part-way): what is on
            // the canvas is not known, so only what was sent is said.
            const sent = placedIds.length + unsure;
            if (sent > 0) endProblem = unconfirmedEndText(sent, batch?.layout === 'board' ? title : undefined);
          }
        }
      }
      // One not confirmed counts as placed: `endProblem` speaks for it, and it is not "not tried".
      const placed = placedIds.length + unsure;
      return {
        placed,
        placedIds,
        total: items.length,
        failed: failed.map(({ emailId: _emailId, ...failure }) => failure),
        // Said only when it left emails unplaced: one that landed anyway, or was the last, stopped nothing.
        cancelled: stopped && stillToPlaceCount({ total: items.length, placed, removed, failed }) > 0,
        ...(batch?.layout === 'board' && title ? { board: title } : {}),
        ...(pageName === undefined ? {} : { pageName }),
        ...(endProblem === undefined ? {} : { endProblem }),
        ...(removed > 0 ? { removed } : {}),
        ...(tryAgainAt === undefined ? {} : { tryAgainAt }),
        ...(nodeIds.length > 0 ? { nodeIds } : {}),
        ...(keyRefused ? { keyRefused: true } : {}),
      };
    },

    async insertDroppedAsync(item, dropId, signal, onProgress = () => undefined) {
      try {
        // Named as Insert names it: the brand with the subject.
        onProgress({ done: 0, total: 1, label: nameOf(item) });
        const onWait = (waitingSeconds: number) => onProgress({ done: 0, total: 1, label: nameOf(item), waitingSeconds });
        const { pageName, nodeId } = await placeAsync(item, { dropId }, onWait, signal);
        // Placed all the same, a Cancel stopped nothing: not said.
        return { placed: 1, placedIds: [item.emailId], total: 1, failed: [], cancelled: false, ...(pageName === undefined ? {} : { pageName }), nodeIds: [nodeId] };
      } catch (error) {
        if (unanswered(error, signal)) return { placed: 1, placedIds: [], total: 1, failed: [], cancelled: false, endProblem: unansweredText(nameOf(item)) };
        if (timedOut(error, signal)) return { placed: 1, placedIds: [], total: 1, failed: [], cancelled: false, endProblem: timedOutText(nameOf(item)) };
        if (signal.aborted) return { placed: 0, placedIds: [], total: 1, failed: [], cancelled: true };
        const { reason, tryAgainAt } = failureOf(error);
        const keyRefused = keyRefusedBy(error) ? { keyRefused: true } : {};
        return { placed: 0, placedIds: [], total: 1, failed: [{ name: nameOf(item), reason, ...keyRefused }], cancelled: false, ...(tryAgainAt === undefined ? {} : { tryAgainAt }), ...keyRefused };
      }
    },
  };
}

export { insertSummary };
