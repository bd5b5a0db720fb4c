// What goes with the templates list besides its rows: the filter above it and the button below.
// Without a builder key the screen showed an empty "Filter by name" over no list, and a "Try again"
// that could only fail the same way until a key was saved (whose save reads the list anyway).
import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, failTemplatePage, initialTemplateList, showsTemplateFilter, templateListButton, type TemplateListState } from '../../../ui/templates/template-list-state';
import { actionProblem, listReadProblem, templateProblem, type TemplateProblem } from '../../../ui/templates/template-words';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/shared/api/http/retry-policy';

const row = (name: string): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: null });
const page = (names: string[], total: number): TemplatePage => ({ templates: names.map(row), page: 1, total, hasMore: names.length < total });
const answered = (answer: TemplatePage): TemplateListState => answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, answer);
const failed = (state: TemplateListState, action: TemplateProblem['action']): TemplateListState =>
  failTemplatePage(askTemplatePage(state, 1, state.awaiting + 1), state.awaiting + 1, { message: 'Said in words.', action, frameId: null });

describe('the templates list with no key, or a key refused', () => {
  it('shows no filter and no "Try again": Open Settings is the step, and saving a key reads the list again', () => {
    const never = failed(initialTemplateList, 'settings');
    expect(showsTemplateFilter(never, '')).toBe(false);
    expect(templateListButton(never)).toBeNull();
  });

  it('keeps the filter over the templates already shown when the key is refused later, still without "Try again"', () => {
    // Read again with the same key (after a change here, or on coming back to the screen): the rows shown stay.
    const refused = failTemplatePage(askTemplatePage(answered(page(['Welcome', 'Receipt'], 4)), 1, 2, true), 2, { message: 'Said in words.', action: 'settings', frameId: null });
    expect(showsTemplateFilter(refused, '')).toBe(true);
    expect(templateListButton(refused)).toBeNull();
  });
});

describe('the templates list after another failure', () => {
  it('offers "Try again" (a slowed-down or dropped read), with no filter until templates were read', () => {
    const dropped = failed(initialTemplateList, null);
    expect(templateListButton(dropped)).toBe('Try again');
    expect(showsTemplateFilter(dropped, '')).toBe(false);
  });
});

// A "slow down" longer than the sandbox waits out itself (a minute) was said as "Try again in 2
// minutes" beside a Try again that went at once and only failed the same way.
describe('the templates list told by the builder to wait', () => {
  const slowDown = (seconds: number) => ({ code: 'rate_limited', message: 'The email builder asked Envelope to slow down. Try again in 2 minutes.', details: { status: 429, retryAfterSeconds: seconds } });
  const readFailed = (error: unknown) => failTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, listReadProblem(error));

  it('over a minute (up to the five the other screens count down): no Try again, the wait counted down and the list read again at its end', () => {
    const waiting = readFailed(slowDown(120));
    expect(waiting.problem?.retryAfterSeconds).toBe(120);
    expect(waiting.problem?.message).not.toMatch(/try again/i);
    expect(templateListButton(waiting)).toBeNull();
    expect(readFailed(slowDown(300)).problem?.retryAfterSeconds).toBe(300);
  });

  it('refused again after the sandbox waited out a wait of up to a minute: a minute (the builder counts a rolling minute) counted down with the sandbox’s words, and the list read again at its end (it said “Try again in a minute”, which went untrue, and offered a Try again it would refuse)', () => {
    const said = 'Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.';
    const short = readFailed({ code: 'rate_limited', message: said, details: { status: 429, retryAfterSeconds: 3, waitedSeconds: 3 } });
    expect(short.problem?.retryAfterSeconds).toBe(60);
    expect(short.problem?.message).toBe(said);
    expect(templateListButton(short)).toBeNull();
  });

  it('of hours: no countdown to sit through, the wait said by when it ends and Try again held until then (it went at once and was refused again)', () => {
    const before = Date.now();
    const long = readFailed(slowDown(7200));
    expect(long.problem?.retryAfterSeconds).toBeUndefined();
    expect(long.problem?.message).toMatch(/^The email builder asked Envelope to slow down for a while\. You can try again after .*\d\d:\d\d, in about 2 hours\.$/);
    expect(long.problem?.tryAgainAt).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(long.problem?.tryAgainAt).toBeLessThanOrEqual(Date.now() + 7_200_000);
    expect(templateListButton(long)).toBe('Try again');
  });

  it('with no wait given (no Retry-After): the stand-in wait every screen says then, counted down with the sandbox’s words kept, and the list read again at its end (it said “Try again in a minute”, which went untrue)', () => {
    const said = 'Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.';
    const waiting = readFailed({ code: 'rate_limited', message: said, details: { status: 429, retryAfterSeconds: null, waitedSeconds: 3 } });
    expect(waiting.problem?.retryAfterSeconds).toBe(DEFAULT_RETRY_AFTER_SECONDS);
    expect(waiting.problem?.message).toBe(said);
    expect(templateListButton(waiting)).toBeNull();
  });

  it('other failures of the read are the same problems as elsewhere on the screen', () => {
    const unavailable = { code: 'unavailable', message: 'The email builder is temporarily unavailable. Try again in a moment.', details: { status: 503, retryAfterSeconds: 120 } };
    expect(listReadProblem(unavailable)).toEqual({ message: unavailable.message, action: null, frameId: null });
    expect(listReadProblem(null).retryAfterSeconds).toBeUndefined();
  });
});

describe('the templates list once read', () => {
  it('has the filter over templates and "Show more" while pages are left, none of them over an empty workspace', () => {
    expect(showsTemplateFilter(answered(page(['Welcome'], 60)), '')).toBe(true);
    expect(templateListButton(answered(page(['Welcome'], 60)))).toBe('Show more');
    expect(templateListButton(answered(page(['Welcome'], 1)))).toBeNull();
    expect(showsTemplateFilter(answered(page([], 0)), '')).toBe(false);
  });

  it('keeps the filter while something is typed in it, whatever the list holds', () => {
    expect(showsTemplateFilter(answered(page([], 0)), 'spring')).toBe(true);
  });
});

// A save, rename or deletion told to wait over a minute said "Try again in 2 minutes" beside a
// button that went at once and was refused again.
describe('a save, rename or deletion told by the builder to wait', () => {
  const slowDown = (seconds: number) => ({ code: 'rate_limited', message: 'The email builder asked Envelope to slow down. Try again in 2 minutes.', details: { status: 429, retryAfterSeconds: seconds } });
  const now = new Date(2026, 10, 29, 12, 5).getTime();
  const problemOf = (error: unknown) => actionProblem(templateProblem(error), error, now);

  it('over a minute: says when it can be tried again, and holds its button until then', () => {
    expect(problemOf(slowDown(120))).toEqual({
      message: 'The email builder asked Envelope to slow down for a while, so nothing was changed. You can try again after 12:07, in about 2 minutes.',
      action: null,
      frameId: null,
      tryAgainAt: now + 120_000,
    });
    expect(problemOf(slowDown(7_200)).tryAgainAt).toBe(now + 7_200_000);
  });

  it('Open over a minute: says the template was not opened (“nothing was changed” said nothing of what Open asked for), and holds it the same way', () => {
    expect(actionProblem(templateProblem(slowDown(120)), slowDown(120), now, 'open')).toEqual({
      message: 'The email builder asked Envelope to slow down for a while, so the template was not opened. You can try again after 12:07, in about 2 minutes.',
      action: null,
      frameId: null,
      tryAgainAt: now + 120_000,
    });
  });

  it('with no wait given (no Retry-After): the sandbox’s words, then when the stand-in wait ends, its button held until then (it said “Try again in a minute”, which went untrue)', () => {
    const said = 'Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.';
    const none = { code: 'rate_limited', message: said, details: { status: 429, retryAfterSeconds: null, waitedSeconds: 3 } };
    expect(problemOf(none)).toEqual({ message: `${said} You can try again after 12:05:30, in about 30 seconds.`, action: null, frameId: null, tryAgainAt: now + DEFAULT_RETRY_AFTER_SECONDS * 1000 });
  });

  it('refused again after the sandbox waited out a wait of up to a minute: a minute from the refusal (the builder counts a rolling minute), said by when it ends, its button held until then (it said “Try again in a minute”, which went untrue)', () => {
    const said = 'Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.';
    const still = { code: 'rate_limited', message: said, details: { status: 429, retryAfterSeconds: 30, waitedSeconds: 3 } };
    expect(problemOf(still)).toEqual({ message: `${said} You can try again after 12:06:00, in about a minute.`, action: null, frameId: null, tryAgainAt: now + 60_000 });
  });

  it('over a minute after shorter waits the sandbox sat through: what it waited (as Sync says it), not only “slow down for a while”, and when it can be tried again', () => {
    const said = 'Envelope waited 4 seconds as the email builder asked, and it still asks Envelope to slow down.';
    const waited = { code: 'rate_limited', message: said, details: { status: 429, retryAfterSeconds: 600, waitedSeconds: 4 } };
    expect(problemOf(waited)).toEqual({ message: `${said} You can try again after 12:15, in about 10 minutes.`, action: null, frameId: null, tryAgainAt: now + 600_000 });
  });

  it('other failures: as they were', () => {
    const unavailable = { code: 'unavailable', message: 'The email builder is temporarily unavailable. Try again in a moment.', details: { status: 503, retryAfterSeconds: 120 } };
    expect(problemOf(unavailable)).toEqual(templateProblem(unavailable));
  });
});
