// GET /v1/emails and GET /v1/emails/{id}.
import { pageOf } from '../../http/query-params';
import { badRequest, libraryOk, notFound, type LibraryHandler } from '../context';
import { renderEmailHtml } from '../email-html';
import type { Email } from '../model';
import { readPaging } from '../paging';
import { emailDetail, listEmailSummary, type HtmlStatus } from '../shapes';
import { readSince } from '../since-param';

export const MAX_QUERY_LENGTH = 200;

function matchesText(email: Email, brandName: string, terms: string[]): boolean {
  const haystack = `${email.subject} ${email.title} ${brandName} ${email.fromEmail}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

export const listEmails: LibraryHandler = (ctx) => {
  const query = ctx.request.query;
  const q = query.get('q');
  const brand = query.get('brand');
  const category = query.get('category');
  if (q !== null && q.length > MAX_QUERY_LENGTH) throw badRequest(`q must be at most ${MAX_QUERY_LENGTH} characters.`);
  const since = readSince(ctx);
  const paging = readPaging(ctx);
  const terms = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = ctx.data.emails.filter(
    (email) =>
      (brand === null || email.brandSlug === brand) &&
      (category === null || email.categorySlugs.includes(category)) &&
      (since === null || email.capturedAtMs > since) &&
      (terms.length === 0 || matchesText(email, ctx.data.brands.get(email.brandSlug)?.name ?? '', terms)),
  );
  // Without brand or category the real service's paging is not exact; the emulator repeats
  // the previous page's last item at the top of every later page, so clients must de-duplicate.
  const exact = brand !== null || category !== null;
  const pageItems =
    exact || paging.page === 1
      ? pageOf(matches, paging.page, paging.perPage)
      : matches.slice((paging.page - 1) * paging.perPage - 1, paging.page * paging.perPage - 1);
  return libraryOk(
    pageItems.map((email) => listEmailSummary(ctx, email)),
    {
      page: paging.page,
      per_page: paging.perPage,
      count: pageItems.length,
      query: { q, brand, category },
    },
  );
};

export const getEmail: LibraryHandler = (ctx) => {
  const raw = ctx.params['id']!;
  if (!/^\d{1,15}$/.test(raw)) throw badRequest(`The email id must be a whole number (got "${raw.slice(0, 40)}").`);
  const email = ctx.data.emailsById.get(Number(raw));
  if (!email) throw notFound(`Email ${raw} was not found.`);
  // A caller without a key learns that a key is needed before anything else.
  const status: HtmlStatus = ctx.caller.account === null ? 'key_required' : email.hasHtml || email.htmlOverride !== undefined ? 'ok' : 'not_available';
  const html = status === 'ok' ? (email.htmlOverride ?? renderEmailHtml(email, ctx.data.brands.get(email.brandSlug)!)) : null;
  return libraryOk(emailDetail(ctx, email, html, status));
};
