// A save that may have been made, said from its facts by the sandbox and by the window alike: the
// window says "once the list loads again" while the list below shows its own failure, composed
// from the error's code and facts, never by editing the sandbox's sentence.
import { describe, expect, it } from 'vitest';
import { LOOK_IN_LIST, lostSaveWords } from '../../../src/shared/lost-save-words';
import { templateError } from '../../../src/templates/template-errors';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { toWireError } from '../../../src/shared/bridge/bridge-error';
import { problemBesideList, saveProblem, templateProblem } from '../../../ui/templates/template-words';
import { UNANSWERED_TYPED_ADDRESS } from '../../../src/shared/api/http/error-mapping';
import { messageProblems } from '../../support/message-rules';

/** The error as the window gets it: across the bridge, as a plain code, message and details. */
const acrossBridge = (error: unknown) => BridgeError.fromWire(toWireError(error));
const lostCreate = (code: string, problem?: string) =>
  acrossBridge(templateError(new ApiError({ api: 'builder', endpoint: 'POST /templates', status: null, code: code as 'network_error', message: 'x', ...(problem === undefined ? {} : { problem }) }), { creating: true, templateName: 'Spring sale' }));

describe('a save that may have been made, while the list below could not be read', () => {
  it('says to look in the list once it loads again', () => {
    const lost = lostCreate('network_error');
    expect(lost.message).toContain(LOOK_IN_LIST);
    expect(problemBesideList(saveProblem(lost, 'Spring sale'), true).message).toBe(
      'The builder’s answer to saving “Spring sale” was lost (check the connection), so the template may have been made anyway. Look for it in the list below once the list loads again, before saving again, so that it is not made twice.',
    );
    // The list loads again: the sandbox's words, as it said them.
    expect(problemBesideList(saveProblem(lost, 'Spring sale'), false).message).toBe(lost.message);
  });

  it('leaves other words as they are', () => {
    const refused = { code: 'unauthorized', message: 'The builder API key was not accepted.', details: { status: 401 } };
    expect(problemBesideList(saveProblem(refused, 'Spring sale'), true)).toEqual(templateProblem(refused));
    // An update's lost answer says to update again, not to look in the list.
    const update = acrossBridge(templateError(new ApiError({ api: 'builder', endpoint: 'PUT /templates/:id', status: null, code: 'timeout', message: 'x' }), { templateId: 't', templateName: 'Spring sale', writing: 'update' }));
    expect(problemBesideList(templateProblem(update), true).message).toBe(update.message);
  });
});

describe('the words of a save that may have been made, composed from its facts', () => {
  it('say what became of the answer and where to look, as the list fares', () => {
    const said = (listFailed: boolean) => ({
      lost: lostSaveWords({ templateName: 'Spring sale', answer: 'network_error' }, listFailed),
      late: lostSaveWords({ templateName: 'Spring sale', answer: 'timeout' }, listFailed),
      unread: lostSaveWords({ templateName: 'Spring sale', answer: 'malformed_response' }, listFailed),
      cut: lostSaveWords({ templateName: 'Spring sale', answer: 'not_json' }, listFailed),
      typed: lostSaveWords({ templateName: 'Spring sale', answer: 'network_error', typedAddress: true }, listFailed),
      stopped: lostSaveWords({ templateName: 'Spring sale', answer: 'window_stopped' }, listFailed),
      nameless: lostSaveWords({ templateName: '\u200b ', answer: 'timeout' }, listFailed),
    });
    const look = 'Look for it in the list below before saving again, so that it is not made twice.';
    const lookLater = 'Look for it in the list below once the list loads again, before saving again, so that it is not made twice.';
    const happened = {
      lost: 'The builder’s answer to saving “Spring sale” was lost (check the connection), so the template may have been made anyway.',
      late: 'The builder’s answer to saving “Spring sale” did not come in time, so the template may have been made anyway.',
      unread: 'The builder’s answer to saving “Spring sale” could not be read, so the template may have been made anyway.',
      cut: 'The builder’s answer to saving “Spring sale” could not be read, so the template may have been made anyway.',
      typed: 'The builder’s answer to saving “Spring sale” was lost, or the builder was not reached (check the connection and the email builder’s address in Settings), so the template may have been made anyway.',
      stopped: 'Envelope stopped waiting for the save of “Spring sale”, which may still go through.',
      nameless: 'The builder’s answer to saving a template with no name did not come in time, so the template may have been made anyway.',
    };
    for (const [listFailed, after] of [[false, look], [true, lookLater]] as const) {
      const words = said(listFailed);
      for (const [key, sentence] of Object.entries(happened)) {
        expect(words[key as keyof typeof happened]).toBe(`${sentence} ${after}`);
        expect(messageProblems(words[key as keyof typeof happened])).toEqual([]);
      }
    }
  });

  it('the sandbox sends the facts it said, and the window says the same words from them', () => {
    for (const [code, problem] of [['network_error'], ['timeout'], ['malformed_response'], ['not_json'], ['network_error', UNANSWERED_TYPED_ADDRESS]] as const) {
      const lost = lostCreate(code, problem);
      expect(lost.code).toBe('answer_lost');
      const shown = saveProblem(lost, 'Spring sale');
      expect(shown.lostSave).toEqual({ templateName: 'Spring sale', answer: code, ...(problem === undefined ? {} : { typedAddress: true }) });
      expect(problemBesideList(shown, false).message).toBe(lost.message);
      expect(problemBesideList(shown, true).message).toBe(lostSaveWords(shown.lostSave!, true));
    }
  });

  it('a lost answer whose facts did not come keeps its words as they came', () => {
    const bare = { code: 'answer_lost', message: 'The builder’s answer was lost.', details: { lostSave: { templateName: 'Spring sale', answer: 'gone' } } };
    expect(saveProblem(bare, 'Spring sale').lostSave).toBeUndefined();
    expect(problemBesideList(saveProblem(bare, 'Spring sale'), true).message).toBe('The builder’s answer was lost.');
  });
});
