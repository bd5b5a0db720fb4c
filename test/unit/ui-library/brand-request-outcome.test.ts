// A brand request: the form checked before sending, and every answer of the library in words.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { CreatedBrandRequest } from '../../../src/shared/api/library/client';
import { brandRequestFailure, brandRequestOutcome, brandRequestProblems, dayUsedText, notesCountText, EMPTY_BRAND_REQUEST, formAfterSent, requestedText, requestsTodayText } from '../../../ui/library/requests/brand-request-outcome';

const NOW = Date.parse('2026-11-24T08:30:00Z');

function created(status: CreatedBrandRequest['data']['status'], counted: boolean, libraryBrand: { name: string; slug: string; url: string } | null = null): CreatedBrandRequest {
  return {
    counted,
    meta: { attribution: { source: 'Library', url: 'https://library.example' } },
    data: { brand: 'Acme', domain: 'acme.com', category: 'Home', status, message: '', library_brand: libraryBrand, requested_at: '2026-11-24T08:30:00.000Z', requests_today: 3, daily_limit: 50 },
  };
}

const failure = (code: 'not_allowed' | 'unauthorized' | 'daily_limit_reached' | 'unavailable' | 'rate_limited', retryAfterSeconds?: number) =>
  new ApiError({ api: 'library', endpoint: 'POST /v1/brand-requests', status: 400, code, message: `failed: ${code}`, retryAfterSeconds });

describe('brandRequestProblems', () => {
  it('asks for the brand and a website that looks like one, a full signup address, and notes of at most 500 characters', () => {
    expect(brandRequestProblems(EMPTY_BRAND_REQUEST)).toEqual({ brand: 'Enter the brand’s name.', website: 'Enter the brand’s website, such as brand.com.' });
    expect(brandRequestProblems({ ...EMPTY_BRAND_REQUEST, brand: 'Acme', website: 'not a site' }).website).toMatch(/does not look like a website/);
    expect(brandRequestProblems({ ...EMPTY_BRAND_REQUEST, brand: 'Acme', website: 'https://www.acme.com/shop', signupUrl: 'acme' }).signupUrl).toMatch(/https:\/\//);
    expect(brandRequestProblems({ ...EMPTY_BRAND_REQUEST, brand: 'Acme', website: 'acme.com', notes: 'x'.repeat(501) }).notes).toBe('Notes are at most 500 characters; these are 501.');
    expect(brandRequestProblems({ ...EMPTY_BRAND_REQUEST, brand: 'Acme', website: 'acme.co.uk', notes: 'x'.repeat(500) })).toEqual({});
  });

  it('says the notes’ count as it is read out, and by how many it is over (it read “510 slash 500 characters”)', () => {
    expect(notesCountText('Weekly newsletter')).toBe('17 of 500 characters');
    expect(notesCountText('x'.repeat(500))).toBe('500 of 500 characters');
    expect(notesCountText('x'.repeat(510))).toBe('510 of 500 characters, 10 too many');
  });

  it('counts notes in characters as a person does: an emoji is one (it counted two, and refused 300 emoji the service takes)', () => {
    const form = { ...EMPTY_BRAND_REQUEST, brand: 'Acme', website: 'acme.com' };
    expect(brandRequestProblems({ ...form, notes: '🌷'.repeat(500) })).toEqual({});
    expect(brandRequestProblems({ ...form, notes: '🌷'.repeat(501) }).notes).toBe('Notes are at most 500 characters; these are 501.');
    expect(notesCountText('🌷🌷 ok')).toBe('5 of 500 characters');
    expect(brandRequestProblems({ ...form, brand: '🌷'.repeat(200) })).toEqual({});
  });
});

describe('brandRequestOutcome', () => {
  it('says a queued request and when it will be worked on, and hands today’s count to My requests, which says it just below (it was said twice, one above the other)', () => {
    const outcome = brandRequestOutcome(created('queued', true), NOW);
    expect(outcome).toMatchObject({ tone: 'success', keepForm: false, today: { requests_today: 3, daily_limit: 50 } });
    expect(outcome.text).toBe('Requested Acme. Queued. The library signs up for its emails at the next run, at 12:00 UTC.');
  });

  it('says what the day’s count counts: brand requests, not calls to the library, and which ones', () => {
    expect(requestsTodayText(3, 50)).toBe('3 of today’s 50 brand requests used (the day ends at midnight UTC; a brand already in the library or asked for before is not counted).');
  });

  it('offers the brand’s page when it is already in the library', () => {
    expect(brandRequestOutcome(created('already_in_library', false, { name: 'Acme Home', slug: 'acme-home', url: 'https://x' }), NOW)).toMatchObject({
      text: 'Acme Home is already in the library.',
      brandSlug: 'acme-home',
    });
  });

  it('gives the current status of a brand asked for before, not counted again', () => {
    expect(brandRequestOutcome(created('signed_up', false), NOW).text).toBe('You already asked for Acme: it was not counted again. Signed up. Waiting for the first email from this brand.');
  });

  // Local time, as the clock times said are (retryAtText).
  const refusedAt = new Date(2026, 10, 24, 20, 40).getTime();

  it('says each refusal in words and keeps the form', () => {
    // A refused key: Settings fixes it (the words said so, with no way there).
    expect(brandRequestFailure(failure('unauthorized'), refusedAt)).toMatchObject({ keepForm: true, settings: true });
    // Asking needs a key: what works without one is said, as no way on without it is offered here.
    expect(brandRequestFailure(failure('unauthorized'), refusedAt).text).toBe('failed: unauthorized Your form is kept. Emails, brands and journeys can be browsed without a key.');
    expect(brandRequestFailure(failure('unavailable'), refusedAt).settings).toBeFalsy();
    expect(brandRequestFailure(failure('not_allowed'), refusedAt)).toMatchObject({ keepForm: true, text: expect.stringMatching(/adult content/) });
    expect(brandRequestFailure(failure('unavailable'), refusedAt)).toMatchObject({ keepForm: true, text: expect.stringMatching(/Try again in a moment; your form is kept/) });
    expect(brandRequestFailure(failure('unavailable'), refusedAt).sendAt).toBeUndefined();
  });

  it('holds Send until the day’s 50 start again, saying when as a long wait elsewhere is said (Send worked at once and was refused again)', () => {
    expect(brandRequestFailure(failure('daily_limit_reached', 3 * 3600 + 1200), refusedAt)).toEqual({
      tone: 'error',
      text: 'You have made today’s 50 brand requests (the day ends at midnight UTC). You can try again after Wednesday 00:00, in about 3 hours. Your form is kept.',
      keepForm: true,
      sendAt: refusedAt + (3 * 3600 + 1200) * 1000,
      // My requests says the day's count: the limit's, until the list read again gives it (it kept "3 of 50 used").
      today: { requests_today: 50, daily_limit: 50 },
    });
    const unsaid = brandRequestFailure(failure('daily_limit_reached'), refusedAt);
    expect(unsaid.text).toMatch(/You can ask again tomorrow\. Your form is kept\.$/);
    expect(unsaid.sendAt).toBeUndefined();
  });

  it('says a 429 without a countdown that stays on screen, holds Send for its wait, and keeps the form, whatever the failure (“Try again in 2 seconds” stayed for good)', () => {
    // Still true once the wait is over ("Send yours again in a moment" stayed beside "You can send your request now").
    expect(brandRequestFailure(failure('rate_limited', 2), refusedAt)).toEqual({
      tone: 'error',
      keepForm: true,
      text: 'The library had too many requests to take yours. You can send it again after a short wait. Your form is kept.',
      sendAt: refusedAt + 2000,
    });
    expect(brandRequestFailure(failure('rate_limited', 2 * 3600), refusedAt)).toMatchObject({
      text: 'The library had too many requests to take yours. You can try again after 22:40, in about 2 hours. Your form is kept.',
      sendAt: refusedAt + 2 * 3_600_000,
    });
    const unreadable = Object.assign(new Error('The email library API sent a reply Envelope cannot read.'), { code: 'invalid_response' });
    expect(brandRequestFailure(unreadable, refusedAt)).toMatchObject({ keepForm: true, text: 'The email library API sent a reply Envelope cannot read. Your form is kept.' });
  });
});

describe('formAfterSent', () => {
  it('clears what was sent and keeps a field typed in while the request was on its way', () => {
    const sent = { brand: 'Slow Lane Coffee', website: 'slowlanecoffee.com', category: 'Food', signupUrl: '', notes: 'Weekly' };
    expect(formAfterSent(sent, sent)).toEqual(EMPTY_BRAND_REQUEST);
    expect(formAfterSent({ ...sent, brand: 'Next Brand Along' }, sent)).toEqual({ ...EMPTY_BRAND_REQUEST, brand: 'Next Brand Along' });
  });
});

describe('requestedText', () => {
  it('says when a request was made in a designer’s words: the day and month, the year only when it is not this one (UTC, as the library counts days)', () => {
    expect(requestedText('2026-11-03T23:59:59.000Z', NOW)).toBe('Requested 3 Nov');
    expect(requestedText('2025-12-31T10:00:00.000Z', NOW)).toBe('Requested 31 Dec 2025');
    expect(requestedText('not a date', NOW)).toBe('');
  });
});

describe('dayUsedText', () => {
  it('says the day’s requests are all used, and what is still answered, only once the count reaches the limit', () => {
    expect(dayUsedText(49, 50)).toBeNull();
    expect(dayUsedText(50, 50)).toBe('You have used today’s 50 brand requests: a new brand can be asked for after midnight UTC. A brand already in the library, or one you asked for before, is still answered.');
    expect(dayUsedText(51, 50)).toMatch(/^You have used today’s 50 brand requests:/);
    // A count that cannot be read says nothing rather than something false.
    expect(dayUsedText(Number.NaN, 50)).toBeNull();
    expect(dayUsedText(50, Number.NaN)).toBeNull();
    expect(dayUsedText(0, 0)).toBeNull();
  });
});
