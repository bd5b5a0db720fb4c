// The reference check's pure parts and its email check: one request per distinct email, a 429
// waited out, other failures "couldn't check" and never "gone", the summary in words.
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorCode } from '../../../src/shared/api/http/api-error';
import { errorFromResponse } from '../../../src/shared/api/http/error-mapping';
import type { FoundReference } from '../../../src/shared/bridge/messages';
import { checkEmailsAsync } from '../../../ui/library/references/check-emails';
import { checkPacing, checkProgressText, classifyEmailError, distinctEmailIds, emptiedBoardsText, goneReferences, hiddenText, pacingText, removalText, summaryText, withoutRemoved, type EmailCheckProgress, placeTexts } from '../../../ui/library/references/reference-check';
import { messageProblems } from '../../support/message-rules';

const apiError = (code: ApiErrorCode, status: number | null, retryAfterSeconds?: number) =>
  new ApiError({ api: 'library', endpoint: 'GET /v1/emails/:id', status, code, message: `The library says ${code}.`, retryAfterSeconds, serverCode: code === 'not_found' ? 'not_found' : null });
/** A 404 as the client reads it from a reply with this body. */
const notFoundWith = (text: string) =>
  errorFromResponse({ status: 404, headers: {}, text }, { api: 'library', endpoint: 'GET /v1/emails/{id}', keySent: false, nowMs: 0 });

const reference = (nodeId: string, emailId: number, pageName = 'Page 1'): FoundReference => ({
  nodeId, name: `Frame ${nodeId}`, pageId: `p-${pageName}`, pageName, x: 0, y: 0, within: null, emailId, brandName: 'Cedar & Clay', subject: `Email ${emailId}`,
});

describe('distinctEmailIds and goneReferences', () => {
  it('asks about each email once, in the order met, and lists every reference to a gone one', () => {
    const references = [reference('1', 7), reference('2', 3), reference('3', 7, 'Page 2'), reference('4', 5)];
    expect(distinctEmailIds(references)).toEqual([7, 3, 5]);
    expect(goneReferences({ references, goneEmailIds: new Set([7]) }).map((found) => found.nodeId)).toEqual(['1', '3']);
  });
});

describe('checkPacing', () => {
  it('needs no wait within one minute’s allowance, a minute for each allowance beyond it', () => {
    expect(checkPacing(0, false)).toEqual({ concurrency: 1, limitPerMinute: 20, waitSeconds: 0 });
    expect(checkPacing(20, false).waitSeconds).toBe(0);
    expect(checkPacing(21, false).waitSeconds).toBe(60);
    expect(checkPacing(45, false).waitSeconds).toBe(120);
    expect(checkPacing(1_200, true)).toEqual({ concurrency: 4, limitPerMinute: 1_200, waitSeconds: 0 });
    expect(checkPacing(2, true).concurrency).toBe(2);
  });

  it('says how long a long check takes, and nothing for a short one', () => {
    expect(pacingText(checkPacing(5, false), false)).toBeNull();
    expect(pacingText(checkPacing(45, false), false)).toBe('This takes about 2 minutes: without a library key, the library answers 20 requests a minute.');
    expect(pacingText(checkPacing(1_300, true), true)).toBe('This takes about 1 minute: with your key, the library answers 1200 requests a minute.');
  });
});

describe('classifyEmailError', () => {
  it('counts only not_found as gone; a 429 is waited out; everything else is a failure', () => {
    expect(classifyEmailError(apiError('not_found', 404))).toBe('gone');
    expect(classifyEmailError(apiError('rate_limited', 429, 3))).toBe('wait');
    for (const code of ['unauthorized', 'server_error', 'unavailable', 'network_error', 'timeout', 'malformed_response'] as const) {
      expect(classifyEmailError(apiError(code, null))).toBe('failed');
    }
    expect(classifyEmailError(new Error('boom'))).toBe('failed');
  });

  it('counts a 404 as gone only when the library says not_found (a wrong address or a proxy’s 404 page removes nothing)', () => {
    expect(classifyEmailError(notFoundWith(JSON.stringify({ error: { code: 'not_found', message: 'No email 7' } })))).toBe('gone');
    expect(classifyEmailError(notFoundWith('<html><body>404 Not Found</body></html>'))).toBe('failed');
    expect(classifyEmailError(notFoundWith(''))).toBe('failed');
    expect(classifyEmailError(notFoundWith(JSON.stringify({ error: { code: 'route_missing', message: 'No route' } })))).toBe('failed');
  });
});

describe('summaryText', () => {
  it('counts references, emails and removed ones; says what could not be checked and is not counted', () => {
    const references = [reference('1', 7), reference('2', 3), reference('3', 7)];
    expect(summaryText({ references, goneEmailIds: new Set([7]), unchecked: new Map(), unreadable: 0 })).toBe('3 references to 2 emails; 1 removed from the library.');
    expect(summaryText({ references: [reference('1', 7)], goneEmailIds: new Set(), unchecked: new Map(), unreadable: 0 })).toBe('1 reference to 1 email; 0 removed from the library.');
    const text = summaryText({ references, goneEmailIds: new Set(), unchecked: new Map([[3, 'The library is unavailable right now. Try again in a little while.']]), unreadable: 2 });
    expect(text).toBe(
      '3 references to 2 emails; 0 removed from the library. Couldn’t check 1 email: The library is unavailable right now. Try again in a little while. It is not counted as removed. 2 frames with a reference record Envelope cannot read were left alone.',
    );
    expect(messageProblems(text)).toEqual([]);
  });

  it('counts no removed emails when none could be checked (it said “0 removed from the library” beside “Couldn’t check 2 emails”)', () => {
    const references = [reference('1', 7), reference('2', 3), reference('3', 7)];
    const offline = 'You are offline.';
    expect(summaryText({ references, goneEmailIds: new Set(), unchecked: new Map([[7, offline], [3, offline]]), unreadable: 0 })).toBe(
      '3 references to 2 emails. Couldn’t check 2 emails: You are offline. They are not counted as removed; check again once you are online.',
    );
  });
});

describe('summaryText after a removal', () => {
  const references = [reference('1', 7), reference('2', 3), reference('3', 7, 'Page 2'), reference('4', 5), reference('5', 9)];
  const outcome = { references, goneEmailIds: new Set([7, 9]), unchecked: new Map<number, string>(), unreadable: 0 };

  it('says the references to the removed emails were removed, not “0 removed from the library” (read as if none had been found)', () => {
    const text = summaryText(withoutRemoved(outcome, new Set(['1', '3', '5'])));
    expect(text).toBe('2 references to 2 emails; the references to the 2 emails removed from the library were removed.');
    expect(messageProblems(text)).toEqual([]);
    expect(summaryText(withoutRemoved({ ...outcome, goneEmailIds: new Set([7]) }, new Set(['1', '3'])))).toBe('3 references to 3 emails; the references to the email removed from the library were removed.');
    expect(summaryText(withoutRemoved({ ...outcome, references: references.slice(0, 1), goneEmailIds: new Set([7]) }, new Set(['1'])))).toBe(
      'No library references are left in this file: the references to the email removed from the library were removed.',
    );
  });

  it('still counts a removed email whose references the designer kept, and what could not be checked', () => {
    const kept = withoutRemoved({ ...outcome, unchecked: new Map([[3, 'You are offline.']]) }, new Set(['1']));
    expect(summaryText(kept)).toBe('4 references to 4 emails; 2 removed from the library. Couldn’t check 1 email: You are offline. It is not counted as removed; check again once you are online.');
    expect(summaryText(withoutRemoved(outcome, new Set(['1', '3'])))).toBe('3 references to 3 emails; 1 removed from the library.');
  });
});

describe('summaryText: when to check again, said once', () => {
  const references = [reference('1', 7), reference('2', 3), reference('3', 7)];
  it('says the time to try again once, with no vaguer “check again later” beside it', () => {
    const refusal = 'The library asks us to slow down for a while. You can try again after 18:35, in about an hour.';
    const text = summaryText({ references, goneEmailIds: new Set([7]), unchecked: new Map([[3, refusal]]), unreadable: 0 });
    expect(text).toBe(`3 references to 2 emails; 1 removed from the library. Couldn’t check 1 email: ${refusal} It is not counted as removed.`);
    expect(text.match(/again/g)).toHaveLength(1);
    expect(messageProblems(text)).toEqual([]);
  });

  it('offline: says so, counts a removal an earlier check heard with when that check was, and when to check again', () => {
    const at = new Date(2026, 10, 30, 18, 20).getTime();
    const text = summaryText({ references, goneEmailIds: new Set([7]), unchecked: new Map([[3, 'You are offline.']]), unreadable: 0, goneBeforeAt: at });
    expect(text).toBe('3 references to 2 emails; 1 removed from the library (as the check at 18:20 found). Couldn’t check 1 email: You are offline. It is not counted as removed; check again once you are online.');
    expect(messageProblems(text)).toEqual([]);
  });
});

describe('removalText', () => {
  it('says how many went and, for each that stayed, where it is and why', () => {
    expect(removalText({ removed: 2, failures: [] })).toBe('Removed 2 references (one undo step in Figma).');
    expect(removalText({ removed: 0, failures: [{ nodeId: '1:3', name: 'Sale', pageName: 'Cover', reason: 'Someone deleted it after the check.' }] })).toBe(
      'No reference was removed. “Sale” on page “Cover” was not removed. Someone deleted it after the check.',
    );
    const text = removalText({
      removed: 1,
      failures: [
        { nodeId: '1:2', name: 'Cedar & Clay — Sale', pageName: 'Moodboard', reason: 'The frame is inside a component instance: detach the instance, then remove the reference.' },
        { nodeId: '1:3', name: '', pageName: '', reason: 'Someone deleted it after the check.' },
      ],
    });
    expect(text).toBe(
      'Removed 1 reference (one undo step in Figma). “Cedar & Clay — Sale” on page “Moodboard” was not removed. The frame is inside a component instance: detach the instance, then remove the reference. A reference was already deleted from the file.',
    );
    expect(messageProblems(text)).toEqual([]);
    // Deleted since the check: done, not refused, and named from the list.
    const listed = [{ nodeId: '1:3', name: 'Ref', pageId: '0:1', pageName: 'Cover', x: 0, y: 0, within: null, emailId: 7, brandName: 'Acme', subject: 'Sale' }];
    expect(removalText({ removed: 0, failures: [{ nodeId: '1:3', name: '', pageName: '', reason: 'Someone deleted it after the check.' }] }, listed)).toBe(
      'No reference was removed. “Acme: Sale” on page “Cover”, on the canvas was already deleted from the file.',
    );
  });
  it('names one already deleted in the words of its row: where it is, and which of two alike', () => {
    const reference = { name: 'Ref', pageId: '0:1', pageName: 'Cover', x: 0, y: 0, emailId: 7, brandName: 'Acme', subject: 'Sale' };
    const board = { kind: 'board' as const, name: 'Spring' };
    const listed = [
      { ...reference, nodeId: '1:2', within: board },
      { ...reference, nodeId: '1:3', within: board },
      { ...reference, nodeId: '1:4', within: null },
    ];
    const gone = (nodeId: string) => ({ nodeId, name: '', pageName: '', reason: 'Someone deleted it after the check.' });
    const text = removalText({ removed: 1, failures: [gone('1:3')] }, listed);
    expect(text).toBe('Removed 1 reference (one undo step in Figma). “Acme: Sale” on page “Cover”, in the journey board “Spring” (2 of 2) was already deleted from the file.');
    expect(text).toContain(placeTexts(listed)[1]);
    expect(messageProblems(text)).toEqual([]);
  });
  it('names one that was not removed in the words of its row, as one already deleted is (it said the frame’s layer name and page alone)', () => {
    const reference = { name: 'Acme — Sale', pageId: '0:1', pageName: 'Cover', x: 0, y: 0, emailId: 7, brandName: 'Acme', subject: 'Sale' };
    const listed = [
      { ...reference, nodeId: '1:2', within: { kind: 'board' as const, name: 'Spring' } },
      { ...reference, nodeId: '1:3', within: { kind: 'board' as const, name: 'Spring' } },
    ];
    const refused = { nodeId: '1:3', name: 'Acme — Sale', pageName: 'Cover', reason: 'The frame is inside a component instance: detach the instance, then remove the reference.' };
    const text = removalText({ removed: 1, failures: [refused] }, listed);
    expect(text).toBe(
      'Removed 1 reference (one undo step in Figma). “Acme: Sale” on page “Cover”, in the journey board “Spring” (2 of 2) was not removed. The frame is inside a component instance: detach the instance, then remove the reference.',
    );
    expect(text).toContain(placeTexts(listed)[1]);
    expect(messageProblems(text)).toEqual([]);
  });
  it('never quotes a blank page or frame name as “”', () => {
    const listed = [{ nodeId: '1:3', name: 'Ref', pageId: '0:1', pageName: ' ', x: 0, y: 0, within: null, emailId: 7, brandName: 'Acme', subject: 'Sale' }];
    const reason = 'Someone deleted it after the check.';
    expect(removalText({ removed: 0, failures: [{ nodeId: '1:3', name: '', pageName: '', reason }] }, listed)).toBe('No reference was removed. “Acme: Sale” on a page with no name, on the canvas was already deleted from the file.');
    const unlisted = removalText({ removed: 0, failures: [{ nodeId: '1:4', name: ' ', pageName: '\u200b', reason: 'Its record no longer names a removed email, so it was left as it is.' }] });
    expect(unlisted).toBe('No reference was removed. A reference with no name on a page with no name was not removed. Its record no longer names a removed email, so it was left as it is.');
    const board = removalText({ removed: 1, failures: [], boards: [{ name: '', pageName: '' }] });
    expect(board).toBe('Removed 1 reference (one undo step in Figma). A journey board with no name on a page with no name held no other reference, so it was removed too.');
    const boards = emptiedBoardsText([
      { name: ' ', pageName: 'Emails' },
      { name: 'Petal — journey', pageName: '' },
    ]);
    expect(boards).toBe('2 journey boards held no other reference, so they were removed too: one with no name on page “Emails”; “Petal — journey” on a page with no name.');
    for (const text of [unlisted, board, boards]) expect(text).not.toContain('“”');
    expect([...messageProblems(unlisted), ...messageProblems(board), ...messageProblems(boards)]).toEqual([]);
  });
  it('says which references kept their frame for the layers the designer added in it, in its row’s words, and that those layers stay', () => {
    const listed = [{ nodeId: '1:3', name: 'Acme — Sale', pageId: '0:1', pageName: 'Cover', x: 0, y: 0, within: null, emailId: 7, brandName: 'Acme', subject: 'Sale' }];
    const text = removalText({ removed: 2, failures: [], framesKept: [{ nodeId: '1:3', name: 'Acme — Sale', pageName: 'Cover' }] }, listed);
    expect(text).toBe('Removed 2 references (one undo step in Figma). “Acme: Sale” on page “Cover”, on the canvas held layers you added: its screenshot and caption were removed, and its frame stays with your layers in it.');
    // Not listed: Figma's name for it, on its page.
    const unlisted = removalText({ removed: 1, failures: [], framesKept: [{ nodeId: '1:4', name: 'Petal — Hello', pageName: 'Moodboard' }] });
    expect(unlisted).toBe('Removed 1 reference (one undo step in Figma). “Petal — Hello” on page “Moodboard” held layers you added: its screenshot and caption were removed, and its frame stays with your layers in it.');
    expect([...messageProblems(text), ...messageProblems(unlisted)]).toEqual([]);
  });
  it('names the journey boards that went with their last reference, after the references', () => {
    const text = removalText({ removed: 1, failures: [], boards: [{ name: 'Acme — journey', pageName: 'Emails' }] });
    expect(text).toBe('Removed 1 reference (one undo step in Figma). The journey board “Acme — journey” on page “Emails” held no other reference, so it was removed too.');
    expect(messageProblems(text)).toEqual([]);
  });
});

describe('emptiedBoardsText', () => {
  it('names each board removed with its page, and says nothing when none was', () => {
    const one = emptiedBoardsText([{ name: 'Acme — journey', pageName: 'Emails' }]);
    expect(one).toBe('The journey board “Acme — journey” on page “Emails” held no other reference, so it was removed too.');
    const two = emptiedBoardsText([
      { name: 'Acme — journey', pageName: 'Emails' },
      { name: 'Petal — journey', pageName: 'Moodboard' },
    ]);
    expect(two).toBe('2 journey boards held no other reference, so they were removed too: “Acme — journey” on page “Emails”; “Petal — journey” on page “Moodboard”.');
    expect([...messageProblems(one), ...messageProblems(two)]).toEqual([]);
    expect(emptiedBoardsText()).toBe('');
  });
});

describe('checkProgressText', () => {
  it('counts the emails in the singular when there is one (it said “1 of 1 emails”), and leaves the seconds out (said apart)', () => {
    expect(checkProgressText({ done: 0, total: 1, waitingSeconds: 1 })).toBe('The library asked us to slow down (0 of 1 email checked).');
    expect(checkProgressText({ done: 3, total: 12, waitingSeconds: 20 })).toBe('The library asked us to slow down (3 of 12 emails checked).');
    expect(checkProgressText({ done: 3, total: 12, waitingSeconds: null })).toBe('Checking emails with the library: 3 of 12…');
  });
});

describe('checkEmailsAsync', () => {
  const run = (ids: number[], answer: (id: number, attempt: number) => Promise<unknown>, maxWaits?: number) => {
    const asked: number[] = [];
    const slept: number[] = [];
    const progress: EmailCheckProgress[] = [];
    const attempts = new Map<number, number>();
    let inFlight = 0;
    let peak = 0;
    let clock = 0;
    const result = checkEmailsAsync(ids, {
      getEmailAsync: async (id) => {
        asked.push(id);
        const attempt = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, attempt);
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          await Promise.resolve();
          return await answer(id, attempt);
        } finally {
          inFlight--;
        }
      },
      concurrency: 2,
      onProgress: (step) => progress.push(step),
      sleepAsync: (ms) => {
        slept.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      now: () => clock,
      signal: new AbortController().signal,
      ...(maxWaits === undefined ? {} : { maxWaits }),
    });
    return { result, asked, slept, progress, peak: () => peak };
  };

  it('asks once per email, at most `concurrency` at a time, and reports progress to the end', async () => {
    const check = run([1, 2, 3, 4, 5], (id) => (id === 4 ? Promise.reject(apiError('not_found', 404)) : Promise.resolve({})));
    const { gone, unchecked } = await check.result;
    expect([...gone]).toEqual([4]);
    expect(unchecked.size).toBe(0);
    expect(check.asked.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(check.peak()).toBe(2);
    expect(check.progress.at(-1)).toEqual({ done: 5, total: 5, waitingSeconds: null });
  });

  it('says a 404 that is not the library’s own is not a removal, and why', async () => {
    const check = run([1, 2], (id) => (id === 1 ? Promise.reject(notFoundWith('<html>Not Found</html>')) : Promise.resolve({})));
    const { gone, unchecked } = await check.result;
    expect(gone.size).toBe(0);
    expect(unchecked.get(1)).toMatch(/address in Settings may be wrong/);
    expect(messageProblems(unchecked.get(1)!)).toEqual([]);
  });

  it('waits out a 429 for its Retry-After and asks again', async () => {
    const check = run([1, 2], (id, attempt) => (id === 2 && attempt === 1 ? Promise.reject(apiError('rate_limited', 429, 7)) : Promise.reject(apiError('not_found', 404))));
    const { gone } = await check.result;
    expect([...gone].sort()).toEqual([1, 2]);
    // Seven seconds in all, said second by second.
    expect(check.slept).toEqual(Array<number>(7).fill(1_000));
    expect([...new Set(check.progress.map((step) => step.waitingSeconds).filter((seconds) => seconds !== null))]).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // The other email answered meanwhile: counted, and the wait still said (not "Checking").
    const waits = check.progress.map((step) => step.waitingSeconds);
    const during = waits.slice(waits.findIndex((seconds) => seconds !== null), waits.length - [...waits].reverse().findIndex((seconds) => seconds !== null) - 1);
    expect(during).not.toContain(null);
    expect(check.progress.some((step) => step.done === 1 && step.waitingSeconds !== null)).toBe(true);
  });

  it('says the library’s whole wait, counting down, until the asking goes on (it said the last 429’s shorter wait, then “Checking” while held)', async () => {
    // The library's pause holds every request until the longest wait ends (the client's gate);
    // the first email is told 3 seconds, the second 1 second a moment later.
    vi.useFakeTimers();
    try {
      const start = Date.now();
      const clock = () => Date.now() - start;
      const seen: Array<{ at: number; waitingSeconds: number | null }> = [];
      const check = checkEmailsAsync([1, 2], {
        getEmailAsync: (id) =>
          new Promise((resolve, reject) =>
            setTimeout(() => (clock() >= 3_000 ? resolve({}) : reject(apiError('rate_limited', 429, id === 1 ? 3 : 1))), id === 1 ? 0 : 10),
          ),
        concurrency: 2,
        onProgress: (step) => seen.push({ at: clock(), waitingSeconds: step.waitingSeconds }),
        sleepAsync: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        now: () => Date.now(),
        signal: new AbortController().signal,
      });
      await vi.runAllTimersAsync();
      const result = await check;
      expect(result.unchecked.size).toBe(0);
      const first429 = seen.findIndex((step) => step.waitingSeconds !== null);
      const whileHeld = seen.slice(first429).filter((step) => step.at < 3_000);
      // Every report before the wait ends says how long is left of the whole wait: 3, 2, 1.
      expect(whileHeld.map((step) => step.waitingSeconds)).toEqual(whileHeld.map((step) => Math.ceil((3_000 - step.at) / 1_000)));
      expect(new Set(whileHeld.map((step) => step.waitingSeconds))).toEqual(new Set([3, 2, 1]));
      // "Checking" again once the wait is over, not before.
      expect(seen.slice(first429).find((step) => step.waitingSeconds === null)?.at).toBe(3_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never counts a failure as gone: other errors, and 429s beyond the waits, are "couldn’t check"', async () => {
    const check = run([1, 2, 3], (id) =>
      id === 1 ? Promise.reject(apiError('server_error', 500)) : id === 2 ? Promise.reject(apiError('rate_limited', 429, 1)) : Promise.resolve({}),
    2);
    const { gone, unchecked } = await check.result;
    expect(gone.size).toBe(0);
    expect([...unchecked.keys()].sort()).toEqual([1, 2]);
    expect(unchecked.get(1)).toBe('The library is unavailable right now. Try again in a little while.');
    expect(unchecked.get(2)).toBe('The library kept asking us to slow down.');
    expect(check.slept).toEqual([1_000, 1_000]);
  });

  it('does not sit out a wait of hours: the email and those not yet asked are "couldn’t check", with when to try again (it asked again every 30 seconds, and asked the rest)', async () => {
    // The wall clock at 10:00, so "in about an hour" stays today (after 23:00 the words name tomorrow).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 10, 0));
    const check = run([1, 2, 3, 4], (id) => (id === 1 ? Promise.reject(apiError('rate_limited', 429, 3_600)) : Promise.resolve({})));
    const { gone, unchecked, tryAgainAt } = await check.result.finally(() => vi.useRealTimers());
    expect(check.slept).toEqual([]);
    // When Check again can work: References holds it until then.
    expect(tryAgainAt).toBe(new Date(2026, 11, 1, 11, 0).getTime());
    expect(check.asked.sort()).toEqual([1, 2]);
    expect(gone.size).toBe(0);
    expect([...unchecked.keys()].sort()).toEqual([1, 3, 4]);
    expect(new Set(unchecked.values()).size).toBe(1);
    expect(unchecked.get(3)).toBe('The library asks us to slow down for a while. You can try again after 11:00, in about an hour.');
    expect(check.progress.every((step) => step.waitingSeconds === null)).toBe(true);
  });

  it('a wait of hours lets go of the requests the library holds for it (they would wait the hours) and says the first refusal only', async () => {
    let heldLetGo = false;
    let release: () => void = () => undefined;
    const check = checkEmailsAsync([1, 2], {
      getEmailAsync: (id, signal) =>
        id === 1
          ? Promise.reject(apiError('rate_limited', 429, 3_600))
          : new Promise((resolve, reject) => {
              release = () => resolve({});
              signal.addEventListener('abort', () => {
                heldLetGo = true;
                reject(apiError('cancelled', null));
              });
            }),
      concurrency: 2,
      onProgress: () => undefined,
      sleepAsync: () => Promise.resolve(),
      now: () => 0,
      signal: new AbortController().signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const letGo = heldLetGo;
    release();
    const { unchecked } = await check;
    expect(letGo).toBe(true);
    expect(new Set(unchecked.values()).size).toBe(1);
    expect([...unchecked.keys()].sort()).toEqual([1, 2]);
  });

  it('offline: an email an earlier check heard is removed still counts as removed, the others are “You are offline”', async () => {
    const offline = apiError('network_error', null);
    const result = await checkEmailsAsync([1, 2], {
      getEmailAsync: () => Promise.reject(offline),
      concurrency: 2,
      onProgress: () => undefined,
      sleepAsync: () => Promise.resolve(),
      now: () => 0,
      signal: new AbortController().signal,
      goneBefore: new Map([[1, 500]]),
      isOffline: () => true,
    });
    expect([...result.gone]).toEqual([1]);
    expect(result.goneBeforeAt).toBe(500);
    expect([...result.unchecked]).toEqual([[2, 'You are offline.']]);
  });

  it('stopped part way: no further request, and the emails not answered are "not checked", never "still there"', async () => {
    const stop = new AbortController();
    const asked: number[] = [];
    const result = await checkEmailsAsync([1, 2, 3, 4], {
      getEmailAsync: (id) => {
        asked.push(id);
        if (id === 2) stop.abort(); // the person presses Stop while the second email is asked
        return id === 2 ? Promise.reject(apiError('not_found', 404)) : Promise.resolve({});
      },
      concurrency: 1,
      onProgress: () => undefined,
      sleepAsync: () => Promise.resolve(),
      now: () => 0,
      signal: stop.signal,
    });
    expect(asked).toEqual([1, 2]);
    expect([...result.gone]).toEqual([2]);
    expect([...result.unchecked.keys()].sort()).toEqual([3, 4]);
    expect(result.unchecked.get(3)).toBe('The check was stopped before they were asked.');
  });

  it('stops at once on Stop: the emails on their way are let go (they held the library’s slots) and a 429’s wait ends', async () => {
    const stop = new AbortController();
    const letGo: number[] = [];
    const result = checkEmailsAsync([1, 2, 3], {
      // The library does not answer 1 and 2; 3 is asked to wait a minute.
      getEmailAsync: (id, signal) =>
        id === 3
          ? Promise.reject(apiError('rate_limited', 429, 60))
          : new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => {
                letGo.push(id);
                reject(apiError('cancelled', null));
              }),
            ),
      concurrency: 3,
      onProgress: (progress) => progress.waitingSeconds === 60 && stop.abort(),
      sleepAsync: (_ms, signal) => new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve()))),
      now: () => 0,
      signal: stop.signal,
    });
    const { gone, unchecked } = await result;
    expect(letGo.sort()).toEqual([1, 2]);
    expect(gone.size).toBe(0);
    expect([...unchecked.entries()].sort()).toEqual([1, 2, 3].map((id) => [id, 'The check was stopped before they were asked.']));
  });
});

describe('hiddenText', () => {
  it('names everything that hides a reference: itself, and each hidden layer holding it, so showing one does not leave it unseen', () => {
    expect(hiddenText('Acme: Sale', { itself: true, layerNames: [] })).toBe('“Acme: Sale” is selected but hidden, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it.');
    expect(hiddenText('Acme: Sale', { itself: false, layerNames: ['Moodboard'] })).toBe(
      '“Acme: Sale” is selected but inside the hidden layer “Moodboard”, so it does not show on the canvas. Show “Moodboard” in Figma’s Layers panel to see it.',
    );
    const both = hiddenText('Acme: Sale', { itself: true, layerNames: ['Moodboard'] });
    expect(both).toBe(
      '“Acme: Sale” is selected but hidden, and inside the hidden layer “Moodboard”, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it, and show “Moodboard” in the Layers panel.',
    );
    expect(hiddenText('Acme: Sale', { itself: true, layerNames: ['Moodboard', 'Column 2'] })).toBe(
      '“Acme: Sale” is selected but hidden, and inside the hidden layers “Moodboard” and “Column 2”, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it, and show “Moodboard” and “Column 2” in the Layers panel.',
    );
    expect(messageProblems(both)).toEqual([]);
  });
});

describe('placeTexts', () => {
  const at = (nodeId: string, emailId: number, pageName: string, within: FoundReference['within']): FoundReference => ({ ...reference(nodeId, emailId, pageName), within });

  it('says the page and the layer at its top that holds each reference, never coordinates', () => {
    const places = placeTexts([
      at('1', 7, 'Inspiration', { kind: 'section', name: 'Welcome emails' }),
      at('2', 3, 'Inspiration', { kind: 'board', name: 'Spring journey' }),
      at('3', 5, 'Moodboard', { kind: 'frame', name: 'Hero ideas' }),
      at('4', 9, 'Moodboard', { kind: 'group', name: ' ' }),
      at('5', 11, 'Moodboard', null),
    ]);
    expect(places).toEqual([
      'page “Inspiration”, in the section “Welcome emails”',
      'page “Inspiration”, in the journey board “Spring journey”',
      'page “Moodboard”, in the frame “Hero ideas”',
      'page “Moodboard”, in a group with no name',
      'page “Moodboard”, on the canvas',
    ]);
  });

  it('says a page whose name is blank as a page with no name (it read “On page “””)', () => {
    const places = placeTexts([at('1', 7, '', null), at('2', 3, '  ', { kind: 'board', name: '' }), at('3', 5, '\u200b', { kind: 'frame', name: 'Hero ideas' })]);
    expect(places).toEqual(['a page with no name, on the canvas', 'a page with no name, in a journey board with no name', 'a page with no name, in the frame “Hero ideas”']);
  });

  it('tells apart references to one email in one place by their order, and only those', () => {
    const places = placeTexts([at('1', 7, 'Cover', null), at('2', 3, 'Cover', null), at('3', 7, 'Cover', null), at('4', 7, 'Cover', { kind: 'board', name: 'Journey' })]);
    expect(places).toEqual(['page “Cover”, on the canvas (1 of 2)', 'page “Cover”, on the canvas', 'page “Cover”, on the canvas (2 of 2)', 'page “Cover”, in the journey board “Journey”']);
  });
});
