// Deterministic demo library: ~60 invented brands over the 22 categories, 3,000+ emails over
// the two years before the clock's start, journeys, and two accounts with their own data.
import { DAY_MS, HOUR_MS } from '../core/dates';
import { createPrng, hashString, type Prng } from '../core/prng';
import { brandFromName, buildEmail, titleFrom } from './record-factory';
import { advanceBrandRequests } from './brand-request-processing';
import type { CategoryName } from './categories';
import {
  ADJECTIVES, CATEGORY_NOUNS, DEMO_BRANDS, EMOJI, JOURNEY_STAGES, SEASONS, SPARSE_BRAND_NAMES,
  SUBJECT_TEMPLATES,
} from './demo-names';
import { LIBRARY_KEYS, type Account, type Brand, type BrandRequestRecord, type Email, type Journey, type LibraryData } from './model';

const HISTORY_DAYS = 730;
/** Emails captured longer ago than this have no stored HTML (`not_available`). */
const HTML_STORED_SINCE_DAYS = 600;
const FIRST_EMAIL_ID = 1000;

export const DEMO_ACCOUNT_IDS = { demo: 'acct_demo', other: 'acct_other' } as const;

function fill(template: string, prng: Prng, brand: Brand, category: CategoryName): string {
  return template
    .replace('{brand}', brand.name)
    .replace('{noun}', prng.pick(CATEGORY_NOUNS[category]))
    .replace('{adj}', prng.pick(ADJECTIVES))
    .replace('{season}', prng.pick(SEASONS))
    .replace('{pct}', String(prng.pick([10, 15, 20, 25, 30, 40])));
}

function emailCountFor(prng: Prng, name: string): number {
  if (SPARSE_BRAND_NAMES.includes(name)) return prng.int(2, 4);
  return 15 + Math.floor(prng.next() ** 2 * 130);
}

function generateEmails(prng: Prng, brands: Brand[], startMs: number): Email[] {
  const drafts: Array<{ brand: Brand; category: CategoryName; sentAtMs: number }> = [];
  const counts = brands.map((brand) => emailCountFor(prng, brand.name));
  // Top up the biggest brand so there are always at least 3,000 emails.
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total < 3050) counts[counts.indexOf(Math.max(...counts))]! += 3050 - total;
  brands.forEach((brand, index) => {
    const category = DEMO_BRANDS.find(([name]) => name === brand.name)![1];
    const sendHour = 8 + (hashString(brand.slug) % 10);
    for (let i = 0; i < counts[index]!; i++) {
      const day = Math.floor((startMs - HISTORY_DAYS * DAY_MS) / DAY_MS) + prng.int(0, HISTORY_DAYS - 1);
      const sentAtMs = day * DAY_MS + (sendHour + prng.int(-2, 2)) * HOUR_MS + prng.int(0, 59) * 60_000;
      drafts.push({ brand, category, sentAtMs: Math.min(sentAtMs, startMs - 2 * HOUR_MS) });
    }
  });
  drafts.sort((a, b) => a.sentAtMs - b.sentAtMs);
  return drafts.map((draft, index) => {
    const template = prng.pick(SUBJECT_TEMPLATES);
    const base = fill(template, prng, draft.brand, draft.category);
    const subject = prng.chance(0.2) ? `${prng.pick(EMOJI)} ${base}` : base;
    const email = buildEmail(prng, FIRST_EMAIL_ID + index, draft.brand, draft.category, draft.sentAtMs, subject);
    email.hasHtml = email.capturedAtMs >= startMs - HTML_STORED_SINCE_DAYS * DAY_MS;
    return email;
  });
}

function generateJourneys(prng: Prng, brands: Brand[], emails: Email[]): Journey[] {
  const byBrand = new Map<string, Email[]>();
  for (const email of emails) byBrand.set(email.brandSlug, [...(byBrand.get(email.brandSlug) ?? []), email]);
  const candidates = brands.filter((brand) => (byBrand.get(brand.slug)?.length ?? 0) >= 40);
  const chosen = candidates.slice(0, 12);
  return chosen.map((brand) => {
    const pool = [...byBrand.get(brand.slug)!];
    const category = DEMO_BRANDS.find(([name]) => name === brand.name)![1];
    const stageCount = prng.int(3, 5);
    const stages = JOURNEY_STAGES.slice(0, stageCount).map((stage) => {
      const picked: Email[] = [];
      const want = prng.int(2, 8);
      while (picked.length < want && pool.length > 0) picked.push(pool.splice(prng.int(0, pool.length - 1), 1)[0]!);
      picked.sort((a, b) => a.capturedAtMs - b.capturedAtMs);
      for (const email of picked) {
        email.subject = fill(prng.pick(stage.subjects), prng, brand, category);
        email.title = titleFrom(email.subject);
        email.journeyStages.push({ stage: stage.stage, stage_slug: stage.slug });
      }
      return { stage: stage.stage, stageSlug: stage.slug, emailIds: picked.map((email) => email.id) };
    });
    return { brandSlug: brand.slug, stages };
  });
}

function pickDistinct<T>(prng: Prng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(prng.int(0, pool.length - 1), 1)[0]!);
  return out;
}

function generateAccounts(prng: Prng, brands: Brand[], emails: Email[], startMs: number): Account[] {
  const recentMs = (days: number): number => startMs - prng.int(1, days * 24) * HOUR_MS;
  const byNewest = <T extends { atMs: number }>(items: T[]): T[] => items.sort((a, b) => b.atMs - a.atMs);
  const follows = (count: number) =>
    byNewest(pickDistinct(prng, brands, count).map((brand) => ({ brandSlug: brand.slug, atMs: recentMs(120) }))).map(
      ({ brandSlug, atMs }) => ({ brandSlug, followedAtMs: atMs }),
    );
  const likes = (count: number) =>
    byNewest(pickDistinct(prng, emails.slice(0, 800), count).map((email) => ({ emailId: email.id, atMs: recentMs(90) }))).map(
      ({ emailId, atMs }) => ({ emailId, likedAtMs: atMs }),
    );
  const emailIds = (count: number, filter: (email: Email) => boolean = () => true): number[] =>
    pickDistinct(prng, emails.filter(filter), count).map((email) => email.id);
  const demo: Account = {
    id: DEMO_ACCOUNT_IDS.demo,
    follows: follows(8),
    likes: likes(30),
    collections: [
      { id: 'col_welcome', name: 'Welcome series inspiration', description: 'First emails after signing up.', emailIds: emailIds(9, (e) => e.journeyStages.some((s) => s.stage_slug === 'welcome')) },
      { id: 'col_promos', name: 'Holiday promos', description: 'Discount and countdown ideas for Q4.', emailIds: emailIds(24) },
      { id: 'col_minimal', name: 'Minimal layouts', description: '', emailIds: emailIds(5) },
      { id: 'col_review', name: 'To review', description: 'Nothing saved yet.', emailIds: [] },
    ],
  };
  const other: Account = {
    id: DEMO_ACCOUNT_IDS.other,
    // At the follow limit of 50.
    follows: follows(50),
    likes: likes(3),
    collections: [{ id: 'col_other', name: 'Competitor watch', description: 'Shared with the other team.', emailIds: emailIds(4) }],
  };
  return [demo, other];
}

function demoBrandRequests(startMs: number): BrandRequestRecord[] {
  const lastRun = Math.floor(startMs / (12 * HOUR_MS)) * 12 * HOUR_MS;
  const request = (brand: string, domain: string, category: string, requestedAtMs: number): BrandRequestRecord => ({
    accountId: DEMO_ACCOUNT_IDS.demo,
    brand,
    domain,
    category,
    signupUrl: null,
    notes: null,
    requestedAtMs,
    history: [{ status: 'queued', atMs: requestedAtMs }],
    libraryBrandSlug: null,
  });
  // Processed up to the start, these end up in every stored status.
  return [
    request('Moonlit Mugs', 'moonlitmugs.example', 'Home', startMs - 3 * DAY_MS),
    request('Tapster', 'tapster.app', 'Beverage', startMs - 3 * DAY_MS - HOUR_MS),
    request('Quillhouse Press', 'quillhouse.example', 'Digital Products', lastRun - 6 * HOUR_MS),
    request('Driftwood Candles', 'driftwoodcandles.example', 'Home', lastRun + Math.floor((startMs - lastRun) / 2)),
  ];
}

export function generateLibraryData(seed: number, startMs: number): LibraryData {
  const prng = createPrng(seed);
  const brands = DEMO_BRANDS.map(([name, category, blurb]) => brandFromName(name, category, blurb));
  const emails = generateEmails(prng, brands, startMs);
  const journeys = generateJourneys(prng, brands, emails);
  emails.sort((a, b) => b.capturedAtMs - a.capturedAtMs || b.id - a.id);
  const accounts = generateAccounts(prng, brands, emails, startMs);
  const data: LibraryData = {
    brands: new Map(brands.map((brand) => [brand.slug, brand])),
    emails,
    emailsById: new Map(emails.map((email) => [email.id, email])),
    journeys,
    accounts: new Map(accounts.map((account) => [account.id, account])),
    keys: new Map([
      [LIBRARY_KEYS.demo, { accountId: DEMO_ACCOUNT_IDS.demo, revoked: false }],
      [LIBRARY_KEYS.other, { accountId: DEMO_ACCOUNT_IDS.other, revoked: false }],
      [LIBRARY_KEYS.revoked, { accountId: DEMO_ACCOUNT_IDS.demo, revoked: true }],
    ]),
    brandRequests: demoBrandRequests(startMs),
    nextEmailId: FIRST_EMAIL_ID + emails.length,
  };
  advanceBrandRequests(data, startMs);
  return data;
}
