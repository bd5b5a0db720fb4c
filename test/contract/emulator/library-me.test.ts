// Library API: the key owner's follows, followed-brands feed, likes and collections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { ATTRIBUTION_SHAPE, call, expectShape, LIBRARY_ERROR_SHAPE, REDUCED_EMAIL_SHAPE, startTestEmulator } from './support';

let emulator: RunningEmulator;
let base: string;
let demoKey: string;
let otherKey: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
  base = emulator.libraryUrl;
  demoKey = emulator.keys.library.demo;
  otherKey = emulator.keys.library.other;
});
afterAll(() => emulator.close());

describe('GET /v1/me/follows', () => {
  it('lists followed brands with logo_url and meta count, total, max', async () => {
    const { status, body } = await call(`${base}/v1/me/follows`, { key: demoKey });
    expect(status).toBe(200);
    expectShape(body, {
      data: [{ name: 'string', slug: 'string', description: 'string', email_count: 'integer', url: 'string', logo_url: 'string' }],
      meta: { count: 'integer', total: 'integer', max: 'integer', attribution: ATTRIBUTION_SHAPE },
    });
    expect(body.meta).toMatchObject({ count: body.data.length, total: body.data.length, max: 50 });
    const logo = await fetch(body.data[0].logo_url);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });

  it('shows the other account at the follow limit of 50: a key reads only its owner’s data', async () => {
    const { body } = await call(`${base}/v1/me/follows`, { key: otherKey });
    expect(body.meta).toMatchObject({ count: 50, total: 50, max: 50 });
    const demo = await call(`${base}/v1/me/follows`, { key: demoKey });
    expect(demo.body.meta.total).not.toBe(50);
  });
});

describe('GET /v1/me/follows/emails', () => {
  // Feed items carry `brand` (the document names the feed for it) but neither `from_email` ("the
  // other lists ... may omit it") nor `sent_date` (documented as present in list-emails only).
  const FEED_SHAPE = {
    id: 'integer', title: 'string', subject_line: 'string', brand: 'string', brand_slug: 'string', thumbnail_url: 'string',
    preview_url: 'string', url: 'string', captured_date: 'string',
  };

  it('gives the newest emails of followed brands, with following in meta and no since echo', async () => {
    const follows = await call(`${base}/v1/me/follows`, { key: demoKey });
    const slugs = new Set(follows.body.data.map((brand: { slug: string }) => brand.slug));
    const { status, body } = await call(`${base}/v1/me/follows/emails?per_page=50`, { key: demoKey });
    expect(status).toBe(200);
    expectShape(body, { data: [FEED_SHAPE], meta: { page: 'integer', per_page: 'integer', count: 'integer', following: 'integer', attribution: ATTRIBUTION_SHAPE } });
    expect(body.meta.following).toBe(slugs.size);
    for (const email of body.data) expect(slugs.has(email.brand_slug)).toBe(true);
    // Newest first, across all followed brands.
    const captured = body.data.map((email: { captured_date: string }) => email.captured_date);
    expect(captured).toEqual([...captured].sort().reverse());
  });

  it('filters by since and echoes it as a date-time without zone', async () => {
    const { body } = await call(`${base}/v1/me/follows/emails?since=${encodeURIComponent('2026-10-01T08:30:00+02:00')}`, { key: demoKey });
    expect(body.meta.since).toBe('2026-10-01T06:30:00');
    for (const email of body.data) expect(email.captured_date >= '2026-10-01').toBe(true);
    const dateOnly = await call(`${base}/v1/me/follows/emails?since=2026-10-01`, { key: demoKey });
    expect(dateOnly.body.meta.since).toBe('2026-10-01T00:00:00');
  });

  it('rejects a since that is not a date', async () => {
    const { status, body } = await call(`${base}/v1/me/follows/emails?since=last-week`, { key: demoKey });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'bad_request', message: expect.stringContaining('since') });
  });
});

describe('GET /v1/me/likes', () => {
  it('gives liked emails with page meta and total', async () => {
    const { status, body } = await call(`${base}/v1/me/likes?per_page=10`, { key: demoKey });
    expect(status).toBe(200);
    expectShape(body, { data: [REDUCED_EMAIL_SHAPE], meta: { page: 'integer', per_page: 'integer', count: 'integer', total: 'integer', attribution: ATTRIBUTION_SHAPE } });
    expect(body.meta).toMatchObject({ page: 1, per_page: 10, count: 10, total: 30 });
    const page3 = await call(`${base}/v1/me/likes?per_page=10&page=3`, { key: demoKey });
    const page4 = await call(`${base}/v1/me/likes?per_page=10&page=4`, { key: demoKey });
    expect(page3.body.meta.count).toBe(10);
    expect(page4.body.data).toEqual([]);
  });
});

describe('collections', () => {
  it('lists collections without their emails', async () => {
    const { status, body } = await call(`${base}/v1/me/collections`, { key: demoKey });
    expect(status).toBe(200);
    expectShape(body, {
      data: [{ id: 'string', name: 'string', description: 'string', url: 'string', email_count: 'integer' }],
      meta: { count: 'integer', attribution: ATTRIBUTION_SHAPE },
    });
    expect(body.data.some((collection: { description: string }) => collection.description === '')).toBe(true);
    expect(body.data.some((collection: { email_count: number }) => collection.email_count === 0)).toBe(true);
  });

  it('gives one collection with its emails in collection order', async () => {
    const list = await call(`${base}/v1/me/collections`, { key: demoKey });
    const biggest = [...list.body.data].sort((a, b) => b.email_count - a.email_count)[0];
    const { status, body } = await call(`${base}/v1/me/collections/${biggest.id}?per_page=5&page=2`, { key: demoKey });
    expect(status).toBe(200);
    expectShape(body, {
      data: { collection: { id: 'string', name: 'string', description: 'string', url: 'string', email_count: 'integer' }, emails: [REDUCED_EMAIL_SHAPE] },
      meta: { page: 'integer', per_page: 'integer', count: 'integer', total: 'integer', attribution: ATTRIBUTION_SHAPE },
    });
    expect(body.meta).toMatchObject({ page: 2, per_page: 5, count: 5, total: biggest.email_count });
  });

  it("answers 404 not_found for an unknown id or another account's collection", async () => {
    const other = await call(`${base}/v1/me/collections`, { key: otherKey });
    const foreign = await call(`${base}/v1/me/collections/${other.body.data[0].id}`, { key: demoKey });
    expect(foreign.status).toBe(404);
    expectShape(foreign.body, LIBRARY_ERROR_SHAPE);
    expect(foreign.body.error.code).toBe('not_found');
    const unknown = await call(`${base}/v1/me/collections/col_nope`, { key: demoKey });
    expect(unknown.status).toBe(404);
  });
});

describe('keys on /v1/me/*', () => {
  it.each(['/v1/me/follows', '/v1/me/follows/emails', '/v1/me/likes', '/v1/me/collections', '/v1/me/collections/col_welcome'])(
    '%s answers 401 unauthorized without a key',
    async (path) => {
      const { status, body } = await call(`${base}${path}`);
      expect(status).toBe(401);
      expectShape(body, LIBRARY_ERROR_SHAPE);
      expect(body.error.code).toBe('unauthorized');
    },
  );
});
