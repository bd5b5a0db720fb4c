// A library client on the test's clock that records the waits it tells the screen about (onHeld),
// one attempt per call, and the library's 429 that makes it wait.
import type { HttpResponse, HttpTransport } from '../../../../src/shared/api/http/transport';
import { createLibraryClient, type LibraryClient } from '../../../../src/shared/api/library/client';
import type { ManualScheduler } from './manual-scheduler';
import { LIBRARY_BASE, LIBRARY_KEY } from './library-fixtures';
import { jsonResponse } from './scripted-transport';

export function heldLibraryClient(clock: ManualScheduler, transport: HttpTransport): { client: LibraryClient; held: number[] } {
  const held: number[] = [];
  const client = createLibraryClient({
    baseUrl: LIBRARY_BASE,
    key: LIBRARY_KEY,
    scheduler: clock.scheduler,
    retryPolicy: { maxAttempts: 1 },
    onHeld: (seconds) => held.push(seconds),
    transport,
  });
  return { client, held };
}

/** The library's answer when its per-minute allowance is used up: wait `retryAfterSeconds`. */
export function rateLimitedResponse(retryAfterSeconds: number): HttpResponse {
  return jsonResponse(429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': String(retryAfterSeconds) });
}
