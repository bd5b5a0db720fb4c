import { describe, expect, it } from 'vitest';
import { errorFromResponse, malformedResponseError, networkError, notJsonError, timeoutError } from '../../../src/shared/api/http/error-mapping';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { templateChangedError, templateError, timedOutError } from '../../../src/templates/template-errors';
import { messageProblems } from '../../support/message-rules';
import { builder as defaultBuilderHost } from '../../../src/shared/config/api-hosts.json';
import { listMayHaveChanged, listReadProblem, saveProblem, templateProblem } from '../../../ui/templates/template-words';
import { failTemplatePage, initialTemplateList, templateListButton } from '../../../ui/templates/template-list-state';

const response = (status: number, error: string, headers: Record<string, string> = {}) =>
  errorFromResponse({ status, headers, text: JSON.stringify({ error, message: 'server words' }) }, { api: 'builder', endpoint: 'PUT /api/templates/:id', keySent: true, nowMs: 0 });

describe('template errors in words', () => {
  it('a create, update or rename out of time says whether its write may still land', () => {
    expect(timedOutError('update', 'Spring sale', 100, false).message).toBe('The builder did not answer within 100 seconds, so “Spring sale” was not updated. Try again in a little while.');
    expect(timedOutError('update', 'Spring sale', 100, true).message).toMatch(/^The builder did not confirm the update of “Spring sale” within 100 seconds, so it may still go through\./);
    expect(timedOutError('rename', undefined, 100, true).message).toMatch(/^The builder did not confirm the rename of the template within 100 seconds, so it may still go through\. Rename it again/);
    expect(timedOutError('create', 'Spring sale', 100, true).message).toMatch(/^The builder did not confirm the creation of “Spring sale” within 100 seconds, so it may still go through\. Look for it in the list below before saving again/);
    for (const action of ['create', 'update', 'rename'] as const) for (const sent of [false, true]) expect(messageProblems(timedOutError(action, 'Spring sale', 100, sent).message)).toEqual([]);
  });

  it('a 404 names the template, says it has been deleted (not by whom) and offers to unlink its frame', () => {
    const error = templateError(response(404, 'not_found'), { templateName: 'Spring sale', templateId: 'tpl_1', frameId: '1:2' }) as BridgeError;
    expect(error).toBeInstanceOf(BridgeError);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('The template “Spring sale” is no longer in the builder: it has been deleted. Unlink the frame to save it as a new template.');
    expect(error.details).toEqual({ templateId: 'tpl_1', frameId: '1:2' });
  });

  it('a 404 for a frame’s own link says both things it can mean (deleted, or another workspace than the key’s) and offers Settings beside Unlink', () => {
    const error = templateError(response(404, 'not_found'), { templateName: 'Spring sale', templateId: 'tpl_1', frameId: '1:2', fromFrameLink: true }) as BridgeError;
    expect(error.code).toBe('template_missing');
    expect(error.message).toBe(
      'The builder finds no template “Spring sale” with the saved key: it was deleted, or it is in another workspace than this key’s. If it was deleted, unlink the frame to save it as a new template; for another workspace, save that workspace’s key in Settings.',
    );
    expect(error.details).toEqual({ templateId: 'tpl_1', frameId: '1:2' });
    expect(messageProblems(error.message)).toEqual([]);
  });

  it('a 413 says the size sent', () => {
    const error = templateError(response(413, 'payload_too_large'), { templateName: 'Spring sale', bodyBytes: 2_300_000 }) as BridgeError;
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toContain('(2.3 MB)');
    expect(messageProblems(error.message)).toEqual([]);
  });

  it('401 and 429 keep the client\'s words and facts (which key; the wait)', () => {
    const unauthorized = response(401, 'invalid_api_key');
    expect(templateError(unauthorized, {})).toBe(unauthorized);
    expect(unauthorized.message).toContain('builder API key');
    // A wait Envelope does not make itself (over a minute); a shorter one it already made: template-still-rate-limited.test.ts.
    const limited = response(429, 'rate_limited', { 'retry-after': '120' });
    expect(templateError(limited, { templateId: 'tpl_1' })).toBe(limited);
    expect(limited.message).toContain('2 minutes');
  });

  it('a version saved elsewhere since the last save names the template and the two ways on', () => {
    const error = templateChangedError({ templateName: 'Spring sale', templateId: 'tpl_1', frameId: '1:2' });
    expect(error.code).toBe('template_changed');
    expect(error.message).toBe(
      'The template “Spring sale” was changed in the builder since this frame was last saved to it. Updating would replace those changes with this frame. Replace them, or unlink the frame to save it as a new template.',
    );
    expect(error.details).toEqual({ templateId: 'tpl_1', frameId: '1:2' });
    expect(messageProblems(error.message)).toEqual([]);
  });

  it('a create whose answer was lost or unreadable says the template may exist, so that a retry does not make it twice', () => {
    const context = { api: 'builder' as const, endpoint: 'POST /api/templates', keySent: true, nowMs: 0 };
    // At the built-in address (at one typed in Settings: below).
    const lost = [networkError(context, new URL(defaultBuilderHost).origin), timeoutError(context, 30_000), malformedResponseError(context, 201, 'data.id is missing'), notJsonError(context, 201, '{"data": {"id"')];
    const reasons = ['was lost (check the connection)', 'did not come in time', 'could not be read', 'could not be read'];
    lost.forEach((apiError, index) => {
      const error = templateError(apiError, { templateName: 'Spring sale', creating: true }) as BridgeError;
      expect(error).toBeInstanceOf(BridgeError);
      expect(error.code).toBe('answer_lost');
      expect(error.message).toBe(
        `The builder’s answer to saving “Spring sale” ${reasons[index]}, so the template may have been made anyway. Look for it in the list below before saving again, so that it is not made twice.`,
      );
      expect(messageProblems(error.message)).toEqual([]);
      // Not creating (a rename, an update): repeating is harmless, the client's words stay.
      expect(templateError(apiError, { templateName: 'Spring sale', templateId: 'tpl_1' })).toBe(apiError);
    });
    // A refusal is an answer: nothing was made.
    const refused = response(400, 'invalid_request');
    expect(templateError(refused, { templateName: 'Spring sale', creating: true })).toBe(refused);
  });

  it('leaves anything that is not an API error alone', () => {
    const other = new Error('x');
    expect(templateError(other, { templateId: 'tpl_1' })).toBe(other);
  });
});

describe('the builder not reached', () => {
  const context = { api: 'builder' as const, endpoint: 'GET /api/templates/:id', keySent: true, nowMs: 0 };
  // As it reaches the window from the sandbox: plain data, code and message kept.
  const bridged = (error: { code: string; message: string; details: Record<string, unknown> }) => ({ code: error.code, message: error.message, details: error.details });

  it('at an address typed in Settings, its words say to check it there: Settings is offered on the address, beside what tries again (there was no way there)', () => {
    const unreached = bridged(networkError(context, 'http://127.0.0.1:45581'));
    expect(templateProblem(unreached)).toEqual({ message: unreached.message, action: null, frameId: null, checkAddress: true });
    const listProblem = listReadProblem(unreached);
    expect(listProblem).toMatchObject({ action: null, checkAddress: true });
    // The list keeps what it read, and its Try again.
    const failed = failTemplatePage({ ...initialTemplateList, awaiting: 1 }, 1, listProblem);
    expect(templateListButton(failed)).toBe('Try again');
  });

  it('at the default address, whose words say nothing of Settings: no Settings', () => {
    const unreached = bridged(networkError(context, new URL(defaultBuilderHost).origin));
    expect(unreached.message).not.toContain('Settings');
    expect(templateProblem(unreached)).toEqual({ message: unreached.message, action: null, frameId: null });
  });
});

describe('the builder’s address sends a web page', () => {
  const context = { api: 'builder' as const, endpoint: 'GET /api/templates', keySent: true, nowMs: 0 };
  const bridged = (error: { code: string; message: string; details: Record<string, unknown> }) => ({ code: error.code, message: error.message, details: error.details });

  it('its words say to check the address in Settings: Settings is offered on the address, and the list has no Try again (asking again gets the same page), as Browse', () => {
    const page = bridged(notJsonError(context, 200, '<!doctype html><p>Sign in</p>'));
    expect(templateProblem(page)).toEqual({ message: page.message, action: 'settings', frameId: null, address: true });
    const failed = failTemplatePage({ ...initialTemplateList, awaiting: 1 }, 1, listReadProblem(page));
    expect(templateListButton(failed)).toBeNull();
    // Data cut short says nothing of the address: asked again, as before.
    const cut = bridged(notJsonError(context, 200, '{"data": ['));
    expect(templateProblem(cut)).toEqual({ message: cut.message, action: null, frameId: null });
  });
});

describe('a save or a write at an address that sends a web page or does not answer', () => {
  const context = { api: 'builder' as const, endpoint: 'POST /api/templates', keySent: true, nowMs: 0 };
  const bridged = (error: unknown) => {
    const { code, message, details } = error as { code: string; message: string; details?: Record<string, unknown> };
    return { code, message, details };
  };
  const webPage = () => notJsonError(context, 200, '<!doctype html><title>Sign in</title>');

  it('a save answered with a web page was not made: said plainly, no “look for it” warning, Settings offered on the address', () => {
    const error = bridged(templateError(webPage(), { templateName: 'Spring sale', creating: true }));
    expect(error.code).not.toBe('answer_lost');
    expect(error.message).toBe('“Spring sale” was not saved: the email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.');
    expect(messageProblems(error.message)).toEqual([]);
    expect(templateProblem(error)).toEqual({ message: error.message, action: 'settings', frameId: null, address: true });
    // Nothing was made: the list is not read again as if it might hold it.
    expect(listMayHaveChanged(error)).toBe(false);
    expect(saveProblem(error, 'Spring sale')).toEqual(templateProblem(error));
    // A nameless one.
    expect(bridged(templateError(webPage(), { templateName: '', creating: true })).message).toMatch(/^The template was not saved: /);
  });

  it('an update, rename or deletion answered with a web page was not done either', () => {
    const done = { update: 'updated', rename: 'renamed', delete: 'deleted' } as const;
    for (const writing of ['update', 'rename', 'delete'] as const) {
      const error = bridged(templateError(webPage(), { templateId: 'tpl_1', templateName: 'Spring sale', writing }));
      expect(error.message).toBe(`“Spring sale” was not ${done[writing]}: the email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.`);
      expect(templateProblem(error)).toMatchObject({ action: 'settings', address: true });
    }
    expect(bridged(templateError(webPage(), { templateId: 'tpl_1', writing: 'delete' })).message).toMatch(/^The template was not deleted: /);
  });

  it('data cut short, from the builder itself, still may hide a template made', () => {
    const error = bridged(templateError(notJsonError(context, 201, '{"data": {"id"'), { templateName: 'Spring sale', creating: true }));
    expect(error.code).toBe('answer_lost');
    expect(templateProblem(error)).toEqual({ message: error.message, action: null, frameId: null });
  });

  it('no answer at a typed address: the save may have reached the builder before the connection dropped, so the warning stays, with the address and Settings beside it', () => {
    const error = bridged(templateError(networkError(context, 'http://127.0.0.1:45581'), { templateName: 'Spring sale', creating: true }));
    expect(error.code).toBe('answer_lost');
    expect(error.message).toBe(
      'The builder’s answer to saving “Spring sale” was lost, or the builder was not reached (check the connection and the email builder’s address in Settings), so the template may have been made anyway. Look for it in the list below before saving again, so that it is not made twice.',
    );
    expect(messageProblems(error.message)).toEqual([]);
    expect(templateProblem(error)).toEqual({ message: error.message, action: null, frameId: null, checkAddress: true });
    expect(listMayHaveChanged(error)).toBe(true);
  });

  it('no answer at a typed address to a rename: it may have been renamed, with the address and Settings beside it', () => {
    const error = bridged(templateError(networkError(context, 'http://127.0.0.1:45581'), { templateId: 'tpl_1', templateName: 'Spring sale', writing: 'rename' }));
    expect(error.message).toBe(
      'The builder’s answer to renaming “Spring sale” was lost, or the builder was not reached (check the connection and the email builder’s address in Settings), so it may have been renamed all the same. Rename it again to be sure: a rename sent twice is the same rename.',
    );
    expect(templateProblem(error)).toMatchObject({ action: null, checkAddress: true });
  });
});
