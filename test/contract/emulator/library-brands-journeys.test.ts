// Library API: brands, brand detail, insights and journeys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { ATTRIBUTION_SHAPE, call, expectShape, LIBRARY_ERROR_SHAPE, startTestEmulator } from './support';

let emulator: RunningEmulator;
let base: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
  base = emulator.libraryUrl;
});
afterAll(() => emulator.close());

const BRAND_SHAPE = { name: 'string', slug: 'string', description: 'string', email_count: 'integer', url: 'string' };
const PAGE_META = { page: 'integer', per_page: 'integer', count: 'integer', attribution: ATTRIBUTION_SHAPE };

describe('GET /v1/brands', () => {
  it('lists the top brands by email count without q', async () => {
    const { status, body } = await call(`${base}/v1/brands?per_page=50`);
    expect(status).toBe(200);
    expectShape(body, { data: [BRAND_SHAPE], meta: PAGE_META });
    const counts = body.data.map((brand: { email_count: number }) => brand.email_count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const rest = await call(`${base}/v1/brands?per_page=50&page=2`);
    // About 60 invented brands over the 22 categories.
    expect(body.data.length + rest.body.data.length).toBeGreaterThanOrEqual(55);
  });

  it('searches brand names with q', async () => {
    const { body } = await call(`${base}/v1/brands?q=pet`);
    const names = body.data.map((brand: { name: string }) => brand.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('pet');
  });

  it('rejects per_page out of range', async () => {
    const { status, body } = await call(`${base}/v1/brands?per_page=60`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('bad_request');
  });
});

describe('GET /v1/brands/{slug}', () => {
  it('gives the brand and a page of its emails in the reduced shape', async () => {
    const { status, body } = await call(`${base}/v1/brands/cedar-clay?per_page=3`);
    expect(status).toBe(200);
    expectShape(body, {
      data: {
        brand: { name: 'string', slug: 'string', email_count: 'integer', url: 'string' },
        emails: [{ id: 'integer', title: 'string', subject_line: 'string', brand_slug: 'string', preview_url: 'string', url: 'string', captured_date: 'string' }],
      },
      meta: PAGE_META,
    });
    expect(body.data.brand.slug).toBe('cedar-clay');
    expect(body.meta).toMatchObject({ page: 1, per_page: 3, count: 3 });
  });

  it('answers 404 not_found for an unknown brand', async () => {
    const { status, body } = await call(`${base}/v1/brands/no-such-brand`);
    expect(status).toBe(404);
    expectShape(body, LIBRARY_ERROR_SHAPE);
    expect(body.error.code).toBe('not_found');
  });
});

describe('GET /v1/brands/{slug}/insights', () => {
  it('aggregates the brand emails with string counts where documented', async () => {
    const { status, body } = await call(`${base}/v1/brands/cedar-clay/insights`);
    expect(status).toBe(200);
    expectShape(body, {
      data: {
        brand: { slug: 'string', name: 'string', url: 'string' },
        frequency: { total_sent: 'integer', avg_per_week: 'number', first_send: 'string', last_send: 'string' },
        technology: {
          esp_breakdown: [{ name: 'string', count: 'string' }],
          responsive_pct: 'number', amp_pct: 'number', dark_mode_pct: 'number', outlook_opt_pct: 'number',
        },
        subject_line: { avg_length: 'number', contains_emoji_pct: 'number', top_words: [{ word: 'string', count: 'integer' }] },
        send_patterns: { by_day_of_week: 'object', by_hour: 'object' },
        content: { avg_word_count: 'number', avg_image_count: 'number', animated_gif_pct: 'number' },
        deliverability: { spf_pass_pct: 'number', dkim_pass_pct: 'number', dmarc_pass_pct: 'number' },
        senders: [{ from_email: 'string', count: 'string' }],
        dashboard_url: 'string',
      },
      meta: { attribution: ATTRIBUTION_SHAPE },
    });
    const data = body.data;
    const brand = await call(`${base}/v1/brands/cedar-clay?per_page=1`);
    expect(data.frequency.total_sent).toBe(brand.body.data.brand.email_count);
    expect(data.frequency.first_send).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const espTotal = data.technology.esp_breakdown.reduce((sum: number, item: { count: string }) => sum + Number(item.count), 0);
    expect(espTotal).toBe(data.frequency.total_sent);
    const dayTotal = Object.values(data.send_patterns.by_day_of_week as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(dayTotal).toBe(data.frequency.total_sent);
    expect(Object.keys(data.send_patterns.by_day_of_week).sort()).toEqual(['Fri', 'Mon', 'Sat', 'Sun', 'Thu', 'Tue', 'Wed']);
    expect(Object.keys(data.send_patterns.by_hour)).toHaveLength(24);
    for (const value of [data.technology.responsive_pct, data.deliverability.spf_pass_pct, data.content.animated_gif_pct]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });

  it('answers 404 no_insights for a tracked brand with too few emails', async () => {
    const brand = await call(`${base}/v1/brands/tickwell-watches`);
    expect(brand.status).toBe(200);
    expect(brand.body.data.brand.email_count).toBeLessThan(5);
    const { status, body } = await call(`${base}/v1/brands/tickwell-watches/insights`);
    expect(status).toBe(404);
    expectShape(body, LIBRARY_ERROR_SHAPE);
    expect(body.error.code).toBe('no_insights');
  });

  it('answers 404 not_found for an unknown brand', async () => {
    const { status, body } = await call(`${base}/v1/brands/no-such-brand/insights`);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('journeys', () => {
  it('lists about a dozen brands with journeys, 30 per page by default', async () => {
    const { status, body } = await call(`${base}/v1/journeys`);
    expect(status).toBe(200);
    expectShape(body, { data: [{ brand: 'string', brand_slug: 'string', email_count: 'integer', url: 'string' }], meta: PAGE_META });
    expect(body.meta.per_page).toBe(30);
    expect(body.data.length).toBe(12);
  });

  it('gives stages with emails in capture order, emails_per_stage defaulting to 5', async () => {
    const list = await call(`${base}/v1/journeys`);
    const slug = list.body.data[0].brand_slug;
    const { status, body } = await call(`${base}/v1/journeys/${slug}`);
    expect(status).toBe(200);
    expectShape(body, {
      data: {
        brand: 'string', brand_slug: 'string', url: 'string',
        stages: [{
          stage: 'string', stage_slug: 'string', email_count: 'integer',
          emails: [{ id: 'integer', title: 'string', brand_slug: 'string', preview_url: 'string', url: 'string', captured_date: 'string' }],
        }],
      },
      meta: { attribution: ATTRIBUTION_SHAPE },
    });
    let total = 0;
    for (const stage of body.data.stages) {
      total += stage.email_count;
      expect(stage.emails.length).toBe(Math.min(5, stage.email_count));
      const dates = stage.emails.map((email: { captured_date: string }) => email.captured_date);
      expect([...dates].sort()).toEqual(dates);
    }
    expect(total).toBe(list.body.data[0].email_count);
    const one = await call(`${base}/v1/journeys/${slug}?emails_per_stage=1`);
    for (const stage of one.body.data.stages) expect(stage.emails.length).toBe(1);
  });

  it.each(['emails_per_stage=0', 'emails_per_stage=11', 'emails_per_stage=x'])('rejects %s with 400', async (query) => {
    const list = await call(`${base}/v1/journeys`);
    const { status, body } = await call(`${base}/v1/journeys/${list.body.data[0].brand_slug}?${query}`);
    expect(status).toBe(400);
    expect(body.error.message).toContain('emails_per_stage');
  });

  it('answers 404 not_found for a brand without a journey', async () => {
    const { status, body } = await call(`${base}/v1/journeys/tickwell-watches`);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});
