// Library API, emails: GET /v1/emails and GET /v1/emails/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import {
  ATTRIBUTION_SHAPE, call, expectShape, LIBRARY_ERROR_SHAPE, LIST_EMAIL_SHAPE, RFC_2822, startTestEmulator, YMD,
} from './support';

let emulator: RunningEmulator;
let base: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
  base = emulator.libraryUrl;
});
afterAll(() => emulator.close());

describe('GET /v1/emails', () => {
  it('returns a page of email summaries with the documented fields and meta', async () => {
    const { status, body } = await call(`${base}/v1/emails`);
    expect(status).toBe(200);
    expectShape(body, {
      data: [LIST_EMAIL_SHAPE],
      meta: { page: 'integer', per_page: 'integer', count: 'integer', query: { q: 'null', brand: 'null', category: 'null' }, attribution: ATTRIBUTION_SHAPE },
    });
    expect(body.meta).toMatchObject({ page: 1, per_page: 20, count: 20 });
    for (const email of body.data) {
      expect(email.sent_date).toMatch(RFC_2822);
      expect(email.captured_date).toMatch(YMD);
      expect(email.thumbnail_url.startsWith(`${base}/images/`)).toBe(true);
    }
    const dates = body.data.map((email: { captured_date: string }) => email.captured_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('echoes the query and filters by brand and category with exact paging', async () => {
    const first = await call(`${base}/v1/emails?brand=cedar-clay&category=home&per_page=50`);
    expect(first.body.meta.query).toEqual({ q: null, brand: 'cedar-clay', category: 'home' });
    expect(first.body.data.length).toBe(50);
    expect(first.body.data.every((email: { brand_slug: string }) => email.brand_slug === 'cedar-clay')).toBe(true);
    const second = await call(`${base}/v1/emails?brand=cedar-clay&category=home&per_page=50&page=2`);
    const ids = new Set(first.body.data.map((email: { id: number }) => email.id));
    expect(second.body.data.some((email: { id: number }) => ids.has(email.id))).toBe(false);
  });

  it('repeats an item across unfiltered pages (the real paging is not exact there)', async () => {
    const first = await call(`${base}/v1/emails?per_page=5`);
    const second = await call(`${base}/v1/emails?per_page=5&page=2`);
    expect(second.body.data[0].id).toBe(first.body.data[4].id);
    expect(second.body.meta.count).toBe(5);
  });

  it('searches subject, title, brand and sender text with q; every word must match', async () => {
    const { body } = await call(`${base}/v1/emails?q=${encodeURIComponent('Welcome gift')}&per_page=50`);
    expect(body.meta.query.q).toBe('Welcome gift');
    expect(body.data.length).toBeGreaterThan(0);
    for (const email of body.data) {
      const text = `${email.subject_line} ${email.title} ${email.brand} ${email.from_email}`.toLowerCase();
      expect(text).toContain('welcome');
      expect(text).toContain('gift');
    }
    const byBrandName = await call(`${base}/v1/emails?q=${encodeURIComponent('cedar & clay')}&per_page=5`);
    expect(byBrandName.body.data.map((email: { brand: string }) => email.brand)).toEqual(Array(5).fill('Cedar & Clay'));
  });

  it('keeps only emails captured after since (date or date-time)', async () => {
    const { body } = await call(`${base}/v1/emails?since=2026-11-01&per_page=50`);
    expect(body.data.length).toBeGreaterThan(0);
    for (const email of body.data) expect(email.captured_date >= '2026-11-01').toBe(true);
    const withTime = await call(`${base}/v1/emails?since=${encodeURIComponent('2026-11-20T12:00:00+02:00')}&per_page=50`);
    for (const email of withTime.body.data) expect(email.captured_date >= '2026-11-20').toBe(true);
  });

  it('answers a page past the end with an empty list', async () => {
    const { status, body } = await call(`${base}/v1/emails?brand=cedar-clay&page=999`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.count).toBe(0);
    // No maximum page number is documented: any page past the end is an empty page, not a 400.
    for (const query of ['brand=cedar-clay&page=10000000000', `page=${Number.MAX_SAFE_INTEGER}`]) {
      const far = await call(`${base}/v1/emails?${query}`);
      expect(far.status).toBe(200);
      expect(far.body.data).toEqual([]);
      expect(far.body.meta.count).toBe(0);
    }
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=51', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['since=yesterday', 'since'],
    ['since=2026-02-30', 'since'],
    // ISO 8601 separates date and time with T; a space is not ISO 8601.
    [`since=${encodeURIComponent('2026-11-20 10:00:00')}`, 'since'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('rejects %s with 400 bad_request naming the parameter', async (query, name) => {
    const { status, body } = await call(`${base}/v1/emails?${query}`);
    expect(status).toBe(400);
    expectShape(body, LIBRARY_ERROR_SHAPE);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain(name);
  });
});

describe('GET /v1/emails/{id}', () => {
  const detailShape = {
    id: 'integer', title: 'string', subject_line: 'string', from_email: 'string',
    brand: { name: 'string', slug: 'string', url: 'string' },
    thumbnail_url: 'string', preview_url: 'string', categories: [{ slug: 'string', name: 'string' }],
    journey_stages: [{ stage: 'string', stage_slug: 'string' }], captured_date: 'string', sent_date: 'string',
    mailvault_url: 'string', html: 'string|null', html_status: 'string',
  };

  it('gives the detail with html when a valid key is sent', async () => {
    const list = await call(`${base}/v1/emails?per_page=1`);
    const id = list.body.data[0].id as number;
    const { status, body } = await call(`${base}/v1/emails/${id}`, { key: emulator.keys.library.demo });
    expect(status).toBe(200);
    expectShape(body, { data: detailShape, meta: { attribution: ATTRIBUTION_SHAPE } });
    expect(body.data.html_status).toBe('ok');
    expect(body.data.html).toContain('<table');
    expect(body.data.html).not.toMatch(/<script/i);
  });

  it('has html null and html_status key_required without a key', async () => {
    const list = await call(`${base}/v1/emails?per_page=1`);
    const { body } = await call(`${base}/v1/emails/${list.body.data[0].id}`);
    expect(body.data.html).toBeNull();
    expect(body.data.html_status).toBe('key_required');
  });

  it('has html_status not_available for older emails captured before HTML was stored', async () => {
    const { body } = await call(`${base}/v1/emails/1000`, { key: emulator.keys.library.demo });
    expect(body.data.captured_date < '2025-04-01').toBe(true);
    expect(body.data.html).toBeNull();
    expect(body.data.html_status).toBe('not_available');
  });

  it('lists the journey stages an email is filed under', async () => {
    const journeys = await call(`${base}/v1/journeys?per_page=1`);
    const journey = await call(`${base}/v1/journeys/${journeys.body.data[0].brand_slug}`);
    const stage = journey.body.data.stages[0];
    const { body } = await call(`${base}/v1/emails/${stage.emails[0].id}`);
    expect(body.data.journey_stages).toContainEqual({ stage: stage.stage, stage_slug: stage.stage_slug });
  });

  it('answers 400 for a malformed id and 404 not_found for an unknown one', async () => {
    const malformed = await call(`${base}/v1/emails/12ab`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('bad_request');
    const unknown = await call(`${base}/v1/emails/99999999`);
    expect(unknown.status).toBe(404);
    expectShape(unknown.body, LIBRARY_ERROR_SHAPE);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: expect.stringContaining('99999999') });
  });
});
