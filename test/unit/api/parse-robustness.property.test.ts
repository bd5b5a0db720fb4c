// Whatever a server sends back, every endpoint's parse path ends in a value or an ApiError:
// never a TypeError, never an unhandled rejection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuilderClient } from '../../../src/shared/api/builder/client';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { builderHarness, libraryHarness } from './support/clients';
import * as b from './support/builder-fixtures';
import * as l from './support/library-fixtures';

const libraryCalls: [string, (client: LibraryClient) => Promise<unknown>, () => unknown][] = [
  ['searchEmails', (c) => c.searchEmailsAsync(), () => l.searchEmailsBody()],
  ['getEmail', (c) => c.getEmailAsync(1), () => l.emailDetailBody()],
  ['listBrands', (c) => c.listBrandsAsync(), l.listBrandsBody],
  ['getBrand', (c) => c.getBrandAsync('x'), l.getBrandBody],
  ['insights', (c) => c.getBrandInsightsAsync('x'), l.insightsBody],
  ['listJourneys', (c) => c.listJourneysAsync(), l.listJourneysBody],
  ['getJourney', (c) => c.getJourneyAsync('x'), l.journeyBody],
  ['follows', (c) => c.listFollowsAsync(), l.listFollowsBody],
  ['followedEmails', (c) => c.listFollowedEmailsAsync(), l.followedEmailsBody],
  ['likes', (c) => c.listLikesAsync(), l.likesBody],
  ['collections', (c) => c.listCollectionsAsync(), l.listCollectionsBody],
  ['collection', (c) => c.getCollectionAsync('x'), l.getCollectionBody],
  ['createBrandRequest', (c) => c.createBrandRequestAsync({ brand: 'a', website: 'a.example' }), () => l.brandRequestBody()],
  ['listBrandRequests', (c) => c.listBrandRequestsAsync(), l.listBrandRequestsBody],
];

const syncBody = { base: null, source: { file_id: 'f', file_name: 'n', user: 'u', plugin_version: '1' }, upserts: [], deletes: [], force: [] };
const builderCalls: [string, (client: BuilderClient) => Promise<unknown>, () => unknown][] = [
  ['createTemplate', (c) => c.createTemplateAsync({ name: 'a' }), () => ({ data: b.template() })],
  ['listTemplates', (c) => c.listTemplatesAsync(), b.templateListBody],
  ['getTemplate', (c) => c.getTemplateAsync('t'), () => ({ data: b.template() })],
  ['updateTemplate', (c) => c.updateTemplateAsync('t', { name: 'b' }), () => ({ data: b.template() })],
  ['deleteTemplate', (c) => c.deleteTemplateAsync('t'), () => ''],
  ['sync', (c) => c.syncAsync('ds', syncBody), () => b.syncResultBody()],
  ['changes', (c) => c.getChangesAsync('ds'), () => b.changesBody()],
];

/** Bodies: random JSON, a valid body truncated or with a byte changed, or arbitrary text. */
function bodyArbitrary(valid: () => unknown): fc.Arbitrary<string> {
  const validText = JSON.stringify(valid());
  return fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc.integer({ min: 0, max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut)),
    fc
      .tuple(fc.integer({ min: 0, max: Math.max(0, validText.length - 1) }), fc.string({ minLength: 1, maxLength: 3 }))
      .map(([at, junk]) => validText.slice(0, at) + junk + validText.slice(at + 1)),
    fc.string(),
    fc.constant(validText.replace(/"[a-z_]+":/, '"__proto__":')),
  );
}

const statusArbitrary = fc.oneof(fc.constant(200), fc.constant(201), fc.constant(204), fc.integer({ min: 100, max: 599 }));

async function outcomeAsync(call: () => Promise<unknown>, advance: () => Promise<void>): Promise<unknown> {
  const settled = call().then(
    () => 'value',
    (error: unknown) => error,
  );
  await advance();
  return settled;
}

function checkOutcome(outcome: unknown): void {
  if (outcome === 'value') return;
  expect(outcome).toBeInstanceOf(ApiError);
  expect(typeof (outcome as ApiError).message).toBe('string');
  expect((outcome as ApiError).message.length).toBeGreaterThan(0);
}

describe('no response body makes a client throw anything but ApiError', () => {
  it.each(libraryCalls)('library %s', async (_name, call, valid) => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(valid), statusArbitrary, async (text, status) => {
        const response: HttpResponse = { status, headers: { 'retry-after': '1' }, text };
        const { client, clock } = libraryHarness(() => response);
        checkOutcome(await outcomeAsync(() => call(client), () => clock.advanceAsync(120_000)));
      }),
      { numRuns: 60 },
    );
  });

  it.each(builderCalls)('builder %s', async (_name, call, valid) => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(valid), statusArbitrary, async (text, status) => {
        const response: HttpResponse = { status, headers: {}, text };
        const { client, clock } = builderHarness(() => response);
        checkOutcome(await outcomeAsync(() => call(client), () => clock.advanceAsync(120_000)));
      }),
      { numRuns: 60 },
    );
  });

  it('random headers (Retry-After, X-RateLimit-Limit) do not break a call either', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('retry-after', 'x-ratelimit-limit', 'x-ratelimit-tier'), fc.string()), async (headers) => {
        const { client, clock } = libraryHarness(() => ({ status: 429, headers, text: '' }));
        checkOutcome(await outcomeAsync(() => client.listBrandsAsync(), () => clock.advanceAsync(300_000)));
      }),
      { numRuns: 80 },
    );
  });
});
