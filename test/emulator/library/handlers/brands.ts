// GET /v1/brands, /v1/brands/{slug}, /v1/brands/{slug}/insights.
import { RequestProblem } from '../../http/types';
import { badRequest, libraryOk, notFound, type LibraryHandler } from '../context';
import { computeInsights, MIN_EMAILS_FOR_INSIGHTS } from '../insights';
import { emailsOfBrand, type Brand } from '../model';
import { pageMeta, readPaging } from '../paging';
import { brandEmailCount, brandListItem, brandUrl, reducedEmailSummary } from '../shapes';
import { MAX_QUERY_LENGTH } from './emails';

export const listBrands: LibraryHandler = (ctx) => {
  const q = ctx.request.query.get('q');
  if (q !== null && q.length > MAX_QUERY_LENGTH) throw badRequest(`q must be at most ${MAX_QUERY_LENGTH} characters.`);
  const paging = readPaging(ctx);
  const needle = (q ?? '').trim().toLowerCase();
  const counted = [...ctx.data.brands.values()]
    .filter((brand) => needle === '' || brand.name.toLowerCase().includes(needle) || brand.slug.includes(needle))
    .map((brand) => ({ brand, count: brandEmailCount(ctx, brand.slug) }))
    // Top brands by email count first.
    .sort((a, b) => b.count - a.count || a.brand.name.localeCompare(b.brand.name));
  const { pageItems, meta } = pageMeta(counted, paging);
  return libraryOk(pageItems.map(({ brand, count }) => brandListItem(ctx, brand, count)), meta);
};

function findBrand(ctx: Parameters<LibraryHandler>[0]): Brand {
  const slug = ctx.params['slug']!;
  const brand = ctx.data.brands.get(slug);
  if (!brand) throw notFound(`Brand "${slug.slice(0, 80)}" was not found.`);
  return brand;
}

export const getBrand: LibraryHandler = (ctx) => {
  const brand = findBrand(ctx);
  const paging = readPaging(ctx);
  const emails = emailsOfBrand(ctx.data, brand.slug);
  const { pageItems, meta } = pageMeta(emails, paging);
  return libraryOk(
    {
      brand: { name: brand.name, slug: brand.slug, email_count: emails.length, url: brandUrl(brand.slug) },
      emails: pageItems.map((email) => reducedEmailSummary(ctx, email, true)),
    },
    meta,
  );
};

export const getInsights: LibraryHandler = (ctx) => {
  const brand = findBrand(ctx);
  const emails = emailsOfBrand(ctx.data, brand.slug);
  if (emails.length < MIN_EMAILS_FOR_INSIGHTS) {
    throw new RequestProblem(404, 'no_insights', `${brand.name} has only ${emails.length} captured emails; insights need at least ${MIN_EMAILS_FOR_INSIGHTS}.`);
  }
  return libraryOk(computeInsights(brand, emails));
};
