// Unlinking a frame from its template, here only (the builder is not asked), wherever it is
// offered: the save section's Unlink and the "Unlink the frame" beside an update's failure, and the
// one beside a rename refused because a teammate deleted the template (in its row, or above the
// list for a row the filter hides). One request, whose answer is the selection as it is now: it is
// shown as answered, not asked for again, and the list's row of the template stops naming the frame
// at once. What was done is said in one sentence; a failure says that it was the unlink that failed,
// and of which frame (its own words often say neither), with Unlink the frame beside it to try again.
import type { TemplateRow, TemplateSelection } from '../../src/shared/bridge/messages';
import { named, quotedName } from '../../src/shared/quoted-name';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { errorText } from '../messages/error-text';
import { BUILDER_REQUEST_TIMEOUT_MS, type TemplateProblem } from './template-words';

export interface UnlinkTarget {
  frameId: string;
  /** The frame as a sentence names it, lower case: “Cover”, the frame “Cover”, its frame (after words naming its template). */
  frame: string;
  /** The frame where no words before name its template (a failure above the list): `frame` when not given. */
  frameAlone?: string;
  /** What the frame was linked to, as the sentence says it: "a template" when not given, "it" after words naming the template. */
  linkedTo?: string;
}

export interface UnlinkAnswered {
  /** The selection as the sandbox answered the unlink. */
  onSelection: (selection: TemplateSelection) => void;
  /** The list's row of the frame's template no longer names it. */
  onUnlinked: (frameId: string) => void;
  /** What was done, in words (unlinkedText), in the same turn as the selection is shown. */
  onSaid: (words: string, selection: TemplateSelection) => void;
}

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** "“Cover” is no longer linked to a template." */
export function unlinkedText(target: UnlinkTarget): string {
  return `${capitalized(target.frame)} is no longer linked to ${target.linkedTo ?? 'a template'}.`;
}

/** A failed unlink: "The frame “Cover” could not be unlinked: …", the frame still linked, so Unlink the frame is offered again. */
export function unlinkProblem(error: unknown, target: UnlinkTarget): TemplateProblem {
  return { message: `${capitalized(target.frameAlone ?? target.frame)} could not be unlinked: ${errorText(error)}`, action: 'unlink', frameId: target.frameId };
}

/**
 * The frame still linked here to a template gone from the builder, as the template's row knows it
 * (the refusal gives the frame's id alone): said after the template's own words, so named as a frame
 * (it often has the template's name); with no name known, "its frame", or where those words are not
 * said, "the frame linked to “Spring”".
 */
export function goneTemplateFrame(row: TemplateRow, frameId: string): UnlinkTarget {
  const known = row.linkedFrame?.id === frameId ? named('frame', row.linkedFrame.name) : null;
  return { frameId, frame: known ?? 'its frame', frameAlone: known ?? `the frame linked to ${quotedName(row.name, 'the template with no name')}`, linkedTo: 'it' };
}

/**
 * Unlinks the frame: resolves once its answer is shown (the selection as answered, the list's row)
 * and said; rejects with its failure, nothing shown (unlinkProblem says it, where the caller shows failures).
 */
export function unlinkFrameAsync(endpoint: Pick<UiEndpoint, 'request'>, target: UnlinkTarget, answered: UnlinkAnswered): Promise<TemplateSelection> {
  // Queued in the sandbox behind the builder's template requests (one at a time): waited for as long as they are.
  return endpoint.request('templates/unlink', { frameId: target.frameId }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }).then((selection) => {
    answered.onSelection(selection);
    answered.onUnlinked(target.frameId);
    answered.onSaid(unlinkedText(target), selection);
    return selection;
  });
}
