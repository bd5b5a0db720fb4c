// The library client against the emulator: every endpoint's real response parses, through
// both transports.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLibraryClient, type LibraryClient } from '../../../src/shared/api/library/client';
import { categorySlug } from '../../../src/shared/api/library/requests';
import { BRAND_REQUEST_CATEGORIES } from '../../../src/shared/api/library/schemas';
import { createSearchPager } from '../../../ui/library/search/search-pager';
import { apiRejectionOf, useEmulatorSession } from './support/emulator-session';
import { controlAsync, TRANSPORTS } from './support/transports';

const session = useEmulatorSession();

describe.each(TRANSPORTS)('library client over the $name', (transportKind) => {
  let keyed: LibraryClient;
  let anonymous: LibraryClient;

  beforeAll(async () => {
    await controlAsync(session.emulator.libraryUrl, 'reset', {});
    keyed = createLibraryClient({ baseUrl: session.emulator.libraryUrl, key: session.keys.library.demo, transport: transportKind.create() });
    anonymous = createLibraryClient({ baseUrl: session.emulator.libraryUrl, key: null, transport: transportKind.create() });
  });

  it('searches emails and reads one email with and without a key', async () => {
    const search = await keyed.searchEmailsAsync({ q: '', perPage: 5 });
    expect(search.data.length).toBeGreaterThan(0);
    expect(search.meta.per_page).toBe(5);
    const first = search.data[0]!;
    const detail = await keyed.getEmailAsync(first.id);
    expect(detail.data.id).toBe(first.id);
    expect(['ok', 'not_available']).toContain(detail.data.html_status);
    const withoutKey = await anonymous.getEmailAsync(first.id);
    expect(withoutKey.data.html).toBeNull();
    expect(withoutKey.data.html_status).toBe('key_required');
  });

  it('filters by brand and by category, exactly paged', async () => {
    const brands = await keyed.listBrandsAsync({ perPage: 3 });
    const slug = brands.data[0]!.slug;
    const byBrand = await keyed.searchEmailsAsync({ brand: slug, perPage: 50 });
    expect(byBrand.data.every((email) => email.brand_slug === slug)).toBe(true);
    expect(byBrand.meta.query.brand).toBe(slug);
  });

  it('reads any page past the end as an empty page, however far', async () => {
    for (const page of [1e10, Number.MAX_SAFE_INTEGER]) {
      const far = await keyed.searchEmailsAsync({ brand: 'cedar-clay', page });
      expect(far.data).toEqual([]);
      expect(far.meta.count).toBe(0);
    }
  });

  it('filters by each of the 22 categories with the slug the client makes of its name', async () => {
    for (const name of BRAND_REQUEST_CATEGORIES) {
      const slug = categorySlug(name);
      const page = await keyed.searchEmailsAsync({ category: slug, perPage: 1 });
      expect(page.data.length, name).toBe(1);
      const detail = await keyed.getEmailAsync(page.data[0]!.id);
      expect(detail.data.categories).toContainEqual({ slug, name });
    }
  });

  it('pages the whole search without duplicates', async () => {
    const pager = createSearchPager(keyed, { perPage: 50 });
    const ids: number[] = [];
    for (let page = 0; page < 5 && !pager.done; page += 1) ids.push(...(await pager.nextPageAsync()).map((email) => email.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists brands, reads a brand, its emails and its insights', async () => {
    const brands = await keyed.listBrandsAsync();
    expect(brands.data.length).toBeGreaterThan(0);
    const brand = await keyed.getBrandAsync(brands.data[0]!.slug, { perPage: 2 });
    expect(brand.data.brand.slug).toBe(brands.data[0]!.slug);
    expect(brand.data.emails.length).toBeLessThanOrEqual(2);
    const insights = await keyed.getBrandInsightsAsync(brands.data[0]!.slug);
    expect(insights.data.brand.slug).toBe(brands.data[0]!.slug);
    expect(insights.data.technology.responsive_pct).toBeGreaterThanOrEqual(0);
    for (const esp of insights.data.technology.esp_breakdown) expect(typeof esp.count).toBe('number');
  });

  it('reports an unknown brand as not_found', async () => {
    const error = await apiRejectionOf(keyed.getBrandAsync('no-such-brand-anywhere'));
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('lists journeys and reads one, with emails per stage clamped', async () => {
    const journeys = await keyed.listJourneysAsync();
    expect(journeys.data.length).toBeGreaterThan(0);
    const journey = await keyed.getJourneyAsync(journeys.data[0]!.brand_slug, { emailsPerStage: 99 });
    expect(journey.data.stages.length).toBeGreaterThan(0);
    for (const stage of journey.data.stages) expect(stage.emails.length).toBeLessThanOrEqual(10);
  });

  it("reads the key owner's follows, followed emails, likes and collections", async () => {
    const follows = await keyed.listFollowsAsync();
    expect(follows.meta.max).toBe(50);
    const feed = await keyed.listFollowedEmailsAsync({ since: '2020-01-01', perPage: 5 });
    expect(feed.meta.following).toBe(follows.meta.total);
    const likes = await keyed.listLikesAsync({ perPage: 5 });
    expect(likes.meta.total).toBeGreaterThanOrEqual(likes.data.length);
    const collections = await keyed.listCollectionsAsync();
    expect(collections.data.length).toBeGreaterThan(0);
    const collection = await keyed.getCollectionAsync(collections.data[0]!.id, { perPage: 3 });
    expect(collection.data.collection.id).toBe(collections.data[0]!.id);
    expect(collection.data.emails.length).toBeLessThanOrEqual(3);
  });

  it('asks for a brand: 201 counted, then 200 not counted for the same brand, and lists it', async () => {
    const name = `Contract Brand ${transportKind.name}`;
    const first = await keyed.createBrandRequestAsync({ brand: name, website: 'contract-brand.example', category: 'home', notes: 'x'.repeat(900) });
    expect(first.counted).toBe(true);
    expect(first.data.status).toBe('queued');
    const again = await keyed.createBrandRequestAsync({ brand: name, website: 'contract-brand.example' });
    expect(again.counted).toBe(false);
    const list = await keyed.listBrandRequestsAsync({ limit: 500 });
    expect(list.data.some((request) => request.brand === name)).toBe(true);
    expect(list.meta.daily_limit).toBe(50);
  });

  it('asks for a brand already in the library: 200, not counted', async () => {
    const brands = await keyed.listBrandsAsync({ perPage: 1 });
    const known = brands.data[0]!;
    const result = await keyed.createBrandRequestAsync({ brand: known.name, website: `${known.slug}.example` });
    expect(result.counted).toBe(false);
    expect(result.data.status).toBe('already_in_library');
  });

  it('sends since only as a real date or ISO 8601 date-time, and says so before spending a request', async () => {
    // Each of these the service refuses with 400 ("since that is not a date").
    for (const since of ['2026-02-30', '2026-13-01', '2026-11-20T25:00:00Z', '2026-11-20 10:00:00']) {
      const search = await apiRejectionOf(keyed.searchEmailsAsync({ since }));
      expect(search).toMatchObject({ code: 'invalid_argument', status: null });
      expect(search.message).toContain('Since');
      const feed = await apiRejectionOf(keyed.listFollowedEmailsAsync({ since }));
      expect(feed).toMatchObject({ code: 'invalid_argument', status: null });
    }
    for (const since of ['2026-02-28', '2026-11-20T10:00', '2026-11-20T10:00:00.123+02:00']) {
      expect((await keyed.searchEmailsAsync({ since, perPage: 1 })).meta.page).toBe(1);
    }
  });

  it('says which key was refused', async () => {
    const revoked = createLibraryClient({ baseUrl: session.emulator.libraryUrl, key: session.keys.library.revoked, transport: transportKind.create() });
    const error = await apiRejectionOf(revoked.listCollectionsAsync());
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, api: 'library' });
    expect(error.message).toMatch(/^The library API key was not accepted/);
  });
});
