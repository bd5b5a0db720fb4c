// Clients wired to a scripted transport and a manual clock.
import { createBuilderClient } from '../../../../src/shared/api/builder/client';
import type { WaitTally } from '../../../../src/shared/api/http/api-request';
import { createRequestGate } from '../../../../src/shared/api/http/request-gate';
import type { RetryPolicy } from '../../../../src/shared/api/http/retry-policy';
import { createLibraryClient } from '../../../../src/shared/api/library/client';
import type { HttpRequest } from '../../../../src/shared/api/http/transport';
import { BUILDER_BASE, BUILDER_KEY } from './builder-fixtures';
import { LIBRARY_BASE, LIBRARY_KEY } from './library-fixtures';
import { createManualScheduler } from './manual-scheduler';
import { createScriptedTransport, type ScriptedAnswer } from './scripted-transport';

type Script = (request: HttpRequest, index: number) => ScriptedAnswer;

/** `baseUrl`: an address as typed in Settings unless given (nothing is sent to the built-in stand-in). */
export function libraryHarness(script: Script, options: { key?: string | null; timeoutMs?: number; retryPolicy?: Partial<RetryPolicy>; baseUrl?: string } = {}) {
  const clock = createManualScheduler();
  const scripted = createScriptedTransport(script);
  const gate = createRequestGate({ scheduler: clock.scheduler });
  const client = createLibraryClient({
    baseUrl: options.baseUrl ?? LIBRARY_BASE,
    key: options.key === undefined ? LIBRARY_KEY : options.key,
    transport: scripted.transport,
    scheduler: clock.scheduler,
    gate,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.retryPolicy === undefined ? {} : { retryPolicy: options.retryPolicy }),
  });
  return { client, clock, gate, requests: scripted.requests };
}

/** `baseUrl`: an address as typed in Settings unless given (nothing is sent to the built-in stand-in). */
export function builderHarness(script: Script, options: { timeoutMs?: number; baseUrl?: string; waitTally?: () => WaitTally | undefined } = {}) {
  const clock = createManualScheduler();
  const scripted = createScriptedTransport(script);
  const gate = createRequestGate({ scheduler: clock.scheduler });
  const client = createBuilderClient({
    baseUrl: options.baseUrl ?? BUILDER_BASE,
    key: BUILDER_KEY,
    transport: scripted.transport,
    scheduler: clock.scheduler,
    gate,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.waitTally === undefined ? {} : { waitTally: options.waitTally }),
  });
  return { client, clock, gate, requests: scripted.requests };
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
