// POST /_emulator/library/emails/:id/remove (docs/api/api-assumptions.md): the email's detail is
// then 404 not_found and it leaves every list: search, brand pages, journeys, likes, collections.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { LIBRARY_KEYS } from '../../emulator/library/model';
import { call, control, expectShape, LIBRARY_ERROR_SHAPE, startTestEmulator, type CallResult } from './support';

const key = LIBRARY_KEYS.demo;
let emulator: RunningEmulator;
let base: string;
beforeEach(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
  base = emulator.libraryUrl;
});
afterEach(() => emulator.close());

const ids = (list: Array<{ id: number }>): number[] => list.map((email) => email.id);
const get = (path: string): Promise<CallResult> => call(`${base}${path}`, { key });

async function journeyWithEmail(): Promise<{ slug: string; emailId: number; total: number }> {
  const list = await get('/v1/journeys');
  const slug: string = list.body.data[0].brand_slug;
  const journey = await get(`/v1/journeys/${slug}?emails_per_stage=10`);
  return { slug, emailId: journey.body.data.stages[0].emails[0].id, total: list.body.data[0].email_count };
}

async function journeyEmails(slug: string): Promise<{ ids: number[]; total: number }> {
  const journey = await get(`/v1/journeys/${slug}?emails_per_stage=10`);
  const list = await get('/v1/journeys');
  const entry = list.body.data.find((item: { brand_slug: string }) => item.brand_slug === slug);
  return { ids: journey.body.data.stages.flatMap((stage: { emails: Array<{ id: number }> }) => ids(stage.emails)), total: entry.email_count };
}

describe('POST /_emulator/library/emails/:id/remove', () => {
  it('makes the detail 404 not_found and takes the email out of search and its brand page', async () => {
    const detail = await get('/v1/emails?per_page=1');
    const email = detail.body.data[0];
    const brandBefore = await get(`/v1/brands/${email.brand_slug}?per_page=50`);
    expect(ids(brandBefore.body.data.emails)).toContain(email.id);

    const removed = await control(emulator, `library/emails/${email.id}/remove`, {});
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, id: email.id });

    const gone = await get(`/v1/emails/${email.id}`);
    expect(gone.status).toBe(404);
    expectShape(gone.body, LIBRARY_ERROR_SHAPE);
    expect(gone.body.error.code).toBe('not_found');
    const anonymous = await call(`${base}/v1/emails/${email.id}`);
    expect(anonymous.status).toBe(404);

    const search = await get(`/v1/emails?q=${encodeURIComponent(email.subject_line)}&per_page=50`);
    expect(ids(search.body.data)).not.toContain(email.id);
    const byBrand = await get(`/v1/emails?brand=${email.brand_slug}&per_page=50`);
    expect(ids(byBrand.body.data)).not.toContain(email.id);
    const brandAfter = await get(`/v1/brands/${email.brand_slug}?per_page=50`);
    expect(ids(brandAfter.body.data.emails)).not.toContain(email.id);
    expect(brandAfter.body.data.brand.email_count).toBe(brandBefore.body.data.brand.email_count - 1);
  });

  it('takes the email out of journeys, likes and collections, with their counts', async () => {
    const journey = await journeyWithEmail();
    const liked = (await get('/v1/me/likes?per_page=50')).body.data[0].id as number;
    const collections = (await get('/v1/me/collections')).body.data as Array<{ id: string; email_count: number }>;
    const collection = collections.find((item) => item.email_count > 0)!;
    const collected = (await get(`/v1/me/collections/${collection.id}?per_page=50`)).body.data.emails[0].id as number;

    for (const id of new Set([journey.emailId, liked, collected])) {
      expect((await control(emulator, `library/emails/${id}/remove`, {})).status).toBe(200);
    }

    const journeyAfter = await journeyEmails(journey.slug);
    expect(journeyAfter.ids).not.toContain(journey.emailId);
    expect(journeyAfter.total).toBe(journey.total - 1);
    const likes = await get('/v1/me/likes?per_page=50');
    expect(ids(likes.body.data)).not.toContain(liked);
    expect(likes.body.meta.total).toBe(29);
    const collectionAfter = await get(`/v1/me/collections/${collection.id}?per_page=50`);
    expect(ids(collectionAfter.body.data.emails)).not.toContain(collected);
    expect(collectionAfter.body.data.collection.email_count).toBe(collection.email_count - 1);
  });

  it('answers 404 for an unknown email, and a reset brings the removed one back', async () => {
    const unknown = await control(emulator, 'library/emails/999999999/remove', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    const email = (await get('/v1/emails?per_page=1')).body.data[0];
    await control(emulator, `library/emails/${email.id}/remove`, {});
    const twice = await control(emulator, `library/emails/${email.id}/remove`, {});
    expect(twice.status).toBe(404);
    await control(emulator, 'reset', {});
    expect((await get(`/v1/emails/${email.id}`)).status).toBe(200);
  });
});
