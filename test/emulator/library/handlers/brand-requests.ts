// POST /v1/brand-requests (rules 1-5; rule 6 comes from fault injection) and GET /v1/brand-requests.
import { secondsToUtcMidnight } from '../../core/dates';
import { readIntParam, readJsonBody, requireJsonContentType } from '../../http/query-params';
import { RequestProblem } from '../../http/types';
import { listedStatus, statusAt } from '../brand-request-processing';
import {
  brandCategoryName, categoryNameFor, isAdultContent, isOverDailyLimit, libraryBrandFor, previousRequest, readBrandRequestBody,
  requestsToday,
} from '../brand-request-rules';
import { badRequest, libraryOk, requireAccount, type LibraryHandler } from '../context';
import type { BrandRequestRecord } from '../model';
import { brandRequestListItem, brandRequestResult, DAILY_BRAND_REQUEST_LIMIT } from '../shapes';

export const createBrandRequest: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  requireJsonContentType(ctx.request.headers, 'bad_request');
  const read = readBrandRequestBody(readJsonBody(ctx.request.body, 'bad_request'));
  if (!read.ok) throw badRequest(read.message);
  const input = read.value;
  const nowMs = ctx.clock.nowMs();
  if (isAdultContent(input)) {
    throw new RequestProblem(400, 'not_allowed', `${input.brand} looks like an adult-content brand; the library does not collect those.`);
  }
  const inLibrary = libraryBrandFor(ctx.data, input);
  if (inLibrary) {
    const fields = { brand: input.brand, domain: input.domain, category: brandCategoryName(inLibrary), status: 'already_in_library' as const, libraryBrandSlug: inLibrary.slug, requestedAtMs: nowMs };
    return libraryOk(brandRequestResult(ctx, fields, requestsToday(ctx.data, account.id, nowMs)), {}, 200);
  }
  const previous = previousRequest(ctx.data, account.id, input);
  if (previous) {
    // Rule 3 (docs/api/api-assumptions.md): 200 with the stored request and its current status, not counted.
    const status = statusAt(previous, nowMs);
    const fields = { ...previous, status, libraryBrandSlug: status === 'first_email_captured' ? previous.libraryBrandSlug : null };
    return libraryOk(brandRequestResult(ctx, fields, requestsToday(ctx.data, account.id, nowMs)), {}, 200);
  }
  if (isOverDailyLimit(ctx.data, account.id, nowMs)) {
    const retryAfter = secondsToUtcMidnight(nowMs);
    throw new RequestProblem(
      429,
      'daily_limit_reached',
      `All ${DAILY_BRAND_REQUEST_LIMIT} brand requests of today (UTC) are used; try again in ${retryAfter} seconds, after midnight UTC.`,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const record: BrandRequestRecord = {
    accountId: account.id,
    brand: input.brand,
    domain: input.domain,
    category: categoryNameFor(input),
    signupUrl: input.signupUrl,
    notes: input.notes,
    requestedAtMs: nowMs,
    history: [{ status: 'queued', atMs: nowMs }],
    libraryBrandSlug: null,
  };
  ctx.data.brandRequests.push(record);
  return libraryOk(brandRequestResult(ctx, { ...record, status: 'queued' }, requestsToday(ctx.data, account.id, nowMs)), {}, 201);
};

export const listBrandRequests: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  const limit = readIntParam(ctx.request.query, 'limit', { min: 1, max: 200, fallback: 100 }, 'bad_request');
  const nowMs = ctx.clock.nowMs();
  const today = requestsToday(ctx.data, account.id, nowMs);
  const records = ctx.data.brandRequests
    .filter((record) => record.accountId === account.id && record.requestedAtMs <= nowMs)
    .sort((a, b) => b.requestedAtMs - a.requestedAtMs)
    .slice(0, limit);
  return libraryOk(
    records.map((record) => brandRequestListItem(ctx, record, listedStatus(record, nowMs), today)),
    { count: records.length, requests_today: today, daily_limit: DAILY_BRAND_REQUEST_LIMIT },
  );
};
