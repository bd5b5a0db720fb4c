// An email's page names the email when the library no longer has it, and asks no more of a fresh
// read after its screenshot failed than whether the email is gone.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { emailProblem, goneAfterScreenshot } from '../../../ui/library/email/email-problem';

const failure = (code: ConstructorParameters<typeof ApiError>[0]['code'], status: number | null, serverCode?: string) =>
  new ApiError({ api: 'library', endpoint: 'GET /v1/emails/1001', status, code, message: `failed: ${code}`, serverCode });

describe('emailProblem', () => {
  it('says a removed email is no longer in the library, naming it as an email', () => {
    expect(emailProblem(failure('not_found', 404, 'not_found'))).toMatchObject({ kind: 'not_found', message: 'This email is no longer in the library.' });
  });

  it('leaves other troubles in the library’s words', () => {
    expect(emailProblem(failure('unavailable', 503)).message).toBe('The library is unavailable right now. Try again in a little while.');
  });
});

describe('goneAfterScreenshot', () => {
  it('is the gone notice when the fresh read is a 404 of the library’s own', () => {
    expect(goneAfterScreenshot(failure('not_found', 404, 'not_found'))?.message).toBe('This email is no longer in the library.');
  });

  it('is nothing for any other failure: the screenshot’s own words stay', () => {
    expect(goneAfterScreenshot(failure('network_error', null))).toBeNull();
    expect(goneAfterScreenshot(failure('rate_limited', 429))).toBeNull();
    expect(goneAfterScreenshot(failure('not_found', 404))).toBeNull();
  });
});
