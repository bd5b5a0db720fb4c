// Brand-request transitions (docs/api/api-assumptions.md, "brand-request transitions"): queued requests
// are worked through at 00:00 and 12:00 UTC; the first run signs up, the next one captures the
// first email (the brand joins the library) or gives up when signup needs an app or account.
import { HOUR_MS } from '../core/dates';
import { createPrng, hashString } from '../core/prng';
import { categoryByName, slugify, type CategoryName } from './categories';
import { brandFromName, buildEmail } from './record-factory';
import { addEmail, type BrandRequestRecord, type LibraryData, type StoredRequestStatus } from './model';

const RUN_EVERY_MS = 12 * HOUR_MS;
/** The list endpoint shows statuses as of the last refresh: every 15 minutes, at :05, :20, :35 and :50. */
export const STATUS_REFRESH_MS = 15 * 60_000;
export const STATUS_REFRESH_PHASE_MS = 5 * 60_000;

export function lastStatusRefresh(nowMs: number): number {
  return Math.floor((nowMs - STATUS_REFRESH_PHASE_MS) / STATUS_REFRESH_MS) * STATUS_REFRESH_MS + STATUS_REFRESH_PHASE_MS;
}

/** Processing runs strictly after `fromMs` and at or before `toMs`, oldest first. */
export function processingRunsBetween(fromMs: number, toMs: number, max = 2): number[] {
  const runs: number[] = [];
  for (let run = Math.floor(fromMs / RUN_EVERY_MS) * RUN_EVERY_MS + RUN_EVERY_MS; run <= toMs && runs.length < max; run += RUN_EVERY_MS) {
    runs.push(run);
  }
  return runs;
}

/** Domains on `.app` stand for brands whose signup only works through an app. */
export function canSubscribe(domain: string): boolean {
  return !domain.toLowerCase().endsWith('.app');
}

export function statusAt(record: BrandRequestRecord, ms: number): StoredRequestStatus {
  let status: StoredRequestStatus = 'queued';
  for (const step of record.history) if (step.atMs <= ms) status = step.status;
  return status;
}

/**
 * The status the list endpoint shows: at most 15 minutes stale. A request newer than the last
 * refresh is listed as queued.
 */
export function listedStatus(record: BrandRequestRecord, nowMs: number): StoredRequestStatus {
  return statusAt(record, lastStatusRefresh(nowMs));
}

function captureFirstEmail(data: LibraryData, record: BrandRequestRecord, atMs: number): string {
  const existing = [...data.brands.values()].find((brand) => brand.domain === record.domain);
  const category = (categoryByName(record.category)?.name ?? 'Digital Products') as CategoryName;
  let brand = existing;
  if (!brand) {
    let slug = slugify(record.brand) || 'brand';
    while (data.brands.has(slug)) slug = `${slug}-2`;
    brand = { ...brandFromName(record.brand, category, `Added to the library on request.`, record.domain), slug };
    data.brands.set(slug, brand);
  }
  const prng = createPrng(hashString(`${record.domain}:${atMs}`));
  const email = buildEmail(prng, data.nextEmailId++, brand, category, atMs - 30 * 60_000, `Welcome to ${brand.name}!`);
  email.capturedAtMs = Math.min(email.capturedAtMs, atMs);
  addEmail(data, email);
  return brand.slug;
}

/** Applies every processing run up to `nowMs` (idempotent; safe to call on every request). */
export function advanceBrandRequests(data: LibraryData, nowMs: number): void {
  for (const record of data.brandRequests) {
    if (record.history.length >= 3) continue;
    const runs = processingRunsBetween(record.requestedAtMs, nowMs);
    if (runs[0] !== undefined && record.history.length === 1) record.history.push({ status: 'signed_up', atMs: runs[0] });
    if (runs[1] !== undefined && record.history.length === 2) {
      if (canSubscribe(record.domain)) {
        record.libraryBrandSlug = captureFirstEmail(data, record, runs[1]);
        record.history.push({ status: 'first_email_captured', atMs: runs[1] });
      } else record.history.push({ status: 'could_not_subscribe', atMs: runs[1] });
    }
  }
}
