// The emulator's pure rules, without HTTP: rolling windows, date formats, processing runs,
// status refreshes, brand-request parsing, and the determinism of the demo data.
import { describe, expect, it } from 'vitest';
import { formatRfc2822, formatYmdHms, parseDateOrDateTime, secondsToUtcMidnight } from '../../emulator/core/dates';
import { createRollingWindowLimiter } from '../../emulator/core/rate-limiter';
import { lastStatusRefresh, processingRunsBetween } from '../../emulator/library/brand-request-processing';
import { domainOf, readBrandRequestBody } from '../../emulator/library/brand-request-rules';
import { CATEGORIES } from '../../emulator/library/categories';
import { generateLibraryData } from '../../emulator/library/demo-data';
import { ADULT_CONTENT_BRANDS } from '../../emulator/library/demo-names';
import { changesPage } from '../../emulator/builder/changes';
import type { StoredComponent } from '../../emulator/builder/model';

const at = (iso: string): number => Date.parse(iso);

describe('rolling window limiter', () => {
  it('allows `limit` hits per window per bucket and says when the next one fits', () => {
    const limiter = createRollingWindowLimiter(3, 60_000);
    const t0 = at('2026-11-21T10:00:00Z');
    expect([0, 10_000, 20_000].map((dt) => limiter.hit('a', t0 + dt).allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a', t0 + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.hit('b', t0 + 30_000).allowed).toBe(true);
    expect(limiter.hit('a', t0 + 59_999).allowed).toBe(false);
    // The first hit leaves the window exactly when Retry-After said.
    expect(limiter.hit('a', t0 + 60_000).allowed).toBe(true);
    expect(limiter.hit('a', t0 + 60_001).allowed).toBe(false);
    limiter.reset();
    expect(limiter.hit('a', t0 + 60_002).allowed).toBe(true);
  });
});

describe('dates', () => {
  it('formats RFC 2822 in the sender zone and insights date-times in UTC', () => {
    expect(formatRfc2822(at('2026-03-03T14:05:09Z'), -300)).toBe('Tue, 03 Mar 2026 09:05:09 -0500');
    expect(formatRfc2822(at('2026-03-03T23:30:00Z'), 120)).toBe('Wed, 04 Mar 2026 01:30:00 +0200');
    expect(formatYmdHms(at('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04:05');
  });

  it('reads dates and ISO date-times, rejecting impossible ones', () => {
    expect(parseDateOrDateTime('2026-11-01')).toBe(at('2026-11-01T00:00:00Z'));
    expect(parseDateOrDateTime('2026-11-01T08:30:00+02:00')).toBe(at('2026-11-01T06:30:00Z'));
    expect(parseDateOrDateTime('2026-11-01T08:30')).toBe(at('2026-11-01T08:30:00Z'));
    expect(parseDateOrDateTime('2026-11-01T08:30:00.123Z')).toBe(at('2026-11-01T08:30:00.123Z'));
    for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow', '2026-11-01T25:00:00Z', '']) expect(parseDateOrDateTime(bad)).toBeNull();
  });

  it('counts whole seconds to the next UTC midnight', () => {
    expect(secondsToUtcMidnight(at('2026-11-21T23:59:59.500Z'))).toBe(1);
    expect(secondsToUtcMidnight(at('2026-11-21T00:00:00Z'))).toBe(86_400);
    expect(secondsToUtcMidnight(at('2026-11-21T20:00:00Z'))).toBe(14_400);
  });
});

describe('brand-request processing', () => {
  it('runs at 00:00 and 12:00 UTC, strictly after the request', () => {
    expect(processingRunsBetween(at('2026-11-21T10:00:00Z'), at('2026-11-23T00:00:00Z'))).toEqual([at('2026-11-21T12:00:00Z'), at('2026-11-22T00:00:00Z')]);
    expect(processingRunsBetween(at('2026-11-21T12:00:00Z'), at('2026-11-21T23:59:59Z'))).toEqual([]);
  });

  it('refreshes listed statuses every 15 minutes at :05, :20, :35 and :50', () => {
    expect(lastStatusRefresh(at('2026-11-21T12:04:59Z'))).toBe(at('2026-11-21T11:50:00Z'));
    expect(lastStatusRefresh(at('2026-11-21T12:05:00Z'))).toBe(at('2026-11-21T12:05:00Z'));
    expect(lastStatusRefresh(at('2026-11-21T12:19:00Z'))).toBe(at('2026-11-21T12:05:00Z'));
  });

  it('reads websites as domains and names the bad field', () => {
    expect(domainOf('https://www.Example.com:8080/shop?x=1')).toBe('example.com');
    expect(domainOf('shop.example.co.uk')).toBe('shop.example.co.uk');
    expect(domainOf('localhost')).toBeNull();
    const bad = readBrandRequestBody({ brand: 'X', website: 'x.example', signup_url: 4 });
    expect(bad).toEqual({ ok: false, message: 'signup_url must be a string.' });
  });
});

describe('changes paging', () => {
  const component = (key: string, updatedAtMs: number): StoredComponent => ({
    key, name: key, kind: 'component', description: '', hash: 'h', properties: {}, variants: [], node: {}, thumbnailPng: null, updatedAtMs, updatedBy: null, deleted: false,
  });

  it('orders by updated_at then key and resumes after equal timestamps without skipping', () => {
    const components = [component('b', 2), component('a', 2), component('c', 1), component('d', 3)];
    const first = changesPage(components, null, null, 2);
    expect(first.items.map((c) => c.key)).toEqual(['c', 'a']);
    const second = changesPage(components, null, { updatedAtMs: first.next!.afterUpdatedAtMs, key: first.next!.afterKey }, 2);
    expect(second.items.map((c) => c.key)).toEqual(['b', 'd']);
    expect(second.next).toBeNull();
    expect(changesPage(components, 2, null, 10).items.map((c) => c.key)).toEqual(['d']);
  });
});

describe('demo data', () => {
  const start = at('2026-11-21T10:00:00Z');
  const data = generateLibraryData(1, start);

  it('is the same for the same seed and start, and different for another seed', () => {
    const again = generateLibraryData(1, start);
    expect(again.emails.slice(0, 50)).toEqual(data.emails.slice(0, 50));
    expect(generateLibraryData(2, start).emails.slice(0, 50)).not.toEqual(data.emails.slice(0, 50));
  });

  it('has about 60 brands over all 22 categories and at least 3,000 emails over the two years before the start', () => {
    expect(data.brands.size).toBeGreaterThanOrEqual(58);
    expect(new Set([...data.brands.values()].map((brand) => brand.categorySlug))).toEqual(new Set(CATEGORIES.map((category) => category.slug)));
    expect(data.emails.length).toBeGreaterThanOrEqual(3000);
    for (const email of data.emails) {
      expect(email.capturedAtMs).toBeLessThan(start);
      expect(email.capturedAtMs).toBeGreaterThan(start - 731 * 86_400_000);
    }
    expect(data.emails.some((email) => !email.hasHtml)).toBe(true);
    expect(data.emails.filter((email) => email.previewHeight > 4096).length).toBeGreaterThan(10);
  });

  it('keeps adult-content brands out of the library', () => {
    for (const adult of ADULT_CONTENT_BRANDS) expect([...data.brands.values()].some((brand) => brand.domain === adult.domain)).toBe(false);
  });
});
