// A request the library client has given up on is cancelled, so that an answer stalled half-way
// does not hold one of the browser's few connections to the host for good: the client's deadline
// reaches the fetch through the request's signal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../../src/shared/api/http/client-setup';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { createBrowserFetchTransport } from '../../../ui/http/browser-fetch-transport';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch whose answer stops after its headers: its body never ends unless the request is cancelled. */
function stalledBodyFetch(seen: { signal: AbortSignal | null }): typeof fetch {
  return (_input, init) => {
    const signal = init?.signal ?? null;
    seen.signal = signal;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data": ['));
        signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
}

describe('browser-fetch transport, an answer that stalls half-way', () => {
  it('is cancelled at the library client’s deadline (as the iframe wires it), freeing its connection', async () => {
    const seen: { signal: AbortSignal | null } = { signal: null };
    const client = createLibraryClient({ baseUrl: 'https://library.acme.example', key: null, transport: createBrowserFetchTransport(stalledBodyFetch(seen)), retryPolicy: { maxAttempts: 1 } });
    const outcome = client.searchEmailsAsync({}).then(
      () => 'answered',
      (error: unknown) => (error as { code?: string }).code,
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(seen.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.signal?.aborted).toBe(true);
    expect(await outcome).toBe('timeout');
  });

  it('cancels the request as soon as the client stops waiting (its deadline counts from when the designer asked)', async () => {
    const seen: { signal: AbortSignal | null } = { signal: null };
    const transport = createBrowserFetchTransport(stalledBodyFetch(seen));
    const givenUp = new AbortController();
    const outcome = transport({ method: 'GET', url: 'https://api.mailvault.example/v1/emails', headers: {}, signal: givenUp.signal }).then(
      () => 'answered',
      () => 'cancelled',
    );
    await vi.advanceTimersByTimeAsync(5_000);
    givenUp.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.signal?.aborted).toBe(true);
    expect(await outcome).toBe('cancelled');
  });

  it('leaves nothing to cancel once the answer is in', async () => {
    const seen: { signal: AbortSignal | null } = { signal: null };
    const transport = createBrowserFetchTransport((_input, init) => {
      seen.signal = init?.signal ?? null;
      return Promise.resolve(new Response('{"data": []}', { status: 200 }));
    });
    await transport({ method: 'GET', url: 'https://api.mailvault.example/v1/emails', headers: {} });
    expect(vi.getTimerCount()).toBe(0);
    expect(seen.signal?.aborted).toBe(false);
  });
});
