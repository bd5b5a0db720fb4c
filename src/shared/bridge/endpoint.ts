// One end of the sandbox–UI bridge. Both sides run this same code: it sends requests and
// matches their replies, runs the local handlers, streams progress, times out replies that
// never come, and validates every message with zod before acting on it.
import { BridgeError, toWireError } from './bridge-error';
import { bridgeText } from './bridge-text';
import {
  CHANNEL,
  type EventDefinitions,
  type EventOf,
  type Progress,
  type ReplyOf,
  type RequestDefinitions,
  type RequestOf,
  type WireMessage,
  wireMessageSchema,
} from './protocol';
import { createCancelSource, type CancelSignal } from '../api/http/cancel-signal';
import { safeParseDescribed } from '../validation/describe-issues';
import type * as z from '../zod';

/** What a handler gets besides its payload. */
export interface HandlerContext {
  /** Reports progress of long work; each report also restarts the caller's timeout. */
  progress(progress: Progress): void;
  /**
   * Aborts when the caller cancels (or gave up waiting): the one way to say so. Long work reads
   * `signal.aborted` between steps; a request waiting on the network is given it and stops at once.
   */
  readonly signal: CancelSignal;
  /** Throws a `cancelled` BridgeError if the caller cancelled. */
  throwIfCancelled(): void;
}

/** A handler's context from its signal (none: never cancelled) and where its progress goes (none: nowhere). */
export function handlerContext(options: { signal?: CancelSignal; progress?: (progress: Progress) => void } = {}): HandlerContext {
  const signal = options.signal ?? createCancelSource().signal;
  const progress = options.progress ?? (() => undefined);
  return {
    progress,
    signal,
    throwIfCancelled() {
      if (signal.aborted) throw new BridgeError('cancelled', 'Cancelled.');
    },
  };
}

export type Handlers<D extends RequestDefinitions> = {
  [K in keyof D]: (payload: z.output<D[K]['request']>, context: HandlerContext) => Promise<z.input<D[K]['reply']>>;
};

export interface RequestOptions {
  /** Milliseconds without a reply or progress before the request fails; default from the endpoint. */
  timeoutMs?: number;
  onProgress?: (progress: Progress) => void;
  /**
   * After `cancel()`, still wait for the other side's answer and settle with it: work that may
   * have been done all the same (a reference that passed its last cancel check lands) is then
   * reported as it is, not as cancelled. Default: reject with `cancelled` at once.
   */
  awaitAnswerAfterCancel?: boolean;
  /**
   * With `awaitAnswerAfterCancel`: how long the answer is awaited once `cancel()` was sent (default:
   * what is left of `timeoutMs`). A person who pressed Cancel is not kept waiting for a minute.
   */
  cancelTimeoutMs?: number;
}

export interface PendingRequest<T> extends Promise<T> {
  /** Asks the other side to stop; the promise rejects with a `cancelled` error. */
  cancel(): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EndpointOptions<
  Incoming extends RequestDefinitions,
  Outgoing extends RequestDefinitions,
  InEvents extends EventDefinitions,
  OutEvents extends EventDefinitions,
> {
  /** Sends one message to the other side. */
  post(message: WireMessage): void;
  /** Requests this side answers, and their handlers. */
  incoming: Incoming;
  handlers: Handlers<Incoming>;
  /** Requests this side sends. */
  outgoing: Outgoing;
  inEvents: InEvents;
  outEvents: OutEvents;
  onEvent?: <K extends keyof InEvents & string>(type: K, payload: EventOf<InEvents, K>) => void;
  /** Called for every message that was rejected, with the reason in words. */
  onInvalidMessage?: (reason: string) => void;
  defaultTimeoutMs?: number;
  timers?: Timers;
}

export interface Endpoint<Outgoing extends RequestDefinitions, OutEvents extends EventDefinitions> {
  /** Feeds one message that arrived from the other side. */
  receive(raw: unknown): void;
  request<K extends keyof Outgoing & string>(
    type: K,
    payload: RequestOf<Outgoing, K>,
    options?: RequestOptions,
  ): PendingRequest<ReplyOf<Outgoing, K>>;
  emit<K extends keyof OutEvents & string>(type: K, payload: z.input<OutEvents[K]>): void;
  /** Rejects every pending request (the other side went away). */
  close(reason: string): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => (globalThis as unknown as Timers).setTimeout(callback, ms),
  clearTimeout: (handle) => (globalThis as unknown as Timers).clearTimeout(handle),
};

interface Pending {
  type: string;
  resolve(value: unknown): void;
  reject(error: BridgeError): void;
  onProgress: ((progress: Progress) => void) | undefined;
  timeoutMs: number;
  timer: unknown;
  /** Cancel was sent; the answer is still awaited (`awaitAnswerAfterCancel`). */
  cancelSent?: boolean;
}

let idCounter = 0;
function nextId(): string {
  idCounter = (idCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${Date.now().toString(36)}-${idCounter.toString(36)}`;
}

export function createEndpoint<
  Incoming extends RequestDefinitions,
  Outgoing extends RequestDefinitions,
  InEvents extends EventDefinitions,
  OutEvents extends EventDefinitions,
>(options: EndpointOptions<Incoming, Outgoing, InEvents, OutEvents>): Endpoint<Outgoing, OutEvents> {
  const timers = options.timers ?? defaultTimers;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 15_000;
  const pending = new Map<string, Pending>();
  /** The handlers running, by request id: how to cancel each. */
  const running = new Map<string, () => void>();

  function reject(reason: string): void {
    options.onInvalidMessage?.(reason);
  }

  function armTimer(id: string, entry: Pending): void {
    if (entry.timer !== undefined) timers.clearTimeout(entry.timer);
    entry.timer = timers.setTimeout(() => {
      pending.delete(id);
      // The caller gave up: tell the other side, so work nobody waits for stops where it checks
      // (a reference the summary called failed must not land on the canvas later).
      options.post({ channel: CHANNEL, kind: 'cancel', id });
      entry.reject(new BridgeError('timeout', bridgeText.timeout(entry.timeoutMs), { request: entry.type }));
    }, entry.timeoutMs);
  }

  function settle(id: string): Pending | undefined {
    const entry = pending.get(id);
    if (!entry) return undefined;
    pending.delete(id);
    timers.clearTimeout(entry.timer);
    return entry;
  }

  async function runHandler(id: string, type: string, payload: unknown): Promise<void> {
    const definition = Object.prototype.hasOwnProperty.call(options.incoming, type) ? options.incoming[type] : undefined;
    if (!definition) {
      options.post({ channel: CHANNEL, kind: 'failure', id, error: { code: 'unknown_request', message: bridgeText.unknownRequest, details: { request: type } } });
      reject(`unknown request "${type}"`);
      return;
    }
    const parsed = safeParseDescribed(definition.request, payload, 'payload');
    if (!parsed.ok) {
      options.post({
        channel: CHANNEL,
        kind: 'failure',
        id,
        error: { code: 'invalid_message', message: bridgeText.invalidRequest, details: { request: type, problem: parsed.message } },
      });
      reject(`Invalid "${type}" request: ${parsed.message}.`);
      return;
    }
    const cancelSource = createCancelSource();
    running.set(id, () => cancelSource.cancel());
    const context = handlerContext({
      signal: cancelSource.signal,
      progress(progress) {
        if (!cancelSource.signal.aborted) options.post({ channel: CHANNEL, kind: 'progress', id, progress });
      },
    });
    try {
      const handler = options.handlers[type as keyof Incoming];
      const result = await handler(parsed.value as never, context);
      const reply = safeParseDescribed(definition.reply, result, 'reply');
      if (!reply.ok) throw new BridgeError('internal', bridgeText.invalidReply, { request: type, problem: reply.message });
      options.post({ channel: CHANNEL, kind: 'reply', id, ok: true, payload: reply.value });
    } catch (error) {
      options.post({ channel: CHANNEL, kind: 'failure', id, error: toWireError(error) });
    } finally {
      running.delete(id);
    }
  }

  function receive(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null || (raw as { channel?: unknown }).channel !== CHANNEL) {
      reject('a message that is not an Envelope bridge message');
      return;
    }
    const parsed = safeParseDescribed(wireMessageSchema, raw, 'message');
    if (!parsed.ok) {
      const { id, kind } = raw as { id?: unknown; kind?: unknown };
      // A malformed request still gets its one answer, so the sender is not left waiting.
      if (kind === 'request' && typeof id === 'string' && id.length > 0 && id.length <= 64) {
        options.post({ channel: CHANNEL, kind: 'failure', id, error: { code: 'invalid_message', message: bridgeText.invalidRequest, details: { problem: parsed.message } } });
      }
      reject(`malformed message: ${parsed.message}`);
      return;
    }
    const message = parsed.value;
    switch (message.kind) {
      case 'request':
        void runHandler(message.id, message.type, message.payload);
        return;
      case 'cancel': {
        running.get(message.id)?.();
        return;
      }
      case 'progress': {
        const entry = pending.get(message.id);
        if (!entry) return;
        armTimer(message.id, entry);
        entry.onProgress?.(message.progress);
        return;
      }
      case 'reply': {
        const entry = settle(message.id);
        if (!entry) return;
        const definition = options.outgoing[entry.type];
        const reply = definition ? safeParseDescribed(definition.reply, message.payload, 'reply') : undefined;
        if (!reply || !reply.ok) {
          const why = reply && !reply.ok ? reply.message : 'no definition';
          reject(`invalid reply to "${entry.type}": ${why}`);
          entry.reject(new BridgeError('invalid_message', bridgeText.invalidReply, { request: entry.type, problem: why }));
          return;
        }
        entry.resolve(reply.value);
        return;
      }
      case 'failure': {
        const entry = settle(message.id);
        entry?.reject(BridgeError.fromWire(message.error));
        return;
      }
      case 'event': {
        const schema = Object.prototype.hasOwnProperty.call(options.inEvents, message.type) ? options.inEvents[message.type] : undefined;
        if (!schema) {
          reject(`unknown event "${message.type}"`);
          return;
        }
        const payload = safeParseDescribed(schema, message.payload, 'payload');
        if (!payload.ok) {
          reject(`invalid "${message.type}" event: ${payload.message}`);
          return;
        }
        options.onEvent?.(message.type, payload.value as EventOf<InEvents, keyof InEvents & string>);
        return;
      }
    }
  }

  function request<K extends keyof Outgoing & string>(
    type: K,
    payload: RequestOf<Outgoing, K>,
    requestOptions: RequestOptions = {},
  ): PendingRequest<ReplyOf<Outgoing, K>> {
    const id = nextId();
    let cancel = (): void => {};
    const promise = new Promise<ReplyOf<Outgoing, K>>((resolve, rejectPromise) => {
      const entry: Pending = {
        type,
        resolve: resolve,
        reject: rejectPromise,
        onProgress: requestOptions.onProgress,
        timeoutMs: requestOptions.timeoutMs ?? defaultTimeoutMs,
        timer: undefined,
      };
      pending.set(id, entry);
      armTimer(id, entry);
      cancel = () => {
        if (entry.cancelSent || pending.get(id) !== entry) return;
        if (requestOptions.awaitAnswerAfterCancel) {
          // Its answer, reply or `cancelled` failure, settles the promise (or the timeout does).
          entry.cancelSent = true;
          if (requestOptions.cancelTimeoutMs !== undefined) {
            entry.timeoutMs = requestOptions.cancelTimeoutMs;
            armTimer(id, entry);
          }
          options.post({ channel: CHANNEL, kind: 'cancel', id });
          return;
        }
        settle(id);
        options.post({ channel: CHANNEL, kind: 'cancel', id });
        rejectPromise(new BridgeError('cancelled', 'Cancelled.'));
      };
      options.post({ channel: CHANNEL, kind: 'request', id, type, payload });
    });
    return Object.assign(promise, { cancel: () => cancel() });
  }

  function emit<K extends keyof OutEvents & string>(type: K, payload: z.input<OutEvents[K]>): void {
    options.post({ channel: CHANNEL, kind: 'event', type, payload });
  }

  function close(reason: string): void {
    for (const id of [...pending.keys()]) settle(id)?.reject(new BridgeError('closed', reason));
  }

  return { receive, request, emit, close };
}
