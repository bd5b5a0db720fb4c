import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import { createApiRequester } from '../../../src/shared/api/http/api-request';
import { createRequestGate } from '../../../src/shared/api/http/request-gate';
import { DEFAULT_RETRY_POLICY } from '../../../src/shared/api/http/retry-policy';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { builderHarness, libraryHarness, rejectionOf } from './support/clients';
import { BUILDER_BASE, BUILDER_KEY, changesBody, template } from './support/builder-fixtures';
import { LIBRARY_BASE, LIBRARY_KEY, emailDetailBody, searchEmailsBody } from './support/library-fixtures';
import { createManualScheduler } from './support/manual-scheduler';
import { createScriptedTransport, jsonResponse } from './support/scripted-transport';
import { wrongHostMessage } from '../../../src/shared/api/http/error-mapping';

function requesterFor(path: string) {
  const clock = createManualScheduler();
  const scripted = createScriptedTransport(() => jsonResponse(200, {}));
  const requester = createApiRequester({
    api: 'builder',
    baseUrl: BUILDER_BASE,
    key: BUILDER_KEY,
    transport: scripted.transport,
    gate: createRequestGate({ scheduler: clock.scheduler }),
    scheduler: clock.scheduler,
    bucket: { name: 'b', limitPerMinute: 100 },
    timeoutMs: 1_000,
    retryPolicy: DEFAULT_RETRY_POLICY,
  });
  const sent = requester.sendAsync({ method: 'GET', endpoint: 'GET /x', path, safeToRepeat: true, read: () => ({ ok: true, value: null }) });
  return { sent, requests: scripted.requests };
}

describe('each key goes to its own host only', () => {
  it('the library client sends every request to the library origin, with the library key', async () => {
    const { client, requests } = libraryHarness((request) =>
      jsonResponse(200, request.url.includes('/v1/emails/') ? emailDetailBody() : searchEmailsBody()),
    );
    await client.searchEmailsAsync({ q: 'https://evil.example/' });
    await client.getEmailAsync(101);
    for (const request of requests) {
      expect(request.url.startsWith(`${LIBRARY_BASE}/v1/`)).toBe(true);
      expect(request.headers.authorization).toBe(`Bearer ${LIBRARY_KEY}`);
    }
  });

  it('the builder client sends every request to the builder origin, with the builder key', async () => {
    const { client, requests } = builderHarness((request) => jsonResponse(200, request.url.includes('changes') ? changesBody() : { data: template() }));
    await client.getTemplateAsync('//evil.example');
    await client.getChangesAsync('@evil.example');
    for (const request of requests) {
      expect(request.url.startsWith(`${BUILDER_BASE}/api/`)).toBe(true);
      expect(request.headers.authorization).toBe(`Bearer ${BUILDER_KEY}`);
    }
  });

  it('an anonymous library client sends no Authorization header', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(200, searchEmailsBody()), { key: null });
    await client.searchEmailsAsync();
    expect(Object.keys(requests[0]?.headers ?? {})).not.toContain('authorization');
  });

  it.each(['//evil.example/steal', 'https://evil.example/x', '@evil.example/x', 'v1/emails'])('refuses the path %s without sending it', async (path) => {
    const { sent, requests } = requesterFor(path);
    const error = (await rejectionOf(sent)) as ApiError;
    expect(error.code).toBe('wrong_host');
    // In words for a person; the endpoint stays in the error's fields for developers.
    expect(error.message).toBe(wrongHostMessage('builder'));
    expect(error.endpoint).toBe('GET /x');
    expect(requests).toHaveLength(0);
  });

  it('refuses a base URL that would send a key in clear text to a remote host', () => {
    expect(() => createLibraryClient({ baseUrl: 'http://api.mailvault.example', key: LIBRARY_KEY, transport: () => Promise.reject(new Error('unused')) })).toThrow(
      /over HTTPS only/,
    );
    expect(() => createLibraryClient({ baseUrl: 'http://127.0.0.1:4000', key: null, transport: () => Promise.reject(new Error('unused')) })).not.toThrow();
  });
});
