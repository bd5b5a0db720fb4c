// Library list parameters: `page` (1-based) and `per_page` (1-50).
import { pageOf, readIntParam } from '../http/query-params';
import type { LibraryRequestContext } from './context';

export interface Paging {
  page: number;
  perPage: number;
}

export function readPaging(ctx: LibraryRequestContext, defaultPerPage = 20): Paging {
  return {
    page: readIntParam(ctx.request.query, 'page', { min: 1, fallback: 1 }, 'bad_request'),
    perPage: readIntParam(ctx.request.query, 'per_page', { min: 1, max: 50, fallback: defaultPerPage }, 'bad_request'),
  };
}

export function pageMeta<T>(items: readonly T[], paging: Paging): { pageItems: T[]; meta: { page: number; per_page: number; count: number } } {
  const pageItems = pageOf(items, paging.page, paging.perPage);
  return { pageItems, meta: { page: paging.page, per_page: paging.perPage, count: pageItems.length } };
}
