import { describe, expect, it } from 'vitest';
import type { TemplateRow, TemplateSaveOutcome } from '../../../src/shared/bridge/messages';
import { countText, deletedText, filterTemplates, linkedSelectionText, listedLinkName, listMayHaveChanged, problemBesideList, saveOutcomeText, saveProblem, templateProblem } from '../../../ui/templates/template-words';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { timedOutError } from '../../../src/templates/template-errors';
import { messageProblems } from '../../support/message-rules';

const row = (name: string): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: null });
const selection = { kind: 'frame' as const, what: '', frame: { id: '1:2', name: 'Spring' }, link: null, lostLink: null, otherFileTemplateId: null, undoneSave: null };

describe('template words', () => {
  it('filters by name as typed, any case', () => {
    const rows = [row('Spring sale'), row('Welcome email'), row('SPRING launch')];
    expect(filterTemplates(rows, ' spring ').map((each) => each.name)).toEqual(['Spring sale', 'SPRING launch']);
    expect(filterTemplates(rows, '')).toHaveLength(3);
    expect(filterTemplates(rows, 'zzz')).toEqual([]);
  });

  it('says what a save did', () => {
    const template = row('Spring sale');
    const saved = (outcome: TemplateSaveOutcome['outcome'], changes: TemplateSaveOutcome['changes'] = []): TemplateSaveOutcome => ({
      outcome,
      template: outcome === 'unchanged' ? null : template,
      changes,
      previewSize: outcome === 'unchanged' ? null : { width: 600, height: 1400 },
      selection,
    });
    const texts = [
      saveOutcomeText(saved('created'), 'Spring'),
      saveOutcomeText(saved('updated', ['text', 'fill']), 'Spring'),
      saveOutcomeText(saved('updated'), 'Spring'),
      saveOutcomeText(saved('unchanged'), 'Spring'),
    ];
    expect(texts).toEqual([
      'Saved “Spring sale” as a template with a 600 × 1400 px preview.',
      'Updated “Spring sale” with a 600 × 1400 px preview. Changed since the last save: text, fill.',
      'Updated “Spring sale” with a 600 × 1400 px preview.',
      'Nothing to update: “Spring” is as it was when last saved.',
    ]);
    for (const text of texts) expect(messageProblems(text)).toEqual([]);
  });

  it('says what a save did to a frame or template with no name in words (it said “”)', () => {
    const saved = (outcome: TemplateSaveOutcome['outcome']): TemplateSaveOutcome => ({ outcome, template: outcome === 'unchanged' ? null : row(' '), changes: [], previewSize: null, selection });
    expect(saveOutcomeText(saved('unchanged'), '')).toBe('Nothing to update: the frame is as it was when last saved.');
    expect(saveOutcomeText(saved('updated'), '')).toBe('Updated the template.');
  });

  it('picks the button by the error code: Settings for a refused key, Unlink for a template gone', () => {
    expect(templateProblem({ code: 'unauthorized', message: 'The builder API key was not accepted.' })).toEqual({ message: 'The builder API key was not accepted.', action: 'settings', frameId: null });
    expect(templateProblem({ code: 'unauthorized', message: 'The builder API key was not accepted.', details: { status: 401 } }).keyMissing).toBeUndefined();
    expect(templateProblem({ code: 'unauthorized', message: 'This needs a builder API key. Add one in Settings.', details: { status: null } })).toEqual({ message: 'This needs a builder API key. Add one in Settings.', action: 'settings', frameId: null, keyMissing: true });
    expect(templateProblem({ code: 'not_found', message: 'Gone.', details: { templateId: 't', frameId: '1:2' } })).toEqual({ message: 'Gone.', action: 'unlink', frameId: '1:2' });
    expect(templateProblem({ code: 'not_found', message: 'Gone.', details: { templateId: 't' } }).action).toBeNull();
    // A frame's template the key cannot find (deleted, or another workspace's): Settings and Unlink, neither pushed.
    expect(templateProblem({ code: 'template_missing', message: 'Not found.', details: { templateId: 't', frameId: '1:2' } })).toEqual({ message: 'Not found.', action: 'missing', frameId: '1:2' });
    // A newer version saved elsewhere: replacing it is offered (unlinking too, beside it).
    expect(templateProblem({ code: 'template_changed', message: 'Changed.', details: { templateId: 't', frameId: '1:2' } })).toEqual({ message: 'Changed.', action: 'replace', frameId: '1:2' });
    // The words never decide: a message about keys with another code gets no button.
    expect(templateProblem({ code: 'rate_limited', message: 'Check the key in Settings.' }).action).toBeNull();
  });

  it('a save whose answer was lost reads the list again (the template may be in it); other failures do not', () => {
    expect(listMayHaveChanged({ code: 'answer_lost', message: 'Lost.' })).toBe(true);
    for (const code of ['unauthorized', 'rate_limited', 'network_error', 'template_changed']) expect(listMayHaveChanged({ code, message: 'x' })).toBe(false);
    expect(listMayHaveChanged(new Error('x'))).toBe(false);
  });

  it('a save the window stopped waiting for may still go through: the list reads again and the words say not to save twice', () => {
    const timeout = { code: 'timeout', message: 'Figma did not answer Envelope within 2 minutes. It may be busy with a large file: wait a moment, then try again.' };
    expect(listMayHaveChanged(timeout)).toBe(true);
    const problem = saveProblem(timeout, 'Spring sale');
    expect(problem.message).toBe('Envelope stopped waiting for the save of “Spring sale”, which may still go through. Look for it in the list below before saving again, so that it is not made twice.');
    expect(problem.message).not.toMatch(/try again/);
    expect(messageProblems(problem.message)).toEqual([]);
    // Other failures keep their own words and buttons.
    expect(saveProblem({ code: 'unauthorized', message: 'The builder API key was not accepted.' }, 'Spring sale')).toEqual(templateProblem({ code: 'unauthorized', message: 'The builder API key was not accepted.' }));
  });

  it('a save the sandbox gave up on before sending keeps its definite words, and the list is not read again for it', () => {
    // As the window receives it, across the bridge.
    const unsent = BridgeError.fromWire(timedOutError('create', 'Spring sale', 100, false).toWire());
    expect(listMayHaveChanged(unsent)).toBe(false);
    const problem = saveProblem(unsent, 'Spring sale');
    expect(problem.message).toBe('The builder did not answer within 100 seconds, so “Spring sale” was not created. Try again in a little while.');
    expect(problem.lostSave).toBeUndefined();
    // Beside a list that failed too, the same words: nothing is to be looked for there.
    expect(problemBesideList(problem, true).message).toBe(problem.message);
  });

  it('a save the sandbox sent and got no answer to in time may have been made: the list reads again, and the words say to look there', () => {
    const sent = BridgeError.fromWire(timedOutError('create', 'Spring sale', 100, true).toWire());
    expect(listMayHaveChanged(sent)).toBe(true);
    const problem = saveProblem(sent, 'Spring sale');
    expect(problem.lostSave).toEqual({ templateName: 'Spring sale', answer: 'timeout' });
    expect(problem.message).toBe('The builder’s answer to saving “Spring sale” did not come in time, so the template may have been made anyway. Look for it in the list below before saving again, so that it is not made twice.');
    expect(problemBesideList(problem, true).message).toMatch(/ once the list loads again, /);
    expect(messageProblems(problem.message)).toEqual([]);
  });

  it('an update or rename the sandbox gave up on before sending reads no list again; one sent may have landed', () => {
    for (const action of ['update', 'rename'] as const) {
      expect(listMayHaveChanged(BridgeError.fromWire(timedOutError(action, 'Spring sale', 100, false).toWire()))).toBe(false);
      expect(listMayHaveChanged(BridgeError.fromWire(timedOutError(action, 'Spring sale', 100, true).toWire()))).toBe(true);
    }
  });

  it('counts the list in words', () => {
    expect(countText(5, 5, 5, '')).toBe('5 templates in the workspace.');
    expect(countText(1, 1, 1, '')).toBe('1 template in the workspace.');
    // An empty workspace says so, not "0 templates".
    expect(countText(0, 0, 0, '')).toBe('No templates in the workspace yet.');
    expect(countText(1, 5, 5, 'final')).toBe('1 of 5 templates match “final”.');
    expect(countText(2, 50, 120, 'x', 'Show more')).toBe('2 of 120 templates match “x” (50 loaded; show more to search them all).');
  });

  it('names the button the list offers to search the rest, or none when it offers none', () => {
    // A page that could not be read: the button says Try again, not Show more.
    expect(countText(0, 50, 120, 'x', 'Try again')).toBe('0 of 120 templates match “x” (50 loaded; try again to search them all).');
    expect(countText(0, 50, 51, 'x', null)).toBe('0 of 51 templates match “x” (50 loaded).');
  });

  it('says a linked frame or template with no name in words, never as empty quotes', () => {
    expect(linkedSelectionText('Spring', 'Spring sale', 'just now')).toBe('“Spring” is linked to the template “Spring sale”, saved just now.');
    expect(linkedSelectionText('', ' ', 'just now')).toBe('The selected frame is linked to a template with no name, saved just now.');
  });

  it('names the selected frame’s template as the list does when the list’s version is later, compared as times', () => {
    const link = { templateId: 'Spring (approved)', savedAt: '2026-11-21T10:00:00Z' };
    const listed = (updatedAt: string) => [{ ...row('Spring (approved)'), updatedAt }];
    expect(listedLinkName(listed('2026-11-21T10:00:00.250+00:00'), link)).toBe('Spring (approved)');
    expect(listedLinkName(listed('2026-11-21T10:30:00+01:00'), link)).toBeUndefined();
    expect(listedLinkName(listed('2026-11-21T10:00:00.000+00:00'), link)).toBeUndefined();
    expect(listedLinkName(listed('2026-11-21T10:00:00.250Z'), { ...link, templateId: 'other' })).toBeUndefined();
    expect(listedLinkName(listed('2026-11-21T10:00:00.250Z'), null)).toBeUndefined();
  });
});

describe('what the list says of a template gone', () => {
  it('names a lost deletion of its own when a rename or its unlink found it gone, and says “Deleted” when Delete did', () => {
    expect(deletedText('Spring', false, 'delete')).toBe('Deleted “Spring”.');
    expect(deletedText('Spring', true, 'delete')).toBe('“Spring” was already deleted elsewhere.');
    expect(deletedText('Spring', true, 'rename')).toBe('“Spring” was already deleted elsewhere.');
    expect(deletedText('Spring', false, 'rename')).toBe('“Spring” is gone: most likely your earlier deletion went through.');
    expect(deletedText('Spring', false, 'unlink')).toBe('“Spring” is gone: most likely your earlier deletion went through.');
    expect(deletedText('', false, 'rename')).toBe('The template with no name is gone: most likely your earlier deletion went through.');
    for (const asked of ['delete', 'rename', 'unlink'] as const) for (const elsewhere of [true, false]) expect(messageProblems(deletedText('Spring', elsewhere, asked))).toEqual([]);
  });
});
