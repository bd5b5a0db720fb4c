// @vitest-environment happy-dom
// Likes and collections name each email's brand by its slug alone. The top 50 brands named them,
// and in a library of thousands of brands most liked emails' brands are past the top 50: their
// rows showed no brand. useBrandNames drawn by Preact in a DOM without a browser, against a stub
// of the library's `GET /v1/brands` and `GET /v1/brands/{slug}` (the demo library has 60 brands,
// and its likes are all among the top 50, hence a stub; the browser test shortens the top list).
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { Brand } from '../../../src/shared/api/library/schemas';
import { useBrandName, useBrandNames } from '../../../ui/library/brand-names';
import { useDomRoot } from '../../support/dom-root';

const brand = (name: string): Brand => ({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), description: '', email_count: 10, url: '' });
const TOP = [brand('Petal & Pine'), brand('Northwind')];
const PAST_TOP = [brand('Tidewater Linen'), brand('Carry Compass'), brand('Open Shelf'), brand('Bay Street')];

interface Asked {
  top: number;
  brands: string[];
}

/** `refuse`: slugs answered with this error code instead; `topFails`: the top brands cannot be read. */
function stubClient(asked: Asked, refuse: Record<string, 'not_found' | 'rate_limited'> = {}, topFails = false): LibraryClient {
  const listBrandsAsync: LibraryClient['listBrandsAsync'] = async () => {
    asked.top++;
    if (topFails) throw new ApiError({ api: 'library', endpoint: 'GET /v1/brands', status: null, code: 'network_error', message: 'offline' });
    return { data: TOP, meta: { page: 1, per_page: 50, count: TOP.length, attribution: { source: 'stub', url: '' } } };
  };
  const getBrandAsync: LibraryClient['getBrandAsync'] = async (slug) => {
    asked.brands.push(slug);
    await Promise.resolve();
    const code = refuse[slug];
    if (code) throw new ApiError({ api: 'library', endpoint: 'GET /v1/brands/{slug}', status: code === 'not_found' ? 404 : 429, code, message: code });
    const found = [...TOP, ...PAST_TOP].find((known) => known.slug === slug)!;
    return { data: { brand: { name: found.name, slug, email_count: 10, url: '' }, emails: [] }, meta: { page: 1, per_page: 1, count: 0, total: 10, attribution: { source: 'stub', url: '' } } } as unknown as Awaited<ReturnType<LibraryClient['getBrandAsync']>>;
  };
  return { listBrandsAsync, getBrandAsync } as LibraryClient;
}

const rootOf = useDomRoot();

/** Draws a list showing `slugs`; `drawn` gets the names each drawing had. */
function List({ client, slugs, drawn }: { client: LibraryClient; slugs?: readonly string[]; drawn: Array<ReadonlyMap<string, string>> }) {
  drawn.push(useBrandNames(client, slugs));
  return null;
}

async function drawAsync(client: LibraryClient, slugs: readonly string[] | undefined, drawn: Array<ReadonlyMap<string, string>>): Promise<void> {
  await act(async () => {
    render(h(List, { client, slugs, drawn }), rootOf());
  });
  // The lookups' answers.
  for (let i = 0; i < 5; i++) await act(async () => Promise.resolve());
}

describe('brand names for lists that carry slugs alone', () => {
  it('names brands past the top 50 from their own pages, each asked once, and keeps them for the session', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const client = stubClient(asked);
    const drawn: Array<ReadonlyMap<string, string>> = [];
    const slugs = ['petal-pine', 'tidewater-linen', 'carry-compass', 'tidewater-linen', 'open-shelf'];
    await drawAsync(client, slugs, drawn);
    const names = drawn.at(-1)!;
    expect(slugs.map((slug) => names.get(slug))).toEqual(['Petal & Pine', 'Tidewater Linen', 'Carry Compass', 'Tidewater Linen', 'Open Shelf']);
    // The top brands are not looked up again; each other brand once.
    expect([...asked.brands].sort()).toEqual(['carry-compass', 'open-shelf', 'tidewater-linen']);

    // Drawn again (another visit to Likes): the names are there, and nothing is asked again.
    render(null, rootOf());
    const again: Array<ReadonlyMap<string, string>> = [];
    await drawAsync(client, slugs, again);
    expect(again.at(-1)!.get('open-shelf')).toBe('Open Shelf');
    expect(asked.brands).toHaveLength(3);
  });

  it('asks nothing more for a list that passes no slugs (journeys: anonymous callers have 20 requests a minute)', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const drawn: Array<ReadonlyMap<string, string>> = [];
    await drawAsync(stubClient(asked), undefined, drawn);
    expect(asked).toEqual({ top: 1, brands: [] });
    expect(drawn.at(-1)!.get('northwind')).toBe('Northwind');
  });

  it('goes on past a brand gone from the library, and does not ask for that one again', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const client = stubClient(asked, { 'tidewater-linen': 'not_found' });
    const drawn: Array<ReadonlyMap<string, string>> = [];
    const slugs = ['tidewater-linen', 'carry-compass', 'open-shelf', 'bay-street'];
    await drawAsync(client, slugs, drawn);
    const names = drawn.at(-1)!;
    expect(names.get('tidewater-linen')).toBeUndefined();
    expect(['carry-compass', 'open-shelf', 'bay-street'].map((slug) => names.get(slug))).toEqual(['Carry Compass', 'Open Shelf', 'Bay Street']);
    render(null, rootOf());
    await drawAsync(client, slugs, []);
    expect(asked.brands).toHaveLength(4);
  });

  it('looks nothing up when the top brands cannot be read (each row would cost a request)', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const drawn: Array<ReadonlyMap<string, string>> = [];
    await drawAsync(stubClient(asked, {}, true), ['petal-pine', 'tidewater-linen'], drawn);
    expect(asked).toEqual({ top: 1, brands: [] });
    expect(drawn.at(-1)!.size).toBe(0);
  });

  it('asks nothing more after a refusal for the rate (those brands stay unnamed, not a burst of failed requests)', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const drawn: Array<ReadonlyMap<string, string>> = [];
    // Two at a time: Carry (refused) and Tidewater (gone) are asked first; then nothing.
    const client = stubClient(asked, { 'carry-compass': 'rate_limited', 'tidewater-linen': 'not_found' });
    await drawAsync(client, ['carry-compass', 'tidewater-linen', 'open-shelf'], drawn);
    expect(asked.brands).toEqual(['carry-compass', 'tidewater-linen']);
    expect(drawn.at(-1)!.get('open-shelf')).toBeUndefined();
    // The next page of the list (More) brings another brand: still nothing asked.
    await drawAsync(client, ['carry-compass', 'tidewater-linen', 'open-shelf', 'bay-street'], drawn);
    expect(asked.brands).toEqual(['carry-compass', 'tidewater-linen']);
  });
});

/** Draws an open journey of `slug`; `drawn` gets the name each drawing had. */
function Journey({ client, slug, knownName, drawn }: { client: LibraryClient; slug: string; knownName: string | null; drawn: Array<string | null> }) {
  drawn.push(useBrandName(client, slug, knownName));
  return null;
}

async function drawJourneyAsync(client: LibraryClient, slug: string, knownName: string | null, drawn: Array<string | null>): Promise<void> {
  await act(async () => {
    render(h(Journey, { client, slug, knownName, drawn }), rootOf());
  });
  for (let i = 0; i < 3; i++) await act(async () => Promise.resolve());
}

describe("an open journey's brand, named by its slug", () => {
  it('takes the name its list knew, asking nothing', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const drawn: Array<string | null> = [];
    await drawJourneyAsync(stubClient(asked), 'petal-pine', 'Petal & Pine', drawn);
    expect(drawn.at(-1)).toBe('Petal & Pine');
    expect(asked).toEqual({ top: 0, brands: [] });
  });

  it('shares the names found with the lists: a brand Likes looked up is not asked again, and one the journey found names the list', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const client = stubClient(asked);
    await drawAsync(client, ['tidewater-linen'], []);
    expect(asked.brands).toEqual(['tidewater-linen']);
    render(null, rootOf());

    const drawn: Array<string | null> = [];
    await drawJourneyAsync(client, 'tidewater-linen', null, drawn);
    expect(drawn.at(-1)).toBe('Tidewater Linen');
    await drawJourneyAsync(client, 'carry-compass', null, drawn);
    expect(drawn.at(-1)).toBe('Carry Compass');
    expect(asked.brands).toEqual(['tidewater-linen', 'carry-compass']);
    render(null, rootOf());

    // The journeys list (no slugs of its own) names the brand the journey found.
    const listed: Array<ReadonlyMap<string, string>> = [];
    await drawAsync(client, undefined, listed);
    expect(listed.at(-1)!.get('carry-compass')).toBe('Carry Compass');
    expect(asked.brands).toHaveLength(2);
  });

  it('keeps the slug for a brand gone from the library, and does not ask for it again', async () => {
    const asked: Asked = { top: 0, brands: [] };
    const client = stubClient(asked, { 'open-shelf': 'not_found' });
    const drawn: Array<string | null> = [];
    await drawJourneyAsync(client, 'open-shelf', null, drawn);
    render(null, rootOf());
    await drawJourneyAsync(client, 'open-shelf', null, drawn);
    expect(drawn.every((name) => name === null)).toBe(true);
    expect(asked.brands).toEqual(['open-shelf']);
  });
});
