// The `since` query parameter: a date or an ISO 8601 date-time, else 400.
import { parseDateOrDateTime } from '../core/dates';
import { badRequest, type LibraryRequestContext } from './context';

/** Milliseconds of `since`, or null when absent. */
export function readSince(ctx: LibraryRequestContext): number | null {
  const raw = ctx.request.query.get('since');
  if (raw === null) return null;
  const ms = parseDateOrDateTime(raw.trim());
  if (ms === null) throw badRequest('since must be a date (YYYY-MM-DD) or an ISO 8601 date-time (e.g. 2026-11-01T09:30:00Z).');
  return ms;
}
