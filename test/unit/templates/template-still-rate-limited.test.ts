// A template request the builder still refuses after Envelope waited as asked each time: said as
// such, with how long it waited (the client's words, as Sync says them), not with the last
// answer's short wait ("Try again in 2 seconds"), which read as if nothing was tried and stayed on
// screen long after it was over.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { errorFromResponse, stillRateLimitedError } from '../../../src/shared/api/http/error-mapping';
import { templateError } from '../../../src/templates/template-errors';
import { messageProblems } from '../../support/message-rules';

const slowDown = (retryAfter?: string) =>
  errorFromResponse(
    { status: 429, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter }, text: JSON.stringify({ error: 'rate_limited', message: 'Slow down.' }) },
    { api: 'builder', endpoint: 'PUT /api/templates/:id', keySent: true, nowMs: 0 },
  );

describe('a template request still told to slow down', () => {
  it('after the waits Envelope makes itself says how long it waited, not the last short wait, and no wait (the window says by when it ends)', () => {
    const error = templateError(stillRateLimitedError(slowDown('2'), 6), { templateName: 'Spring sale', templateId: 'tpl_1' }) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Envelope waited 6 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(messageProblems(error.message)).toEqual([]);
    // What the window decides by stays: the code, the wait asked and what was waited.
    expect({ code: error.code, retryAfterSeconds: error.retryAfterSeconds, status: error.status, waited: error.details.waitedSeconds }).toEqual({ code: 'rate_limited', retryAfterSeconds: 2, status: 429, waited: 6 });
  });

  it('with no Retry-After, no wait is worded (“a minute” stayed on screen and went untrue): the window says the stand-in one', () => {
    const error = templateError(stillRateLimitedError(slowDown(), 3.5), {}) as ApiError;
    expect(error.message).toBe('Envelope waited 4 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect({ code: error.code, retryAfterSeconds: error.retryAfterSeconds }).toEqual({ code: 'rate_limited', retryAfterSeconds: null });
  });

  it('a wait longer than Envelope makes itself, after shorter ones it sat through, says what was waited; the window says when it ends', () => {
    const waited = stillRateLimitedError(slowDown('600'), 40);
    expect(templateError(waited, { templateName: 'Spring sale' })).toBe(waited);
    const long = slowDown('600');
    expect(templateError(long, { templateName: 'Spring sale' })).toBe(long);
  });
});
