// API errors said in the Templates screen's terms. The client's messages are already sentences
// for people; a 404 and a 413 need to say *which* template and *how large*, which only this
// room knows. Branches on the error's code, never on its words.
import { megabytesText } from '../shared/api/builder/requests';
import { ApiError } from '../shared/api/http/api-error';
import { UNANSWERED_TYPED_ADDRESS, WEB_PAGE } from '../shared/api/http/error-mapping';
import { BridgeError } from '../shared/bridge/bridge-error';
import { blankName, quotedName } from '../shared/quoted-name';
import { LOOK_IN_LIST, lostAnswerOf, lostAnswerWords, lostSaveWords } from '../shared/lost-save-words';
import type { LostSaveFacts } from '../shared/bridge/messages';

export interface TemplateErrorFacts {
  /** The template's name as this file knows it, when known. */
  templateName?: string;
  templateId?: string;
  /** The frame linked to it here, when there is one (the UI offers to unlink it). */
  frameId?: string;
  /**
   * The id came from the frame's link, not from this key's list: the frame may have been saved
   * with another workspace's key, and a 404 cannot tell that from a deletion.
   */
  fromFrameLink?: boolean;
  /** The size of the body that was sent. */
  bodyBytes?: number;
  /** A create: never repeated by the client, so a lost answer may hide a template made. */
  creating?: boolean;
  /** An update, rename or deletion that was sent: its lost answer may hide it done too ("could not reach" said otherwise). */
  writing?: 'update' | 'rename' | 'delete';
}

const LOST_WRITE_WORDS = {
  update: { verb: 'updating', done: 'updated', again: 'Update again to be sure: an update sent twice is the same update.' },
  rename: { verb: 'renaming', done: 'renamed', again: 'Rename it again to be sure: a rename sent twice is the same rename.' },
  delete: { verb: 'deleting', done: 'deleted', again: 'Delete it again to be sure.' },
} as const;

const NOT_DONE = { create: 'saved', update: 'updated', rename: 'renamed', delete: 'deleted' } as const;

export function templateError(error: unknown, facts: TemplateErrorFacts): unknown {
  if (!(error instanceof ApiError)) return error;
  const action = facts.creating === true ? 'create' : facts.writing;
  // A web page answered: the address reaches something other than the builder (which answers in
  // data), so nothing was made or changed there. Said plainly, the address's flag kept (Settings is offered).
  if (action !== undefined && error.details.problem === WEB_PAGE) {
    const { api, endpoint, status, code } = error;
    const named = facts.templateName === undefined ? 'The template' : quotedName(facts.templateName, 'The template');
    const message = `${named} was not ${NOT_DONE[action]}: the email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.`;
    return new ApiError({ api, endpoint, status, code, message, problem: WEB_PAGE });
  }
  // Why the answer is unknown (lost-save-words.ts); undefined when it was read.
  const answer = lostAnswerOf(error.code);
  // No answer at an address typed in Settings that never answered: said beside the connection, its flag kept (Settings is offered).
  const typed = error.code === 'network_error' && error.details.problem === UNANSWERED_TYPED_ADDRESS;
  const lostDetails = typed ? { problem: UNANSWERED_TYPED_ADDRESS } : undefined;
  if (answer !== undefined && facts.creating === true) {
    // The facts go with the words: the window says them otherwise while its list cannot be read.
    const lostSave: LostSaveFacts = { templateName: facts.templateName ?? '', answer, ...(typed ? { typedAddress: true } : {}) };
    return new BridgeError('answer_lost', lostSaveWords(lostSave, false), { ...lostDetails, lostSave });
  }
  if (answer !== undefined && facts.writing !== undefined) {
    const words = LOST_WRITE_WORDS[facts.writing];
    const named = facts.templateName === undefined ? 'the template' : quotedName(facts.templateName, 'the template');
    return new BridgeError('answer_lost', `The builder’s answer to ${words.verb} ${named} ${lostAnswerWords(answer, typed)}, so it may have been ${words.done} all the same. ${words.again}`, lostDetails);
  }
  const named = facts.templateName === undefined || blankName(facts.templateName) ? 'This template' : `The template “${facts.templateName}”`;
  if (error.code === 'not_found' && facts.templateId !== undefined && facts.fromFrameLink === true && facts.frameId !== undefined) {
    // Unlinking would cut a link that is fine for whoever holds that workspace's key: it is
    // offered beside Settings, not as the way on.
    return new BridgeError(
      'template_missing',
      `The builder finds no ${blankName(facts.templateName ?? '') ? 'such template' : `template “${facts.templateName}”`} with the saved key: it was deleted, or it is in another workspace than this key’s. If it was deleted, unlink the frame to save it as a new template; for another workspace, save that workspace’s key in Settings.`,
      { templateId: facts.templateId, frameId: facts.frameId },
    );
  }
  if (error.code === 'not_found' && facts.templateId !== undefined) {
    // Not said to be "elsewhere": after a deletion of it from here whose answer was lost, most
    // likely it was that one (the list names it so, template-words.ts deletedText).
    const unlink = facts.frameId === undefined ? '' : ' Unlink the frame to save it as a new template.';
    return new BridgeError('not_found', `${named} is no longer in the builder: it has been deleted.${unlink}`, {
      templateId: facts.templateId,
      ...(facts.frameId === undefined ? {} : { frameId: facts.frameId }),
    });
  }
  if (error.code === 'payload_too_large') {
    const size = facts.bodyBytes === undefined ? '' : ` (${megabytesText(facts.bodyBytes)})`;
    return new BridgeError('payload_too_large', `${named} was too large for the builder${size}, which takes at most 2 MB per request. Make the frame smaller or split it.`, {
      ...(facts.bodyBytes === undefined ? {} : { bytes: facts.bodyBytes }),
    });
  }
  // Anything else keeps the client's words. A "slow down" refused again after the request waited
  // as asked says how long (stillRateLimitedError, as Sync says it), never the last answer's short
  // wait; the window says by when the wait ends and holds the button until then (template-words.ts).
  return error;
}

const TIMED_OUT_WORDS = {
  // Sent twice, a create makes two templates.
  create: { noun: 'creation', done: 'created', again: LOOK_IN_LIST },
  update: { noun: 'update', done: 'updated', again: 'Update again to be sure: an update sent twice is the same update.' },
  rename: { noun: 'rename', done: 'renamed', again: 'Rename it again to be sure: a rename sent twice is the same rename.' },
} as const;

/**
 * A create, an update or a rename that ran out of its time (a builder that stalls, or keeps
 * asking to slow down): said before the window stops waiting, with whether its write may still
 * land (Figma's fetch cannot be called back). `writeSent` goes with the words: the window's own
 * timeout has the same code, and only a write sent may have been done.
 */
export function timedOutError(action: 'create' | 'update' | 'rename', templateName: string | undefined, seconds: number, writeSent: boolean): BridgeError {
  const words = TIMED_OUT_WORDS[action];
  const named = quotedName(templateName ?? '', 'the template');
  return new BridgeError(
    'timeout',
    writeSent
      ? `The builder did not confirm the ${words.noun} of ${named} within ${seconds} seconds, so it may still go through. ${words.again}`
      : `The builder did not answer within ${seconds} seconds, so ${named} was not ${words.done}. Try again in a little while.`,
    { writeSent },
  );
}

/**
 * The builder holds a version of the template that this frame's last save did not make (a
 * teammate's, or another file's): an update would replace it unseen, so it waits to be asked.
 */
export function templateChangedError(facts: { templateName: string; templateId: string; frameId: string }): BridgeError {
  return new BridgeError(
    'template_changed',
    `${blankName(facts.templateName) ? 'The template' : `The template “${facts.templateName}”`} was changed in the builder since this frame was last saved to it. Updating would replace those changes with this frame. Replace them, or unlink the frame to save it as a new template.`,
    { templateId: facts.templateId, frameId: facts.frameId },
  );
}

/** Update of a frame with no link to update (the selection shows it as linked no longer). */
export function notLinkedError(frameName: string): BridgeError {
  return new BridgeError('not_linked', `${quotedName(frameName, 'The frame')} is not linked to a template. Save it as a template first.`);
}

/** Update of a frame whose save made a template it is no longer linked to (undo took the link back, or a copy of the file). */
export function noLongerLinkedError(frameName: string): BridgeError {
  return new BridgeError(
    'not_linked',
    `Nothing was sent: ${quotedName(frameName, 'the frame')} is no longer linked to the template its save made. Link it again to update that template.`,
  );
}

/**
 * The builder holds a later version than the frame's link names, one this designer sent from this
 * frame (sent-versions-store.ts): ⌘Z took the link back, or this file is a copy of the one it was
 * sent from (Figma keeps ids in a duplicate, so the two cannot be told apart). Asked, never sent
 * unseen: in a copy, that version is the designer's newer work.
 */
export function laterOwnVersionError(facts: { templateName: string; templateId: string; frameId: string }): BridgeError {
  return new BridgeError(
    'template_changed',
    `${blankName(facts.templateName) ? 'The template' : `The template “${facts.templateName}”`} holds a later version than this frame’s link remembers, one you sent from this frame (undo took its link back, or this file is a copy). Updating would replace that version with this frame as it is now. Replace it, or unlink the frame to save it as a new template.`,
    { templateId: facts.templateId, frameId: facts.frameId, ownVersion: true },
  );
}

/**
 * Linking a frame to a template in the list (a save whose answer was lost) is refused when the
 * template holds other content than the frame now: linked, its next update would be taken for
 * this frame's and replace that content unseen.
 */
export function otherContentError(templateName: string, frameName: string): BridgeError {
  return new BridgeError(
    'other_content',
    `${quotedName(frameName, 'The frame')} was not linked: the template ${quotedName(templateName, 'with no name')} holds other content than the frame has now (it was changed since it was saved, or it is another frame’s). Save the frame as a template again, or pick another template.`,
  );
}

/** The template this frame's save made, offered to link again, was changed in the builder since (a teammate): linked, its next update would replace that unseen. */
export function changedSinceSaveError(templateName: string, frameName: string): BridgeError {
  return new BridgeError(
    'other_content',
    `${quotedName(frameName, 'The frame')} was not linked again: the template ${quotedName(templateName, 'with no name')} was changed in the builder since this frame was saved to it. Save the frame as a new template, or ask who changed it.`,
  );
}

/** The frame is linked already: linking it to another template would cut that link unseen. */
export function alreadyLinkedError(frameName: string, templateName: string): BridgeError {
  return new BridgeError('already_linked', `${quotedName(frameName, 'The frame')} is already linked to ${quotedName(templateName, 'a template with no name')}. Unlink it first to link it to another template.`);
}

/**
 * A save of a frame linked since its form was drawn (an earlier save of it, given up on by the
 * window while it waited its turn here, was made): a second template would take the link.
 */
export function savedMeanwhileError(frameName: string, templateName: string): BridgeError {
  return new BridgeError(
    'already_linked',
    `${quotedName(frameName, 'The frame')} was saved as the template ${quotedName(templateName, 'with no name')} meanwhile and is linked to it, so no second template was made. Update template saves your changes to it.`,
  );
}

/**
 * The frame was copied from another file, where it was saved as this template: it is that file's
 * (this file's index cannot see whether a frame there still holds it). Offered only after a lost
 * save, by name and content: the template that save made, if any, is the one to link.
 */
export function savedInOtherFileError(templateName: string, frameName: string): BridgeError {
  const named = quotedName(templateName, 'with no name');
  return new BridgeError('linked_elsewhere', `${quotedName(frameName, 'The frame')} was copied from another file, where it was saved as the template ${named}, so nothing was linked: that template is the other file’s. If the list shows another template ${named} that this frame’s save made, link the frame to that one.`);
}

/** Another frame in this file is linked to the template: one template is linked to one frame. */
export function heldByOtherFrameError(templateName: string, frameName: string): BridgeError {
  return new BridgeError('linked_elsewhere', `The template ${quotedName(templateName, 'with no name')} is already linked to the frame ${quotedName(frameName, 'with no name')} in this file, so nothing was linked. Pick another template, or save this frame as a new one.`);
}
