// What a save whose answer was not read says: what became of the answer, that the template may
// have been made, and to look in the list below before saving again. Composed from the facts by
// the sandbox and by the window alike: the window says "once the list loads again" while the list
// below shows its own failure (no template could be looked for there then), and a change of words
// here changes both, where editing the sandbox's sentence stopped matching it unseen.
import type { LostSaveFacts } from './bridge/messages';
import { quotedName } from './quoted-name';

export const LOOK_IN_LIST = 'Look for it in the list below before saving again, so that it is not made twice.';

const LOOK_ONCE_LIST_LOADS = 'Look for it in the list below once the list loads again, before saving again, so that it is not made twice.';

/** What became of a write's answer, by the builder client's code. */
const ANSWER_WORDS: Record<LostSaveFacts['answer'], string> = {
  network_error: 'was lost (check the connection)',
  timeout: 'did not come in time',
  // A 2xx whose body is not a template (or not JSON): the builder made one.
  malformed_response: 'could not be read',
  not_json: 'could not be read',
};

/**
 * No answer at an address typed in Settings that has never answered this key: the request may not
 * have reached the builder (the address is wrong), or reached it and its answer was dropped. (Once
 * it has answered, the client sets no such problem, and the lost answer names the connection alone.)
 * Figma's fetch fails alike either way, so the write may have been done, and the address is said beside it.
 */
const UNANSWERED_AT_TYPED_ADDRESS = 'was lost, or the builder was not reached (check the connection and the email builder’s address in Settings)';

/** The client's code as a lost answer's, or undefined for an answer that was read (a refusal, say). */
export function lostAnswerOf(code: string): LostSaveFacts['answer'] | undefined {
  return Object.prototype.hasOwnProperty.call(ANSWER_WORDS, code) ? (code as LostSaveFacts['answer']) : undefined;
}

/** "was lost (check the connection)": what became of a create's, update's, rename's or deletion's answer. */
export function lostAnswerWords(answer: LostSaveFacts['answer'], typedAddress = false): string {
  return typedAddress ? UNANSWERED_AT_TYPED_ADDRESS : ANSWER_WORDS[answer];
}

/** The facts of a save that may have been made; `window_stopped`: the window stopped waiting for the sandbox. */
export type LostSave = Omit<LostSaveFacts, 'answer'> & { answer: LostSaveFacts['answer'] | 'window_stopped' };

/** The words of a save that may have been made; `listFailed`: the list below shows its own failure. */
export function lostSaveWords(save: LostSave, listFailed: boolean): string {
  const name = quotedName(save.templateName, 'a template with no name');
  const happened =
    save.answer === 'window_stopped'
      ? `Envelope stopped waiting for the save of ${name}, which may still go through.`
      : `The builder’s answer to saving ${name} ${lostAnswerWords(save.answer, save.typedAddress)}, so the template may have been made anyway.`;
  return `${happened} ${listFailed ? LOOK_ONCE_LIST_LOADS : LOOK_IN_LIST}`;
}
