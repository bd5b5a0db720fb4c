// The Settings form's rules without the DOM: what to send, what to show next to each field,
// and how an answer from the sandbox reads. The sandbox checks the same rules again.
import type { ConnectionResult, SettingsView } from '../../src/shared/bridge/messages';
import { plural } from '../components/count-words';
import { retryAtText } from '../messages/retry-countdown';
import { baseUrlProblem, keyProblem, type ApiName } from '../../src/shared/settings/validate-settings';
import { isStandInAddress } from '../../src/shared/config/stand-in-address';

// `withoutKey`: what changes with no key saved (the library still browses without one);
// `noKeyYet`: said after an address is saved with none.
export const API_TEXT: Record<ApiName, { title: string; about: string; keyLabel: string; keyNoun: string; keyPlaceholder: string; keyHelp: string; withoutKey: string; noKeyYet: string }> = {
  builder: {
    title: 'Email builder',
    about: 'Syncs this file’s components to a design system and reads your templates.',
    keyLabel: 'Builder API key',
    keyNoun: 'builder API key',
    keyPlaceholder: 'ef_…',
    keyHelp: 'Create one in your email builder, under its Settings → API Keys.',
    withoutKey: 'Envelope cannot reach the email builder until you paste a key again.',
    noKeyYet: 'paste one to connect.',
  },
  library: {
    title: 'Email library',
    about: 'Browses brand marketing emails for inspiration.',
    keyLabel: 'Library API key',
    keyNoun: 'library API key',
    keyPlaceholder: 'xxx_live_…',
    keyHelp: 'Copy it from your library account.',
    withoutKey: 'Browsing still works without it; HTML previews and your follows, likes and collections need a key again.',
    noKeyYet: 'browsing works without one, and a key adds HTML previews and your follows, likes and collections.',
  },
};

export type ApiField = 'baseUrl' | 'key';
export type FieldErrors = Partial<Record<ApiField, string>>;

export interface ApiFormInput {
  baseUrl: string;
  key: string;
  /** The key field is on screen: no key is saved yet, or the person chose "Replace key". */
  keyFieldShown: boolean;
  hasSavedKey: boolean;
}

export type ApiFormCheck =
  | { ok: true; request: { api: ApiName; baseUrl: string; key?: string } }
  | { ok: false; errors: FieldErrors };

/** Checks the form before sending; every problem is reported at once, next to its field. */
export function checkApiForm(api: ApiName, input: ApiFormInput): ApiFormCheck {
  const errors: FieldErrors = {};
  const urlProblem = baseUrlProblem(input.baseUrl, api);
  if (urlProblem) errors.baseUrl = urlProblem;
  let key: string | undefined;
  if (input.keyFieldShown) {
    if (input.key.trim() === '') {
      // With no key saved yet an empty field is allowed: the address alone is saved.
      if (input.hasSavedKey) errors.key = 'Paste the new key, or press Escape to keep the saved one.';
    } else {
      const problem = keyProblem(api, input.key);
      if (problem) errors.key = problem;
      else key = input.key.trim();
    }
  }
  if (errors.baseUrl || errors.key) return { ok: false, errors };
  return { ok: true, request: key === undefined ? { api, baseUrl: input.baseUrl.trim() } : { api, baseUrl: input.baseUrl.trim(), key } };
}

/** What to announce after a successful save. */
export function savedText(api: ApiName, view: SettingsView, sentKey: boolean): string {
  const saved = view[api];
  const title = API_TEXT[api].title;
  // The built-in stand-in kept as the address (every other screen calls it missing): said, with what to do, not "saved".
  const missing = isStandInAddress(api, saved.baseUrl) ? 'the placeholder is not a real address. Enter yours above, then choose Save.' : '';
  // Saving checks the key's form only: say how to check it with the service, before a screen finds it refused.
  if (sentKey && saved.keyHint) return missing ? `${title} key saved, shown as ${saved.keyHint}. The address is still missing: ${missing}` : `${title} settings saved. The key is stored on this computer only, shown as ${saved.keyHint}. Test connection checks it with the service.`;
  if (missing) return `${title} address still missing: ${missing}`;
  if (saved.keyHint) return `${title} address saved; the saved key is unchanged.`;
  if (saved.keyRemoved) return `${title} address saved. ${saved.keyRemoved}`;
  return `${title} address saved. No key is saved yet: ${API_TEXT[api].noKeyYet}`;
}

/**
 * What to announce after the design-system id was saved or cleared; `fromAddress`: the id was read
 * out of a pasted address; `wasLinked`: the file held an id before (an empty Save of an unlinked file unlinks nothing).
 */
export function designSystemSavedText(id: string | null, fromAddress = false, wasLinked = true): string {
  if (id === null) return wasLinked ? 'This file is no longer linked to a design system.' : 'This file is not linked to a design system: enter the id above, then save.';
  const read = fromAddress ? ' (read from the address)' : '';
  return `This file now syncs to design system “${id}”${read}. Collaborators see the same setting.`;
}

/** The file's id changed outside this window's Save (⌘Z, ⌘⇧Z, a collaborator); `typedKept`: the field keeps an id typed and not saved. */
export function designSystemChangedText(id: string | null, typedKept: boolean): string {
  const now = id === null ? 'this file is no longer linked to a design system' : `this file now syncs to design system “${id}”`;
  return `Changed outside this window (undo, redo or a collaborator): ${now}.${typedKept ? ' The id typed above is not saved.' : ''}`;
}

/** Added to a test's answer when the form holds an address or key not saved yet (the test is of the saved ones). */
export const UNSAVED_NOT_TESTED = 'This tested the saved address and key; what is typed above is not saved yet.';

/**
 * A test's answer beside what is typed above (the test is of the saved address and key). A first
 * key typed and not saved: the builder cannot be tried without one, and its answer ("Paste the
 * key") asked for what was just done; the library is tried without it.
 */
export function testAnswerText(api: ApiName, message: string, form: { keyTyped: boolean; edited: boolean; hasSavedKey: boolean }): string {
  if (form.keyTyped && !form.hasSavedKey) {
    const notSaved = `The ${API_TEXT[api].keyNoun} typed above is not saved yet`;
    return api === 'builder' ? `${notSaved}, and the test needs a saved key: choose Save, then test again.` : `${message} ${notSaved}, so this tested browsing without it: choose Save, then test again.`;
  }
  if (!form.edited) return message;
  // Only an address typed, no key saved: the builder was not tried, the library was tried without a key.
  if (!form.hasSavedKey) return `${message} ${api === 'builder' ? 'The address typed above is not saved yet either.' : 'This tested the saved address without a key; the address typed above is not saved yet.'}`;
  return `${message} ${UNSAVED_NOT_TESTED}`;
}

/**
 * The test's answer (or the design-system check's) as the sandbox said it, with a wait too long to count down said by when it
 * ends: "… slow down for this key. You can try again after 14:05, in about 2 hours." The clock
 * time stays true while the answer stays on screen; "in 2 hours" alone would not. `waitOver`: a
 * wait counted down beside the answer is over (testWaitOverText). A saved key not used is said
 * last, after the answer's wait, for either API: the wait is the answer's, not the key's.
 */
export function answerWithWaitText(outcome: Pick<ConnectionResult, 'message' | 'retryAt' | 'unusedKeyText'>, waitOver = false): string {
  const answer = outcome.retryAt !== undefined ? `${outcome.message} ${retryAtText(outcome.retryAt, Date.now())}` : waitOver ? testWaitOverText(outcome.message) : outcome.message;
  return outcome.unusedKeyText === undefined ? answer : `${answer} ${outcome.unusedKeyText}`;
}

/** A 429 on the connection test: its wait counted down beside the answer (not in it, which is announced): "Test again in 12 seconds." */
export function testCountdownText(secondsLeft: number): string {
  return `Test again in ${plural(secondsLeft, 'second')}.`;
}

/** The answer once its wait is over, said once. */
export function testWaitOverText(message: string): string {
  return `${message} You can test again now.`;
}
