// Library API: brand requests, every numbered rule, the processing runs and the list.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { ADULT_CONTENT_BRANDS } from '../../emulator/library/demo-names';
import { ATTRIBUTION_SHAPE, BRAND_REQUEST_SHAPE, call, control, expectShape, ISO_MS, LIBRARY_ERROR_SHAPE, startTestEmulator } from './support';

let emulator: RunningEmulator | undefined;
let base: string;
let demoKey: string;
let otherKey: string;

// A fresh emulator per test: these tests move the clock and spend the daily quota.
beforeEach(async () => {
  await emulator?.close();
  emulator = await startTestEmulator();
  base = emulator.libraryUrl;
  demoKey = emulator.keys.library.demo;
  otherKey = emulator.keys.library.other;
});
afterAll(() => emulator?.close());

const post = (body: unknown, key: string | null = demoKey) => call(`${base}/v1/brand-requests`, { method: 'POST', key, body });
const list = (key = demoKey, query = '') => call(`${base}/v1/brand-requests${query}`, { key });
const setNow = (now: string) => control(emulator!, 'clock', { now });

describe('POST /v1/brand-requests', () => {
  it('rule 2: queues a new brand with 201 and counts it', async () => {
    const before = await list();
    const { status, body } = await post({ brand: 'Acme Kettles', website: 'https://www.acmekettles.com/shop', category: 'Home', notes: 'Great welcome series' });
    expect(status).toBe(201);
    expectShape(body, { data: BRAND_REQUEST_SHAPE, meta: { attribution: ATTRIBUTION_SHAPE } });
    expect(body.data).toMatchObject({ brand: 'Acme Kettles', domain: 'acmekettles.com', category: 'Home', status: 'queued', library_brand: null, daily_limit: 50 });
    expect(body.data.requests_today).toBe(before.body.meta.requests_today + 1);
    expect(body.data.requested_at).toMatch(ISO_MS);
  });

  it('picks the closest category when none is given', async () => {
    const { body } = await post({ brand: 'Copper Kettle Coffee', website: 'copperkettle.example' });
    expect(body.data.category).toBe('Beverage');
  });

  it('rule 1: a brand already in the library is 200 already_in_library and not counted', async () => {
    const before = await list();
    const { status, body } = await post({ brand: 'Cedar & Clay', website: 'https://cedarclay.example' });
    expect(status).toBe(200);
    expectShape(body, { data: { ...BRAND_REQUEST_SHAPE, library_brand: { name: 'string', slug: 'string', url: 'string' } }, meta: { attribution: ATTRIBUTION_SHAPE } });
    expect(body.data.status).toBe('already_in_library');
    expect(body.data.library_brand.slug).toBe('cedar-clay');
    expect(body.data.requests_today).toBe(before.body.meta.requests_today);
    const after = await list();
    expect(after.body.meta.count).toBe(before.body.meta.count);
  });

  it('rule 3: a repeated request returns the stored request with 200 and is not counted', async () => {
    const first = await post({ brand: 'Acme Kettles', website: 'acmekettles.com' });
    const again = await post({ brand: 'ACME kettles', website: 'https://acmekettles.com' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'queued', requested_at: first.body.data.requested_at, requests_today: first.body.data.requests_today });
    // After the next processing run the repeat shows the current status at once.
    await setNow('2026-11-21T12:00:01Z');
    const later = await post({ brand: 'Acme Kettles', website: 'acmekettles.com' });
    expect(later.body.data.status).toBe('signed_up');
  });

  it.each([
    [ADULT_CONTENT_BRANDS[0]!.name, ADULT_CONTENT_BRANDS[0]!.domain],
    ['Night Owl XXX', 'nightowl.example'],
  ])('rule 4: refuses the adult-content brand %s with 400 not_allowed', async (brand, website) => {
    const { status, body } = await post({ brand, website });
    expect(status).toBe(400);
    expectShape(body, LIBRARY_ERROR_SHAPE);
    expect(body.error.code).toBe('not_allowed');
  });

  it('rule 5: the 51st counted request of the UTC day is 429 daily_limit_reached with Retry-After to midnight', async () => {
    await setNow('2026-11-21T20:00:00Z');
    for (let i = 1; i <= 50; i++) {
      const { status } = await post({ brand: `Test Brand ${i}`, website: `brand${i}.example` }, otherKey);
      expect(status).toBe(201);
    }
    // Already-in-library answers are still given: they are not counted.
    expect((await post({ brand: 'Cedar & Clay', website: 'cedarclay.example' }, otherKey)).status).toBe(200);
    const over = await post({ brand: 'One Too Many', website: 'onetoomany.example' }, otherKey);
    expect(over.status).toBe(429);
    expectShape(over.body, LIBRARY_ERROR_SHAPE);
    expect(over.body.error.code).toBe('daily_limit_reached');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(4 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
    const listed = await list(otherKey);
    expect(listed.body.meta.requests_today).toBe(50);
    await setNow('2026-11-22T00:00:01Z');
    expect((await post({ brand: 'One Too Many', website: 'onetoomany.example' }, otherKey)).status).toBe(201);
  });

  it('rule 6: a request that cannot be saved is 503 unavailable and is not stored', async () => {
    await control(emulator!, 'faults', { rate: 1, kinds: ['503'], seed: 3 });
    const { status, body } = await post({ brand: 'Unlucky Brand', website: 'unlucky.example' });
    expect(status).toBe(503);
    expectShape(body, LIBRARY_ERROR_SHAPE);
    expect(body.error.code).toBe('unavailable');
    await control(emulator!, 'faults', { rate: 0 });
    const listed = await list();
    expect(listed.body.data.some((item: { brand: string }) => item.brand === 'Unlucky Brand')).toBe(false);
  });

  it.each([
    [{ website: 'x.example' }, 'brand'],
    [{ brand: 'No Site' }, 'website'],
    [{ brand: 'Bad Site', website: 'not a domain' }, 'website'],
    [{ brand: 'Bad Category', website: 'b.example', category: 'Toys' }, 'category'],
    [{ brand: 'Long Notes', website: 'n.example', notes: 'x'.repeat(501) }, 'notes'],
    [{ brand: 'Bad Notes', website: 'n.example', notes: 5 }, 'notes'],
    [['not', 'an', 'object'], 'object'],
  ])('rejects the body %j with 400 bad_request naming %s', async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
    expect(response.body.error.message).toContain(field);
  });

  it('counts notes in characters (code points, an assumption): 500 emoji are taken, 501 are not', async () => {
    const taken = await post({ brand: 'Emoji Notes', website: 'emoji-notes.example', notes: '🌷'.repeat(500) });
    expect(taken.status).toBe(201);
    const refused = await post({ brand: 'Emoji Notes Two', website: 'emoji-notes-two.example', notes: '🌷'.repeat(501) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('notes must be at most 500 characters (got 501).');
  });

  it('rejects a body that is not JSON', async () => {
    const response = await call(`${base}/v1/brand-requests`, { method: 'POST', key: demoKey, rawBody: '{brand:', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('JSON');
  });

  it('takes the body only as JSON ("Content type JSON"): another content type is 400 bad_request, nothing stored', async () => {
    const body = JSON.stringify({ brand: 'Plain Text Brand', website: 'plaintextbrand.example' });
    for (const headers of [{ 'Content-Type': 'text/plain;charset=UTF-8' }, { 'Content-Type': 'application/x-www-form-urlencoded' }]) {
      const response = await call(`${base}/v1/brand-requests`, { method: 'POST', key: demoKey, rawBody: body, headers });
      expect(response.status).toBe(400);
      expectShape(response.body, LIBRARY_ERROR_SHAPE);
      expect(response.body.error.code).toBe('bad_request');
      expect(response.body.error.message).toContain('Content-Type');
    }
    const listed = await call(`${base}/v1/brand-requests`, { key: demoKey });
    expect(listed.body.data.some((request: { brand: string }) => request.brand === 'Plain Text Brand')).toBe(false);
    const json = await call(`${base}/v1/brand-requests`, { method: 'POST', key: demoKey, rawBody: body, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expect(json.status).toBe(201);
  });

  it('accepts notes of exactly 500 characters', async () => {
    expect((await post({ brand: 'Exact Notes', website: 'exact.example', notes: 'x'.repeat(500) })).status).toBe(201);
  });

  it('needs a key: 401 unauthorized without one or with a revoked one', async () => {
    for (const key of [null, emulator!.keys.library.revoked, 'lib_live_UnknownKey123']) {
      const response = await post({ brand: 'Keyless', website: 'keyless.example' }, key);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
      const listed = await list(key as string);
      expect(listed.status).toBe(401);
    }
  });
});

describe('GET /v1/brand-requests', () => {
  const LIST_ITEM = { ...BRAND_REQUEST_SHAPE, library_brand: 'null|object', library_url: 'null|string' };

  it('lists the demo account requests newest first, in every stored status', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expectShape(body, { data: [LIST_ITEM], meta: { count: 'integer', requests_today: 'integer', daily_limit: 'integer', attribution: ATTRIBUTION_SHAPE } });
    expect(body.data.map((item: { status: string }) => item.status).sort()).toEqual(['could_not_subscribe', 'first_email_captured', 'queued', 'signed_up']);
    const times = body.data.map((item: { requested_at: string }) => item.requested_at);
    expect([...times].sort().reverse()).toEqual(times);
    const captured = body.data.find((item: { status: string }) => item.status === 'first_email_captured');
    expect(captured.library_url).toMatch(/\/brands\/[a-z0-9-]+$/);
    expectShape(captured.library_brand, { name: 'string', slug: 'string', url: 'string' });
    for (const item of body.data.filter((entry: { status: string }) => entry.status !== 'first_email_captured')) expect(item.library_url).toBeNull();
  });

  it('lists at most 100 requests by default and up to 200 with limit', async () => {
    const days = ['2026-11-21T20:00:00Z', '2026-11-22T20:00:00Z', '2026-11-23T20:00:00Z'];
    for (const [day, now] of days.entries()) {
      await setNow(now);
      const count = day < 2 ? 50 : 1;
      for (let i = 0; i < count; i++) expect((await post({ brand: `Brand ${day}-${i}`, website: `brand-${day}-${i}.example` }, otherKey)).status).toBe(201);
    }
    const byDefault = await list(otherKey);
    expect(byDefault.body.data).toHaveLength(100);
    expect(byDefault.body.meta.count).toBe(100);
    expect(byDefault.body.meta.requests_today).toBe(1);
    expect((await list(otherKey, '?limit=200')).body.data).toHaveLength(101);
  });

  it('honours limit and rejects it out of range', async () => {
    expect((await list(demoKey, '?limit=2')).body.data).toHaveLength(2);
    for (const bad of ['0', '201', 'ten']) {
      const response = await list(demoKey, `?limit=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain('limit');
    }
  });

  it('moves queued → signed_up at the next run and → first_email_captured at the one after, at most 15 minutes stale', async () => {
    await post({ brand: 'Harbour Mugs', website: 'harbourmugs.example', category: 'Home' });
    const statusOf = async () => (await list()).body.data.find((item: { brand: string }) => item.brand === 'Harbour Mugs');
    expect((await statusOf()).status).toBe('queued');
    await setNow('2026-11-21T11:59:59Z');
    expect((await statusOf()).status).toBe('queued');
    // The run at 12:00 signed up; the list refreshes at 12:05.
    await setNow('2026-11-21T12:04:00Z');
    expect((await statusOf()).status).toBe('queued');
    await setNow('2026-11-21T12:05:00Z');
    expect((await statusOf()).status).toBe('signed_up');
    await setNow('2026-11-22T00:20:00Z');
    const captured = await statusOf();
    expect(captured.status).toBe('first_email_captured');
    expect(captured.library_brand.name).toBe('Harbour Mugs');
    // The brand page now exists and its emails can be found with brand=<slug>.
    const emails = await call(`${base}/v1/emails?brand=${captured.library_brand.slug}`);
    expect(emails.body.data.length).toBe(1);
    expect(captured.library_url).toBe(captured.library_brand.url);
    // And asking again now says it is in the library.
    const again = await post({ brand: 'Harbour Mugs', website: 'harbourmugs.example' }, otherKey);
    expect(again.body.data.status).toBe('already_in_library');
  });

  it('ends in could_not_subscribe when signup is only possible through an app', async () => {
    await post({ brand: 'Tappy', website: 'tappy.app' });
    await setNow('2026-11-22T00:20:00Z');
    const item = (await list()).body.data.find((entry: { brand: string }) => entry.brand === 'Tappy');
    expect(item).toMatchObject({ status: 'could_not_subscribe', library_url: null, library_brand: null });
  });
});
