import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { createEndpoint, type Handlers } from '../../../src/shared/bridge/endpoint';
import { bridgeText } from '../../../src/shared/bridge/bridge-text';
import { defineRequest, type WireMessage } from '../../../src/shared/bridge/protocol';
import * as z from '../../../src/shared/zod';

const requests = {
  add: defineRequest(z.object({ a: z.number(), b: z.number() }), z.object({ sum: z.number() })),
  slow: defineRequest(z.object({ steps: z.number() }), z.object({ done: z.number() })),
  broken: defineRequest(z.object({}), z.object({ value: z.string() })),
};
const events = { ping: z.object({ n: z.number() }) };
const none = {};

/** Two endpoints joined like the sandbox and the UI: asynchronous delivery, messages cloned. */
function connect(handlers: Partial<Handlers<typeof requests>>, onInvalid = vi.fn()) {
  const sent: WireMessage[] = [];
  const received = vi.fn();
  const sandbox = createEndpoint({
    post: (message) => {
      sent.push(message);
      const copy = structuredClone(message);
      queueMicrotask(() => ui.receive(copy));
    },
    incoming: requests,
    handlers: handlers as Handlers<typeof requests>,
    outgoing: none,
    inEvents: none,
    outEvents: events,
    onInvalidMessage: onInvalid,
  });
  const ui = createEndpoint({
    post: (message) => {
      sent.push(message);
      const copy = structuredClone(message);
      queueMicrotask(() => sandbox.receive(copy));
    },
    incoming: none,
    handlers: {},
    outgoing: requests,
    inEvents: events,
    outEvents: none,
    onEvent: received,
    defaultTimeoutMs: 1_000,
  });
  return { sandbox, ui, sent, received, onInvalid };
}

describe('bridge endpoint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a request with exactly one reply', async () => {
    const add = vi.fn(({ a, b }: { a: number; b: number }) => Promise.resolve({ sum: a + b }));
    const { ui, sent } = connect({ add });
    await expect(ui.request('add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
    expect(add).toHaveBeenCalledTimes(1);
    expect(sent.filter((m) => m.kind === 'reply')).toHaveLength(1);
  });

  it('keeps concurrent requests apart by id', async () => {
    const { ui } = connect({ add: ({ a, b }) => Promise.resolve({ sum: a + b }) });
    const results = await Promise.all([ui.request('add', { a: 1, b: 1 }), ui.request('add', { a: 10, b: 5 })]);
    expect(results).toEqual([{ sum: 2 }, { sum: 15 }]);
  });

  it('surfaces the error a handler throws, with its code and message', async () => {
    const { ui } = connect({
      add: () => Promise.reject(new BridgeError('invalid_input', 'Builder keys start with "ef_".', { field: 'key' })),
    });
    const error = await ui.request('add', { a: 1, b: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Builder keys start with "ef_".', details: { field: 'key' } });
  });

  it('turns an unexpected exception into an internal error that keeps its message', async () => {
    const { ui } = connect({ add: () => Promise.reject(new TypeError('x is undefined')) });
    await expect(ui.request('add', { a: 1, b: 2 })).rejects.toMatchObject({ code: 'internal', message: 'x is undefined' });
  });

  it('times out a request that is never answered', async () => {
    const { ui } = connect({ add: () => new Promise(() => {}) });
    const pending = ui.request('add', { a: 1, b: 2 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ code: 'timeout' });
    // Said for a person (no internal request name); the request is in the details for developers.
    expect((error as Error).message).toBe(bridgeText.timeout(1000));
    expect((error as Error).message).not.toContain('add');
    expect(error).toMatchObject({ details: { request: 'add' } });
  });

  it('tells the handler when its caller timed out, so work nobody waits for can stop', async () => {
    let sawCancel = false;
    const { ui, sent } = connect({
      slow: async (_payload, context) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        sawCancel = context.signal.aborted;
        context.throwIfCancelled();
        return { done: 1 };
      },
    });
    const pending = ui.request('slow', { steps: 1 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toMatchObject({ code: 'timeout' });
    expect(sent.filter((m) => m.kind === 'cancel')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(sawCancel).toBe(true);
  });

  it('streams progress, and each report restarts the timeout', async () => {
    const { ui } = connect({
      slow: async ({ steps }, context) => {
        for (let step = 1; step <= steps; step++) {
          await new Promise((resolve) => setTimeout(resolve, 800));
          context.progress({ done: step, total: steps, label: `step ${step}` });
        }
        return { done: steps };
      },
    });
    const progress = vi.fn();
    const pending = ui.request('slow', { steps: 3 }, { onProgress: progress });
    await vi.advanceTimersByTimeAsync(3 * 800 + 10);
    await expect(pending).resolves.toEqual({ done: 3 });
    expect(progress.mock.calls.map(([p]) => (p as { done: number }).done)).toEqual([1, 2, 3]);
  });

  it('cancels: the caller rejects at once and the handler sees it', async () => {
    let sawCancel = false;
    const { ui } = connect({
      slow: async (_payload, context) => {
        for (let step = 0; step < 100; step++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          if (context.signal.aborted) {
            sawCancel = true;
            context.throwIfCancelled();
          }
        }
        return { done: 100 };
      },
    });
    const pending = ui.request('slow', { steps: 100 });
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(25);
    pending.cancel();
    expect(await outcome).toMatchObject({ code: 'cancelled' });
    await vi.advanceTimersByTimeAsync(50);
    expect(sawCancel).toBe(true);
  });

  it('cancels through the context’s signal too: a handler waiting on it (a network request) stops at once', async () => {
    let aborted = false;
    const { ui } = connect({
      slow: (_payload, context) =>
        new Promise((_resolve, reject) => {
          context.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          });
        }),
    });
    const pending = ui.request('slow', { steps: 1 });
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5);
    expect(aborted).toBe(false);
    pending.cancel();
    expect(await outcome).toMatchObject({ code: 'cancelled' });
    await vi.advanceTimersByTimeAsync(5);
    expect(aborted).toBe(true);
  });

  it('waiting for the answer after a cancel, settles with a reply the other side sent anyway (its work was past its last cancel check): it was dropped as "cancelled"', async () => {
    let finish: () => void = () => undefined;
    const { ui, sent } = connect({
      // Past its last check: it answers with what it did, whatever the cancel says.
      slow: () => new Promise((resolve) => (finish = () => resolve({ done: 1 }))),
    });
    const pending = ui.request('slow', { steps: 1 }, { awaitAnswerAfterCancel: true });
    const outcome = pending.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(5);
    pending.cancel();
    pending.cancel();
    await vi.advanceTimersByTimeAsync(5);
    finish();
    expect(await outcome).toEqual({ value: { done: 1 } });
    expect(sent.filter((m) => m.kind === 'cancel')).toHaveLength(1);
  });

  it('waiting for the answer after a cancel, rejects with the other side’s “cancelled” when it stopped', async () => {
    const { ui } = connect({
      slow: (_payload, context) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new BridgeError('cancelled', 'Cancelled.')))),
    });
    const pending = ui.request('slow', { steps: 1 }, { awaitAnswerAfterCancel: true });
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5);
    pending.cancel();
    expect(await outcome).toMatchObject({ code: 'cancelled' });
  });

  it('waiting for the answer after a cancel, still gives up after its timeout when none comes', async () => {
    const { ui } = connect({ slow: () => new Promise(() => undefined) });
    const pending = ui.request('slow', { steps: 1 }, { awaitAnswerAfterCancel: true, timeoutMs: 500 });
    const outcome = pending.catch((e: unknown) => e);
    pending.cancel();
    await vi.advanceTimersByTimeAsync(499);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ code: 'timeout' });
  });

  it('waiting for the answer after a cancel, gives up after `cancelTimeoutMs`, not the rest of its timeout (a minute of “Cancelling…” for a Figma that never answers)', async () => {
    const { ui, sent } = connect({ slow: () => new Promise(() => undefined) });
    const pending = ui.request('slow', { steps: 1 }, { awaitAnswerAfterCancel: true, timeoutMs: 60_000, cancelTimeoutMs: 3_000 });
    const outcome = pending.catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10_000);
    pending.cancel();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ code: 'timeout', message: bridgeText.timeout(3_000) });
    // The cancel the person pressed, then the one the timeout sends.
    expect(sent.filter((m) => m.kind === 'cancel')).toHaveLength(2);
  });

  it('rejects a request whose payload does not match its definition, without running the handler', async () => {
    const add = vi.fn(() => Promise.resolve({ sum: 0 }));
    const { ui, onInvalid } = connect({ add });
    const error = await ui.request('add', { a: 1 } as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_message' });
    expect((error as Error).message).toBe(bridgeText.invalidRequest);
    expect(error).toMatchObject({ details: { request: 'add', problem: 'payload.b is missing' } });
    expect(add).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith('Invalid "add" request: payload.b is missing.');
  });

  it('answers an unknown request type with unknown_request', async () => {
    const { ui } = connect({});
    await expect(ui.request('nope' as 'add', { a: 1, b: 1 })).rejects.toMatchObject({ code: 'unknown_request' });
  });

  it('refuses to send a reply that breaks its own definition', async () => {
    const { ui } = connect({ broken: () => Promise.resolve({ value: 42 } as never) });
    const error = await ui.request('broken', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal' });
    expect((error as Error).message).toBe(bridgeText.invalidReply);
    expect(error).toMatchObject({ details: { request: 'broken', problem: expect.stringMatching(/reply.value should be string/) as unknown } });
  });

  it('reports a malformed message instead of acting on it, and still answers a malformed request', async () => {
    const onInvalid = vi.fn();
    const posted: WireMessage[] = [];
    const sandbox = createEndpoint({
      post: (message) => posted.push(message),
      incoming: requests,
      handlers: { add: vi.fn(), slow: vi.fn(), broken: vi.fn() },
      outgoing: none,
      inEvents: none,
      outEvents: none,
      onInvalidMessage: onInvalid,
    });
    sandbox.receive('hello');
    sandbox.receive({ channel: 'something-else' });
    sandbox.receive({ channel: 'envelope', kind: 'request', id: 'r1', payload: {} });
    await Promise.resolve();
    expect(onInvalid).toHaveBeenCalledTimes(3);
    expect(onInvalid.mock.calls[2]?.[0]).toBe('malformed message: message.type is missing');
    expect(posted).toEqual([
      { channel: 'envelope', kind: 'failure', id: 'r1', error: { code: 'invalid_message', message: bridgeText.invalidRequest, details: { problem: 'message.type is missing' } } },
    ]);
  });

  it('delivers valid events and drops invalid ones', async () => {
    const { sandbox, received, ui } = connect({});
    sandbox.emit('ping', { n: 1 });
    sandbox.emit('ping', { n: 'two' } as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toHaveBeenCalledTimes(1);
    expect(received).toHaveBeenCalledWith('ping', { n: 1 });
    void ui;
  });

  it('rejects every pending request when closed', async () => {
    const { ui } = connect({ add: () => new Promise(() => {}) });
    const pending = ui.request('add', { a: 1, b: 1 }).catch((e: unknown) => e);
    ui.close('The plugin was closed.');
    expect(await pending).toMatchObject({ code: 'closed', message: 'The plugin was closed.' });
  });
});
