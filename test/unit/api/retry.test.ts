import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, retryDelayMs } from '../../../src/shared/api/http/retry-policy';
import { builderHarness, libraryHarness, rejectionOf } from './support/clients';
import { changesBody, syncResultBody, template } from './support/builder-fixtures';
import { brandRequestBody, libraryError, listBrandsBody } from './support/library-fixtures';
import { createScriptedTransport, jsonResponse, sequence } from './support/scripted-transport';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { LIBRARY_BASE, LIBRARY_KEY } from './support/library-fixtures';
import { ApiError as ApiErrorClass } from '../../../src/shared/api/http/api-error';

const rateLimited = (retryAfter?: string) =>
  jsonResponse(429, libraryError('rate_limited', 'Too many requests'), retryAfter === undefined ? {} : { 'retry-after': retryAfter });

describe('retry on 429', () => {
  it('waits out Retry-After: 2 and then succeeds', async () => {
    const { client, clock, requests } = libraryHarness(sequence(rateLimited('2'), jsonResponse(200, listBrandsBody())));
    const pending = client.listBrandsAsync();
    await clock.advanceAsync(1_999);
    expect(requests).toHaveLength(1);
    await clock.advanceAsync(1);
    expect(requests).toHaveLength(2);
    expect((await pending).data).toHaveLength(2);
  });

  it('holds back other requests on the same key during the wait', async () => {
    const { client, clock, requests } = libraryHarness(sequence(rateLimited('2'), jsonResponse(200, listBrandsBody())));
    const first = client.listBrandsAsync();
    await clock.settleAsync();
    const second = client.listBrandsAsync();
    await clock.advanceAsync(1_500);
    expect(requests).toHaveLength(1);
    await clock.advanceAsync(500);
    await Promise.all([first, second]);
    expect(requests).toHaveLength(3);
  });

  it('backs off exponentially when Retry-After is absent, then gives up', async () => {
    const { client, clock, requests } = libraryHarness(() => rateLimited());
    clock.setRandom(1);
    const pending = rejectionOf(client.listBrandsAsync());
    const sentAt: number[] = [];
    const start = clock.now();
    for (let step = 0; step < 16; step += 1) {
      await clock.advanceAsync(500);
      while (sentAt.length < requests.length) sentAt.push(clock.now() - start);
    }
    const error = (await pending) as ApiError;
    expect(error.code).toBe('rate_limited');
    expect(requests).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
    // 1 s, 2 s, 4 s apart (jitter at its maximum), observed on a 0.5 s grid.
    expect(sentAt).toEqual([500, 1_000, 3_000, 7_000]);
  });

  it('holds back the allowance for Retry-After even when the 429 is not retried (the Browse screen makes one attempt)', async () => {
    const { client, clock, requests } = libraryHarness(sequence(rateLimited('5'), jsonResponse(200, listBrandsBody())), { retryPolicy: { maxAttempts: 1 } });
    expect(await rejectionOf(client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 5 });
    // Opening an email while the search counts down must not be sent into the same 429.
    const second = client.listBrandsAsync({ page: 2 });
    await clock.advanceAsync(4_999);
    expect(requests).toHaveLength(1);
    await clock.advanceAsync(1);
    expect(requests).toHaveLength(2);
    expect((await second).data).toHaveLength(2);
  });

  it('does not wait out a Retry-After longer than a minute', async () => {
    const { client, requests } = libraryHarness(() => rateLimited('3600'));
    const error = (await rejectionOf(client.listBrandsAsync())) as ApiError;
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(error.message).toContain('Try again in an hour');
    expect(requests).toHaveLength(1);
  });

  it('sends nothing more on the allowance during a per-minute 429’s wait of over a minute: each request is refused at once with what is left of it, then goes once it ends', async () => {
    const { client, clock, requests } = libraryHarness(sequence(rateLimited('120'), jsonResponse(200, listBrandsBody())));
    expect(await rejectionOf(client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 120 });
    // Each screen asking meanwhile would only earn another 429, or stand still for the wait.
    await clock.advanceAsync(30_000);
    expect(await rejectionOf(client.listBrandsAsync({ page: 2 }))).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 90 });
    expect(requests).toHaveLength(1);
    await clock.advanceAsync(90_000);
    expect((await client.listBrandsAsync({ page: 2 })).data).toHaveLength(2);
    expect(requests).toHaveLength(2);
  });

  it('refuses, rather than holds for the wait, a request already waiting for room when the long 429 comes', async () => {
    // The library reports one request a minute: the second and third wait for room.
    const { client, clock, requests } = libraryHarness(sequence(jsonResponse(200, listBrandsBody(), { 'x-ratelimit-limit': '1' }), rateLimited('3600'), jsonResponse(200, listBrandsBody())));
    await client.listBrandsAsync();
    const second = rejectionOf(client.listBrandsAsync({ page: 2 }));
    const third = rejectionOf(client.listBrandsAsync({ page: 3 }));
    await clock.advanceAsync(61_000);
    expect(await second).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    // Refused at once with the same wait, not held for the hour.
    expect(await third).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(requests).toHaveLength(2);
  });

  it('refuses at once on a client made afresh with the same allowance (the screens make one per task): it was held for the hour', async () => {
    const { client, clock, gate } = libraryHarness(() => rateLimited('3600'));
    await rejectionOf(client.listBrandsAsync());
    const fresh = createScriptedTransport(() => jsonResponse(200, listBrandsBody()));
    const again = createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport: fresh.transport, scheduler: clock.scheduler, gate });
    const refused = rejectionOf(again.listBrandsAsync());
    await clock.advanceAsync(1);
    expect(await refused).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(fresh.requests).toHaveLength(0);
  });

  it('does not hold the other requests for a brand request’s daily limit (it holds only brand requests)', async () => {
    const { client, clock, requests } = libraryHarness(sequence(jsonResponse(429, libraryError('daily_limit_reached', 'Limit'), { 'retry-after': '40000' }), jsonResponse(200, listBrandsBody())));
    await rejectionOf(client.createBrandRequestAsync({ brand: 'A', website: 'a.example' }));
    const other = client.listBrandsAsync();
    await clock.settleAsync();
    expect(requests).toHaveLength(2);
    expect((await other).data).toHaveLength(2);
  });
});

describe('requests that are never repeated', () => {
  it.each([
    ['503', jsonResponse(503, libraryError('unavailable', 'Could not save'))],
    ['dropped connection', 'drop' as const],
  ])('a brand-request POST after a %s', async (_name, answer) => {
    const { client, requests } = libraryHarness(() => answer);
    const error = await rejectionOf(client.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' }));
    expect(error).toBeInstanceOf(ApiErrorClass);
    expect(requests).toHaveLength(1);
  });

  it('except after a per-minute 429: the server did nothing, so the POST waits out Retry-After and goes once more', async () => {
    const { client, clock, requests } = libraryHarness(sequence(rateLimited('2'), jsonResponse(201, brandRequestBody())));
    const pending = client.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' });
    await clock.advanceAsync(1_999);
    expect(requests).toHaveLength(1);
    await clock.advanceAsync(1);
    expect((await pending).counted).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toBe(requests[0]?.body);
  });

  it('a daily_limit_reached 429', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(429, libraryError('daily_limit_reached', 'Limit'), { 'retry-after': '40000' }));
    const error = (await rejectionOf(client.createBrandRequestAsync({ brand: 'A', website: 'a.example' }))) as ApiError;
    expect(error.code).toBe('daily_limit_reached');
    expect(requests).toHaveLength(1);
  });

  it('a template-create POST after a dropped connection', async () => {
    const { client, requests } = builderHarness(sequence('drop', jsonResponse(201, { data: template() })));
    const error = (await rejectionOf(client.createTemplateAsync({ name: 'Welcome' }))) as ApiError;
    expect(error.code).toBe('network_error');
    expect(requests).toHaveLength(1);
  });

  it('a malformed answer to a GET', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(200, { data: 'nope' }));
    await rejectionOf(client.listBrandsAsync());
    expect(requests).toHaveLength(1);
  });

  it('a 404 to a GET', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(404, libraryError('not_found', 'No brand')));
    await rejectionOf(client.getBrandAsync('nobody'));
    expect(requests).toHaveLength(1);
  });
});

describe('retry after a dropped connection, a timeout or a 5xx', () => {
  it('repeats a GET a bounded number of times', async () => {
    const { client, clock, requests } = builderHarness(() => 'drop');
    const pending = rejectionOf(client.getChangesAsync('ds_1'));
    await clock.advanceAsync(60_000);
    expect(((await pending) as ApiError).code).toBe('network_error');
    expect(requests).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
  });

  it('sends nothing to the built-in stand-in addresses, reserved names no server answers at: the address is missing (a hung lookup there said “did not answer within”)', async () => {
    const builder = builderHarness(() => 'hang', { baseUrl: 'https://app.templatebuilder.example', timeoutMs: 5_000 });
    const changes = rejectionOf(builder.client.getChangesAsync('ds_1'));
    await builder.clock.advanceAsync(60_000);
    expect(await changes).toMatchObject({ code: 'address_missing', status: null, message: 'The email builder’s address is missing: enter it in Settings.' });
    expect(builder.requests).toHaveLength(0);
    const library = libraryHarness(() => 'drop', { baseUrl: 'https://api.mailvault.example/' });
    expect(await rejectionOf(library.client.listBrandsAsync())).toMatchObject({ code: 'address_missing', message: 'The email library’s address is missing: enter it in Settings.' });
    expect(library.requests).toHaveLength(0);
  });

  it('repeats a GET that timed out and takes the next answer', async () => {
    const { client, clock, requests } = builderHarness(sequence('hang', jsonResponse(200, changesBody())), { timeoutMs: 10_000 });
    const pending = client.getChangesAsync('ds_1');
    await clock.advanceAsync(10_000 + 1_000);
    expect(requests).toHaveLength(2);
    expect((await pending).components).toHaveLength(2);
  });

  it('repeats a GET after a 503', async () => {
    const { client, clock, requests } = libraryHarness(sequence(jsonResponse(503, libraryError('unavailable', 'x')), jsonResponse(200, listBrandsBody())));
    const pending = client.listBrandsAsync();
    await clock.advanceAsync(1_000);
    await pending;
    expect(requests).toHaveLength(2);
  });

  it('repeats the builder sync POST (a hash-equal upsert is a no-op)', async () => {
    const { client, clock, requests } = builderHarness(sequence('drop', jsonResponse(200, syncResultBody())));
    const pending = client.syncAsync('ds_1', { base: null, source: { file_id: 'f', file_name: 'n', user: 'u', plugin_version: '1' }, upserts: [], deletes: [], force: [] });
    await clock.advanceAsync(1_000);
    expect((await pending).synced_at).toBe('2026-11-22T01:00:00.000Z');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toBe(requests[0]?.body);
  });

  it('treats a 404 on a repeated DELETE as done', async () => {
    const { client, clock, requests } = builderHarness(sequence('drop', jsonResponse(404, { error: 'not_found', message: 'No template' })));
    const pending = client.deleteTemplateAsync('tpl_1');
    await clock.advanceAsync(1_000);
    await expect(pending).resolves.toBeUndefined();
    expect(requests).toHaveLength(2);
  });

  it('still reports a 404 on the first DELETE', async () => {
    const { client } = builderHarness(() => jsonResponse(404, { error: 'not_found', message: 'No template' }));
    expect(((await rejectionOf(client.deleteTemplateAsync('tpl_x'))) as ApiError).code).toBe('not_found');
  });

  it('a brand-request answer still counts as one request', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(201, brandRequestBody()));
    await client.createBrandRequestAsync({ brand: 'A', website: 'a.example' });
    expect(requests).toHaveLength(1);
  });
});

describe('retry policy (pure)', () => {
  const policy = DEFAULT_RETRY_POLICY;
  const error = (code: ApiError['code'], retryAfterSeconds: number | null = null) =>
    new ApiErrorClass({ api: 'builder', endpoint: 'GET /x', status: null, code, message: 'm', retryAfterSeconds });

  it('caps the backoff', () => {
    expect(backoffDelayMs(1, policy, 1)).toBe(1_000);
    expect(backoffDelayMs(3, policy, 1)).toBe(4_000);
    expect(backoffDelayMs(30, policy, 1)).toBe(policy.maxDelayMs);
    expect(backoffDelayMs(30, policy, 0)).toBe(policy.maxDelayMs / 2);
    expect(backoffDelayMs(2, policy, 0.5)).toBe(1_500);
  });

  it('never repeats what is not safe to repeat, unless a per-minute 429 refused it undone', () => {
    expect(retryDelayMs(error('network_error'), 1, false, policy, 0.5)).toBeNull();
    expect(retryDelayMs(error('unavailable'), 1, false, policy, 0.5)).toBeNull();
    expect(retryDelayMs(error('daily_limit_reached', 2), 1, false, policy, 0.5)).toBeNull();
    expect(retryDelayMs(error('rate_limited', 2), 1, false, policy, 0.5)).toBe(2_000);
    expect(retryDelayMs(error('rate_limited', 2), policy.maxAttempts, false, policy, 0.5)).toBeNull();
  });

  it('stops at the last attempt', () => {
    expect(retryDelayMs(error('network_error'), policy.maxAttempts, true, policy, 0.5)).toBeNull();
  });

  it('waits exactly Retry-After', () => {
    expect(retryDelayMs(error('rate_limited', 2), 1, true, policy, 0.9)).toBe(2_000);
  });

  it.each(['unauthorized', 'not_found', 'bad_request', 'malformed_response', 'not_json', 'daily_limit_reached', 'payload_too_large'] as const)(
    'does not repeat %s',
    (code) => {
      expect(retryDelayMs(error(code), 1, true, policy, 0.5)).toBeNull();
    },
  );
});
