import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { libraryHarness, rejectionOf } from './support/clients';
import * as fixtures from './support/library-fixtures';
import { jsonResponse } from './support/scripted-transport';

/** What was wrong with a reply, for developers: the endpoint and the problem (not in the message). */
function whatWasWrong(error: ApiError): string {
  return `${error.endpoint}: ${String(error.details.problem)}`;
}

interface Case {
  name: string;
  call: (client: LibraryClient) => Promise<unknown>;
  path: string;
  body: () => { data: unknown; meta: unknown };
}

const cases: Case[] = [
  { name: 'searchEmailsAsync', call: (c) => c.searchEmailsAsync({ q: 'sale' }), path: '/v1/emails?q=sale', body: () => fixtures.searchEmailsBody() },
  { name: 'getEmailAsync', call: (c) => c.getEmailAsync(101), path: '/v1/emails/101', body: () => fixtures.emailDetailBody() },
  { name: 'listBrandsAsync', call: (c) => c.listBrandsAsync(), path: '/v1/brands', body: fixtures.listBrandsBody },
  { name: 'getBrandAsync', call: (c) => c.getBrandAsync('northwind'), path: '/v1/brands/northwind', body: fixtures.getBrandBody },
  { name: 'getBrandInsightsAsync', call: (c) => c.getBrandInsightsAsync('northwind'), path: '/v1/brands/northwind/insights', body: fixtures.insightsBody },
  { name: 'listJourneysAsync', call: (c) => c.listJourneysAsync(), path: '/v1/journeys', body: fixtures.listJourneysBody },
  { name: 'getJourneyAsync', call: (c) => c.getJourneyAsync('northwind', { emailsPerStage: 3 }), path: '/v1/journeys/northwind?emails_per_stage=3', body: fixtures.journeyBody },
  { name: 'listFollowsAsync', call: (c) => c.listFollowsAsync(), path: '/v1/me/follows', body: fixtures.listFollowsBody },
  { name: 'listFollowedEmailsAsync', call: (c) => c.listFollowedEmailsAsync({ since: '2026-11-01' }), path: '/v1/me/follows/emails?since=2026-11-01', body: fixtures.followedEmailsBody },
  { name: 'listLikesAsync', call: (c) => c.listLikesAsync({ page: 2 }), path: '/v1/me/likes?page=2', body: fixtures.likesBody },
  { name: 'listCollectionsAsync', call: (c) => c.listCollectionsAsync(), path: '/v1/me/collections', body: fixtures.listCollectionsBody },
  { name: 'getCollectionAsync', call: (c) => c.getCollectionAsync('col_8f2a'), path: '/v1/me/collections/col_8f2a', body: fixtures.getCollectionBody },
  { name: 'listBrandRequestsAsync', call: (c) => c.listBrandRequestsAsync({ limit: 20 }), path: '/v1/brand-requests?limit=20', body: fixtures.listBrandRequestsBody },
  {
    name: 'createBrandRequestAsync',
    call: (c) => c.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' }),
    path: '/v1/brand-requests',
    body: () => fixtures.brandRequestBody(),
  },
];

describe('library client: every endpoint', () => {
  it.each(cases)('$name parses the documented response and calls $path', async ({ call, path, body }) => {
    const expected = body();
    const { client, requests } = libraryHarness(() => jsonResponse(200, body()));
    const result = (await call(client)) as { data: unknown; meta: unknown };
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${fixtures.LIBRARY_BASE}${path}`);
    expect(result.meta).toEqual(expected.meta);
    expect(result.data).toBeDefined();
  });

  it.each(cases)('$name keeps fields the document does not mention', async ({ call, body }) => {
    const withExtra = { ...body(), extra_top: 1 };
    const data = withExtra.data as Record<string, unknown> | Record<string, unknown>[];
    if (Array.isArray(data)) data.forEach((item) => (item.shiny_new_field = 'kept'));
    else data.shiny_new_field = 'kept';
    const { client } = libraryHarness(() => jsonResponse(200, withExtra));
    const result = (await call(client)) as Record<string, unknown> & { data: Record<string, unknown> | Record<string, unknown>[] };
    expect(result.extra_top).toBe(1);
    const first = Array.isArray(result.data) ? result.data[0] : result.data;
    expect(first?.shiny_new_field).toBe('kept');
  });

  it.each(cases)('$name reports a missing meta.attribution by endpoint and field', async ({ call, body }) => {
    const broken = body() as { meta: Record<string, unknown> };
    delete broken.meta.attribution;
    const { client } = libraryHarness(() => jsonResponse(200, broken));
    const error = await rejectionOf(call(client));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'malformed_response', api: 'library' });
    // The endpoint and the field are facts for developers, kept beside the message for people.
    expect(whatWasWrong(error as ApiError)).toMatch(/: meta\.attribution is missing/);
    expect((error as ApiError).message).not.toContain((error as ApiError).endpoint);
  });
});

describe('library client: shapes in detail', () => {
  it('names the endpoint and the field when the email detail lacks subject_line', async () => {
    const body = fixtures.emailDetailBody();
    delete (body.data as Record<string, unknown>).subject_line;
    const { client } = libraryHarness(() => jsonResponse(200, body));
    const error = (await rejectionOf(client.getEmailAsync(101))) as ApiError;
    expect(error.code).toBe('malformed_response');
    expect(whatWasWrong(error)).toContain('GET /v1/emails/{id}: data.subject_line is missing');
  });

  it('says which field has the wrong type', async () => {
    const { client } = libraryHarness(() => jsonResponse(200, fixtures.emailDetailBody({ id: 'one hundred' })));
    const error = (await rejectionOf(client.getEmailAsync(101))) as ApiError;
    expect(whatWasWrong(error)).toContain('data.id should be');
  });

  it('reads journey_stages given as objects or as bare strings', async () => {
    const { client } = libraryHarness(() =>
      jsonResponse(200, fixtures.emailDetailBody({ journey_stages: [{ stage: 'Welcome', stage_slug: 'welcome' }, 'Abandoned Cart'] })),
    );
    const { data } = await client.getEmailAsync(101);
    expect(data.journey_stages).toEqual([
      { stage: 'Welcome', stage_slug: 'welcome' },
      { stage: 'Abandoned Cart', stage_slug: 'abandoned-cart' },
    ]);
  });

  it('reads an email whose journey_stages items have a shape the document does not show (it shows none)', async () => {
    const { client } = libraryHarness(() =>
      jsonResponse(200, fixtures.emailDetailBody({ journey_stages: [{ stage: 'Welcome' }, { id: 3, name: 'Win-back', slug: 'win-back' }, 7, null] })),
    );
    const { data } = await client.getEmailAsync(101);
    expect(data.journey_stages).toEqual([
      { stage: 'Welcome', stage_slug: 'welcome' },
      { stage: 'Win-back', stage_slug: 'win-back' },
    ]);
  });

  it("reads the email's public page from the field named after the service, as the document says the real one is", async () => {
    // "service_url ... the field that in the interface carries the service's own name in its identifier; a neutral word stands in".
    const body = fixtures.emailDetailBody({ mailvault_url: 'https://mailvault.example/emails/101' });
    delete (body.data as Record<string, unknown>)['service_url'];
    const named = libraryHarness(() => jsonResponse(200, body));
    expect((await named.client.getEmailAsync(101)).data.service_url).toBe('https://mailvault.example/emails/101');
    // Neither that nor service_url: the `url` every record carries.
    const plain = fixtures.emailDetailBody({ url: 'https://mailvault.example/emails/101' });
    delete (plain.data as Record<string, unknown>)['service_url'];
    const withUrl = libraryHarness(() => jsonResponse(200, plain));
    expect((await withUrl.client.getEmailAsync(101)).data.service_url).toBe('https://mailvault.example/emails/101');
  });

  it('accepts an email without HTML when no key was sent', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(200, fixtures.emailDetailBody({ html: null, html_status: 'key_required' })), { key: null });
    const { data } = await client.getEmailAsync('101');
    expect(data.html).toBeNull();
    expect(data.html_status).toBe('key_required');
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('refuses an unknown html_status in words', async () => {
    const { client } = libraryHarness(() => jsonResponse(200, fixtures.emailDetailBody({ html_status: 'maybe' })));
    const error = (await rejectionOf(client.getEmailAsync(101))) as ApiError;
    expect(whatWasWrong(error)).toContain('data.html_status should be one of "ok", "key_required", "not_available"');
  });

  it('reads insight counts sent as strings as numbers', async () => {
    const { client } = libraryHarness(() => jsonResponse(200, fixtures.insightsBody()));
    const { data } = await client.getBrandInsightsAsync('northwind');
    expect(data.technology.esp_breakdown.map((esp) => esp.count)).toEqual([180, 60]);
    expect(data.senders[0]?.count).toBe(230);
  });

  it('refuses a percentage outside 0-100', async () => {
    const body = fixtures.insightsBody();
    body.data.technology.amp_pct = 140;
    const { client } = libraryHarness(() => jsonResponse(200, body));
    const error = (await rejectionOf(client.getBrandInsightsAsync('northwind'))) as ApiError;
    expect(whatWasWrong(error)).toContain('data.technology.amp_pct is too big (maximum 100)');
  });

  it('tells a counted brand request (201) from one that was not counted (200)', async () => {
    const queued = libraryHarness(() => jsonResponse(201, fixtures.brandRequestBody('queued')));
    expect((await queued.client.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' })).counted).toBe(true);
    const known = libraryHarness(() =>
      jsonResponse(200, fixtures.brandRequestBody('already_in_library', { library_brand: { name: 'Fabrikam', slug: 'fabrikam', url: 'https://mailvault.example/brands/fabrikam' } })),
    );
    const result = await known.client.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' });
    expect(result.counted).toBe(false);
    expect(result.data.library_brand?.slug).toBe('fabrikam');
  });

  it('reads a brand request whose library_brand has a shape the document does not show, as no brand rather than no answer', async () => {
    // "its shape otherwise is not shown as anything but null": the request went through all the same.
    for (const libraryBrand of ['fabrikam', { id: 7 }, 42]) {
      const { client } = libraryHarness(() => jsonResponse(200, fixtures.brandRequestBody('already_in_library', { library_brand: libraryBrand })));
      const result = await client.createBrandRequestAsync({ brand: 'Fabrikam', website: 'fabrikam.example' });
      expect(result).toMatchObject({ counted: false, data: { status: 'already_in_library', brand: 'Fabrikam', library_brand: null } });
    }
  });

  it('sends the brand request body as JSON with the key', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(201, fixtures.brandRequestBody()));
    await client.createBrandRequestAsync({ brand: ' Fabrikam ', website: 'fabrikam.example', category: 'home', notes: 'Weekly newsletter' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${fixtures.LIBRARY_KEY}`);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ brand: 'Fabrikam', website: 'fabrikam.example', category: 'Home', notes: 'Weekly newsletter' });
  });

  it('does not spend a request on /v1/me or brand requests without a key', async () => {
    const { client, requests } = libraryHarness(() => jsonResponse(200, {}), { key: null });
    for (const call of [() => client.listFollowsAsync(), () => client.listLikesAsync(), () => client.listBrandRequestsAsync(), () => client.createBrandRequestAsync({ brand: 'A', website: 'a.example' })]) {
      const error = (await rejectionOf(call())) as ApiError;
      expect(error.code).toBe('unauthorized');
      expect(error.message).toBe('This needs a library API key. Add one in Settings.');
    }
    expect(requests).toHaveLength(0);
  });

  it('refuses a key of the wrong form when created, saying which key, what is wrong with it and where to fix it (it said only what library keys look like)', () => {
    expect(() => libraryHarness(() => jsonResponse(200, {}), { key: 'ef_builderkey' })).toThrow(
      'Envelope can’t use this library API key. This is a builder API key: paste it under Email builder. Library keys look like xxx_live_ followed by at least 8 letters or digits. Check the key in Settings.',
    );
    expect(() => libraryHarness(() => jsonResponse(200, {}), { key: 'Bearer lib_live_abcdefgh12' })).toThrow(/without “Bearer”.* Check the key in Settings\.$/);
  });

  it('reads an empty page past the end', async () => {
    const { client } = libraryHarness(() => jsonResponse(200, fixtures.searchEmailsBody([], 99)));
    const result = await client.searchEmailsAsync({ page: 99 });
    expect(result.data).toEqual([]);
    expect(result.meta.count).toBe(0);
  });
});
