// The Templates screen's words and small decisions, without Preact: the filter, what a save did,
// and which button goes with a failure (by its code, never its words).
import { lostSaveFactsSchema, type LinkedFrame, type TemplateOpenOutcome, type TemplateRow, type TemplateSaveOutcome } from '../../src/shared/bridge/messages';
import { countWord, plural } from '../components/count-words';
import { MAX_COUNTDOWN_SECONDS } from '../../src/shared/api/http/retry-policy';
import { rateLimitWait } from '../messages/retry-countdown';
import { errorText } from '../messages/error-text';
import { absoluteTime } from '../messages/relative-time';
import { blankName, named, quotedName } from '../../src/shared/quoted-name';
import { lostSaveWords, type LostSave } from '../../src/shared/lost-save-words';
import { compareServerTimes } from '../../src/shared/api/builder/server-time';
import { UNANSWERED_TYPED_ADDRESS, WEB_PAGE } from '../../src/shared/api/http/error-mapping';

/** Templates whose name holds `query` (any letter case, spaces around ignored). */
export function filterTemplates(rows: readonly TemplateRow[], query: string): TemplateRow[] {
  const wanted = query.trim().toLocaleLowerCase();
  return wanted === '' ? [...rows] : rows.filter((row) => row.name.toLocaleLowerCase().includes(wanted));
}

/** What Open says of a template with no frame in this file: its details, in words. */
export function templateDetailsText(label: string, opened: TemplateOpenOutcome): string {
  const layers = opened.layerCount === null ? '' : `, ${plural(opened.layerCount, 'layer')}`;
  return `${label} has no frame in this file. Created ${absoluteTime(opened.createdAt ?? '', 'on an unknown date')}${layers}.`;
}

/** What Open says: the frame it selected, or the details of the template named as the builder names it now. */
export function openedText(rowName: string, opened: TemplateOpenOutcome): string {
  if (!opened.opened) return templateDetailsText(quotedName(opened.template?.name ?? rowName, 'A template with no name'), opened);
  return `Selected ${quotedName(opened.frame?.name ?? rowName, 'a frame with no name')}${opened.frame?.pageName ? ` on the page “${opened.frame.pageName}”` : ''}.`;
}

/** What the selection line says of a linked frame (either name may be empty: never “”). */
export function linkedSelectionText(frameName: string, templateName: string, saved: string): string {
  return `${quotedName(frameName, 'The selected frame')} is linked to ${named('template', templateName)}, saved ${saved}.`;
}

/**
 * The list's name for the selected frame's template, when the list read a version later than the
 * frame's save, compared as times ("Z" or "+00:00", with or without milliseconds; as text when either is not a time).
 */
export function listedLinkName(rows: readonly TemplateRow[], link: { templateId: string; savedAt: string } | null | undefined): string | undefined {
  const row = rows.find((each) => each.id === link?.templateId);
  if (!row || !link) return undefined;
  return compareServerTimes(row.updatedAt, link.savedAt) > 0 ? row.name : undefined;
}

/** " · Linked to the frame “Cover” on Emails" (a page with no name is not said), or nothing. */
export function linkedFrameText(frame: LinkedFrame | null): string {
  return frame ? ` · Linked to ${named('frame', frame.name)}${frame.pageName ? ` on ${frame.pageName}` : ''}` : '';
}

/** What a save did, in a sentence. */
export function saveOutcomeText(saved: TemplateSaveOutcome, frameName: string): string {
  const name = saved.template?.name ?? frameName;
  const size = saved.previewSize ? ` with a ${saved.previewSize.width} × ${saved.previewSize.height} px preview` : '';
  if (saved.outcome === 'unchanged') return `Nothing to update: ${quotedName(frameName, 'the frame')} is as it was when last saved.`;
  if (saved.outcome === 'created') return `Saved “${name}” as a template${size}.`;
  const changed = saved.changes.length > 0 ? ` Changed since the last save: ${saved.changes.join(', ')}.` : '';
  return `Updated ${quotedName(name, 'the template')}${size}.${changed}`;
}

export interface TemplateProblem {
  message: string;
  /**
   * The button that helps: the builder key in Settings, unlinking a frame whose template is gone,
   * replacing a version saved elsewhere (unlinking beside it), or for a frame's template the key
   * cannot find (`missing`: deleted, or another workspace's) Settings and unlinking, side by side.
   */
  action: 'settings' | 'unlink' | 'replace' | 'missing' | null;
  frameId: string | null;
  /** No builder key is saved yet: a first step to take, said calmly, not a failure. */
  keyMissing?: true;
  /**
   * The builder's address is the built-in stand-in, or sends a web page instead of data: Settings
   * opens on the address, not the key (and the list offers no Try again: asking again gets the same page).
   */
  address?: true;
  /**
   * The words say to check the address typed in Settings (the builder could not be reached there):
   * Settings is offered, opening on the address, beside what tries again (the row's own button,
   * the list's Try again), as Browse offers both.
   */
  checkAddress?: true;
  /** The list's read told to wait this long: counted down, then read again by itself (listReadProblem). */
  retryAfterSeconds?: number;
  /** A save, rename or deletion told to wait (actionProblem): its button is held until this Date.now() time. */
  tryAgainAt?: number;
  /** A save that may have been made: the facts its words are made of, said otherwise while the list below cannot be read (problemBesideList). */
  lostSave?: LostSave;
  /** The version to replace is one this designer sent from the frame (`replace`): "Replace it", not "their changes". */
  ownVersion?: true;
}

export function templateProblem(error: unknown): TemplateProblem {
  const { code, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: { frameId?: unknown; status?: unknown; problem?: unknown; ownVersion?: unknown } };
  const message = errorText(error);
  const frameId = typeof details?.frameId === 'string' ? details.frameId : null;
  // Refused with no status: no key was saved, so nothing was sent (keyNeededError).
  if (code === 'unauthorized') return details?.status === null ? { message, action: 'settings', frameId: null, keyMissing: true } : { message, action: 'settings', frameId: null };
  if (code === 'address_missing') return { message, action: 'settings', frameId: null, address: true };
  // The address reaches something else (a sign-in page, another site): its words say to check it in Settings, as Browse offers.
  if (details?.problem === WEB_PAGE) return { message, action: 'settings', frameId: null, address: true };
  if (code === 'not_found' && frameId !== null) return { message, action: 'unlink', frameId };
  if (code === 'template_changed' && frameId !== null) return { message, action: 'replace', frameId, ...(details?.ownVersion === true ? { ownVersion: true as const } : {}) };
  if (code === 'template_missing' && frameId !== null) return { message, action: 'missing', frameId };
  // No answer at a typed address that never answered (a create or write whose answer may have been
  // lost says so too, the flag kept); once it has, the words name the connection and no Settings is offered.
  if ((code === 'network_error' || code === 'answer_lost') && details?.problem === UNANSWERED_TYPED_ADDRESS) return { message, action: null, frameId: null, checkAddress: true };
  return { message, action: null, frameId: null };
}

/** No key saved at the built-in stand-in address: the address is needed too, and said, as Sync says it. */
export function withAddressMissing(problem: TemplateProblem, addressMissing: boolean): TemplateProblem {
  return addressMissing && problem.keyMissing ? { ...problem, message: `${problem.message} The email builder’s address is missing too: enter it there first.` } : problem;
}

/**
 * A failed read of the list. The sandbox waits out a "slow down" of up to a minute itself; one
 * refused again after those waits, or one that gave no wait (no Retry-After), or a longer one up to
 * what the library and Settings count down, is counted down here and the list reads again at its
 * end, as the library's lists do: a Try again before then could only fail the same way. A wait
 * of hours is said by when it ends, its Try again held until then, as a save's button is. The
 * wait is rateLimitWait's, the one Sync and a save hold their buttons for.
 */
export function listReadProblem(error: unknown, nowMs = Date.now()): TemplateProblem {
  const problem = templateProblem(error);
  const wait = rateLimitWait(error, nowMs);
  if (wait === null) return problem;
  if (wait.seconds > MAX_COUNTDOWN_SECONDS) return { ...problem, message: wait.words, tryAgainAt: wait.tryAgainAt };
  return { ...problem, message: wait.said, retryAfterSeconds: wait.seconds };
}

/**
 * What a request told to slow down (and not sent on) left undone, by what it asked: Open only
 * reads, so "nothing was changed" said of it was true but did not say why no details came.
 */
const SLOWED_DOWN_WORDS = {
  change: 'The email builder asked Envelope to slow down for a while, so nothing was changed.',
  open: 'The email builder asked Envelope to slow down for a while, so the template was not opened.',
} as const;

/**
 * A failed save, update, rename, deletion or Open told to slow down: said by when the wait ends
 * (rateLimitWait), and the button that sent it is held until then: pressed sooner, it could only
 * be refused again. Not retried by itself, as the list is: the person may have changed what they
 * typed, or their mind, meanwhile.
 */
export function actionProblem(problem: TemplateProblem, error: unknown, nowMs = Date.now(), asked: keyof typeof SLOWED_DOWN_WORDS = 'change'): TemplateProblem {
  const wait = rateLimitWait(error, nowMs, SLOWED_DOWN_WORDS[asked]);
  return wait === null ? problem : { ...problem, message: wait.words, tryAgainAt: wait.tryAgainAt };
}

/** What a failure said by the list is of: its row, hidden by the filter, is not there to say it. */
const HIDDEN_ROW_ASKED = { rename: 'Renaming', delete: 'Deleting' } as const;

/**
 * A rename's or deletion's failure said above the list, its row hidden by the filter: led by what
 * was asked of which template, as the failure's own words often name neither ("The key was not accepted").
 */
export function hiddenRowProblem(problem: TemplateProblem, asked: keyof typeof HIDDEN_ROW_ASKED, templateName: string): TemplateProblem {
  return { ...problem, message: `${HIDDEN_ROW_ASKED[asked]} ${quotedName(templateName, 'the template with no name')}: ${problem.message}` };
}

/** The builder has no such template any more and no frame here is linked to it: nothing is left to show of it. */
export function isGoneElsewhere(error: unknown): boolean {
  const problem = templateProblem(error);
  return (error as { code?: unknown } | null)?.code === 'not_found' && problem.frameId === null;
}

/**
 * Who ran out of time: the sandbox, with its write sent (`sent`) or not (`unsent`: nothing was
 * done), or the window waiting for the sandbox (`window`), by the `writeSent` the sandbox's carries.
 */
function timedOut(error: unknown): 'sent' | 'unsent' | 'window' | null {
  const { code, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: { writeSent?: unknown } };
  if (code !== 'timeout') return null;
  return details?.writeSent === true ? 'sent' : details?.writeSent === false ? 'unsent' : 'window';
}

/**
 * A save failed without an answer read: the template may have been made, so the list reads
 * again. The window giving up on the sandbox (`timeout`) is such a case too: the sandbox may
 * still be waiting out the builder's "slow down" before it sends the save. The sandbox's own
 * timeout before anything was sent is not: nothing was made, and the list has nothing new.
 */
export function listMayHaveChanged(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'answer_lost' || (code === 'timeout' && timedOut(error) !== 'unsent');
}

/**
 * How long the window waits for a request that calls the builder: longer than the sandbox waits
 * for it (20 s an attempt, tried again, and a 429's wait), so that a slow builder is said by the
 * sandbox in its words, not as Figma not answering (and a rename that went through is shown).
 */
export const BUILDER_REQUEST_TIMEOUT_MS = 120_000;

/**
 * A failed create's problem: one whose outcome is unknown says so, instead of "try again" (which
 * could make it twice), and keeps the facts of it (the sandbox's, by its code) to say it again as the list below fares.
 */
export function saveProblem(error: unknown, templateName: string): TemplateProblem {
  const { code, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: { lostSave?: unknown } };
  const timeout = timedOut(error);
  if (timeout === 'window') {
    const lostSave: LostSave = { templateName, answer: 'window_stopped' };
    return { message: lostSaveWords(lostSave, false), action: null, frameId: null, lostSave };
  }
  // Sent and not confirmed in time: said from its facts, as a lost answer is (and otherwise while the list cannot be read).
  if (timeout === 'sent') {
    const lostSave: LostSave = { templateName, answer: 'timeout' };
    return { message: lostSaveWords(lostSave, false), action: null, frameId: null, lostSave };
  }
  // Otherwise the sandbox's words stay, "was not created" among them: nothing was sent, so trying again makes no second one.
  const problem = templateProblem(error);
  const facts = code === 'answer_lost' ? lostSaveFactsSchema.safeParse(details?.lostSave) : null;
  return facts?.success ? { ...problem, lostSave: facts.data } : problem;
}

/** A problem as said beside the list: a save that may have been made is looked for there once it loads again, while it shows its own failure. */
export function problemBesideList(problem: TemplateProblem, listFailed: boolean): TemplateProblem {
  return problem.lostSave === undefined ? problem : { ...problem, message: lostSaveWords(problem.lostSave, listFailed) };
}

/** "3 of 12 templates match “spring”." / "12 templates." — the list's count in words. */
/** `button`: what the button under the list reads ("Show more", "Try again"), or null when there is none. */
export function countText(shown: number, loaded: number, total: number | null, query: string, button: string | null = null): string {
  const all = total ?? loaded;
  const noun = countWord(all, 'template');
  if (query.trim() === '' && all === 0) return 'No templates in the workspace yet.';
  if (query.trim() === '') return `${all} ${noun} in the workspace.`;
  const more = total !== null && total > loaded ? ` (${loaded} loaded${button === null ? '' : `; ${button.toLowerCase()} to search them all`})` : '';
  return `${shown} of ${all} ${noun} match “${query.trim()}”${more}.`;
}

/** While a filter reads the pages not shown yet: "2 of 300 templates match “spring” so far; reading the rest…" */
export function searchingText(shown: number, total: number, query: string): string {
  return `${shown} of ${total} templates match “${query.trim()}” so far; reading the rest…`;
}

/**
 * After a save whose answer was lost: the templates in the list with the name that was sent and
 * no frame linked here, the ones that save may have made (the frame can be linked to one of them).
 * `otherFileTemplateId`: for a frame copied from another file, the template it was saved as there,
 * which has the name too but is that file's (linking to it is refused).
 */
export function lostSaveCandidates(rows: readonly TemplateRow[], sentName: string, otherFileTemplateId: string | null): TemplateRow[] {
  const wanted = sentName.trim();
  return rows.filter((row) => row.linkedFrame === null && row.name.trim() === wanted && row.id !== otherFileTemplateId);
}

/** What the save section says of those templates, above a button to link the frame to each. */
export function lostSaveCandidatesText(count: number, sentName: string): string {
  const name = blankName(sentName) ? 'with no name' : `named “${sentName.trim()}”`;
  return count === 1
    ? `The list has a template ${name} that no frame here is linked to. If it is this frame’s save, link the frame to it instead of saving again.`
    : `The list has ${count} templates ${name} that no frame here is linked to. If one is this frame’s save, link the frame to it instead of saving again.`;
}

/**
 * A frame whose save made a template it is no longer linked to: undo took the link back (a link is
 * part of the file's undo history; the template in the builder is not), or this is a copy of the
 * file made before that save (Figma keeps the frame's id in a copy, so the two cannot be told
 * apart: deleting the template is not suggested, as the original may be linked to it).
 */
export function undoneSaveText(templateName: string): string {
  return `This frame was saved as the template ${quotedName(templateName, 'with no name')}, but is no longer linked to it (undo took the link back, or this file is a copy made before that save). Link it again rather than saving a second template.`;
}

/** What linking said: "Linked “Spring sale” to “Spring”." */
export function linkedText(frameName: string, templateName: string): string {
  return `Linked ${quotedName(frameName, 'the frame')} to ${quotedName(templateName, 'the template with no name')}.`;
}

/**
 * What the list says of a template gone from the builder once its row goes. `elsewhere`: a
 * teammate deleted it. Otherwise it was this designer's deletion, answered, or found gone after its
 * answer was lost: found by Delete pressed again (as the words asked), "Deleted “X”." says it; found
 * by a rename or the unlink after it, that alone would read as their doing, so the deletion is named
 * (most likely: a teammate may have deleted it meanwhile).
 */
export function deletedText(name: string, elsewhere: boolean, asked: 'delete' | 'rename' | 'unlink'): string {
  if (elsewhere) return `${quotedName(name, 'The template with no name')} was already deleted elsewhere.`;
  if (asked === 'delete') return `Deleted ${quotedName(name, 'the template with no name')}.`;
  return `${quotedName(name, 'The template with no name')} is gone: most likely your earlier deletion went through.`;
}
