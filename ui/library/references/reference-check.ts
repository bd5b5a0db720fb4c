// The reference check's pure parts: the distinct emails to ask about, how long the asking takes
// within the library's per-minute limit, how each answer counts, and the summary in words.
import type { FoundReference, ReferenceRemoval } from '../../../src/shared/bridge/messages';
import { LIBRARY_RATE_LIMITS } from '../../../src/shared/api/library/client';
import { DEFAULT_MAX_IN_FLIGHT_PER_HOST } from '../../../src/shared/api/http/request-gate';
import { countWord, plural } from '../../components/count-words';
import { blankName, named, quotedName } from '../../../src/shared/quoted-name';

/** The emails the references show, each once, in the order first met. */
export function distinctEmailIds(references: readonly FoundReference[]): number[] {
  return [...new Set(references.map((reference) => reference.emailId))];
}

export interface CheckPacing {
  /** Requests in flight at once (the client's cap per host). */
  concurrency: number;
  limitPerMinute: number;
  /**
   * Seconds the check needs at least because of the limit: every full minute's allowance
   * beyond the first waits a minute (0 when it all fits in one minute's allowance).
   */
  waitSeconds: number;
}

/** The client's request gate keeps each minute within the limit; this says what that costs. */
export function checkPacing(emailCount: number, hasKey: boolean): CheckPacing {
  const limitPerMinute = hasKey ? LIBRARY_RATE_LIMITS.keyedPerMinute : LIBRARY_RATE_LIMITS.anonymousPerMinute;
  const minutes = emailCount <= 0 ? 0 : Math.ceil(emailCount / limitPerMinute) - 1;
  return { concurrency: Math.max(1, Math.min(DEFAULT_MAX_IN_FLIGHT_PER_HOST, emailCount)), limitPerMinute, waitSeconds: minutes * 60 };
}

/** "This takes about 2 minutes: without a library key, the library answers 20 requests a minute." or null. */
export function pacingText(pacing: CheckPacing, hasKey: boolean): string | null {
  if (pacing.waitSeconds === 0) return null;
  const minutes = Math.ceil(pacing.waitSeconds / 60);
  const who = hasKey ? 'with your key' : 'without a library key';
  return `This takes about ${plural(minutes, 'minute')}: ${who}, the library answers ${pacing.limitPerMinute} requests a minute.`;
}

export interface EmailCheckProgress {
  done: number;
  total: number;
  /** Seconds the check waits because the library asked it to slow down (429), else null. */
  waitingSeconds: number | null;
}

/** The check's progress in words, or that the library asked it to slow down (its seconds are shown apart: a live region would say them every second). */
export function checkProgressText({ done, total, waitingSeconds }: EmailCheckProgress): string {
  if (waitingSeconds === null) return `Checking emails with the library: ${done} of ${total}…`;
  return `The library asked us to slow down (${done} of ${plural(total, 'email')} checked).`;
}

/** Why an email could not be checked while the computer is offline. */
export const OFFLINE_REASON = 'You are offline.';

/** What one answer of `GET /v1/emails/:id` means for the check. */
export type EmailAnswer = 'exists' | 'gone' | 'wait' | 'failed';

/**
 * Only the library's own 404 `not_found` means removed (any other 404, such as a web page from
 * a wrong address, would offer to delete references to emails that exist); a 429 is waited
 * out; anything else is "couldn't check".
 */
export function classifyEmailError(error: unknown): Exclude<EmailAnswer, 'exists'> {
  const { code, serverCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; serverCode?: unknown };
  if (code === 'not_found') return serverCode === 'not_found' ? 'gone' : 'failed';
  if (code === 'rate_limited') return 'wait';
  return 'failed';
}

export interface CheckOutcome {
  references: readonly FoundReference[];
  goneEmailIds: ReadonlySet<number>;
  /** Emails the library could not be asked about, with the last reason in words. */
  unchecked: ReadonlyMap<number, string>;
  unreadable: number;
  /** Removals counted from an earlier check (offline now): when that check was, else null. */
  goneBeforeAt?: number | null;
  /** A wait of hours refused the check (its words are in `unchecked`): when (Date.now() time) Check again can work. */
  tryAgainAt?: number | null;
  /** After a removal: the removed emails whose every reference this designer removed (0 or absent before one). */
  goneCleared?: number;
}

/** "7 references to 4 emails; 1 removed from the library." and what could not be checked. */
export function summaryText({ references, goneEmailIds, unchecked, unreadable, goneBeforeAt = null, goneCleared = 0 }: CheckOutcome): string {
  const emails = distinctEmailIds(references).length;
  const found = `${plural(references.length, 'reference')} to ${plural(emails, 'email')}`;
  const before = goneBeforeAt === null ? '' : ` (as the check at ${new Date(goneBeforeAt).toLocaleTimeString('en-GB', { timeStyle: 'short' })} found)`;
  function firstSentence(): string {
    // After the removal took every reference to the removed emails, "0 removed from the library"
    // read as if the check had found none: it says what the designer did instead.
    if (goneCleared > 0 && goneEmailIds.size === 0) {
      const cleared = `the references to ${countWord(goneCleared, 'the email', `the ${goneCleared} emails`)} removed from the library were removed`;
      return references.length === 0 ? `No library references are left in this file: ${cleared}.` : `${found}; ${cleared}.`;
    }
    // None could be checked: "0 removed" would read as checked and fine.
    if (emails > 0 && unchecked.size >= emails) return `${found}.`;
    return `${found}; ${goneEmailIds.size} removed from the library${before}.`;
  }
  const sentences = [firstSentence()];
  if (unchecked.size > 0) {
    const reasons = [...new Set(unchecked.values())];
    // A reason that says when to try again is not followed by a vaguer "later".
    const when = reasons.every((reason) => reason === OFFLINE_REASON) ? '; check again once you are online' : reasons.every((reason) => /try again/i.test(reason)) ? '' : '; check again later';
    sentences.push(`Couldn’t check ${plural(unchecked.size, 'email')}: ${reasons.join(' ')} ${countWord(unchecked.size, 'It is', 'They are')} not counted as removed${when}.`);
  }
  if (unreadable > 0) sentences.push(`${plural(unreadable, 'frame')} with a reference record Envelope cannot read ${countWord(unreadable, 'was', 'were')} left alone.`);
  return sentences.join(' ');
}

/** A step Figma reports while it removes: "Finding them in the file: 3 of 12" (it loads their pages), then the pages it searches for any left. */
export function removalStepText({ done, total: given, label }: { done: number; total: number | null; label: string }): string {
  const total = given ?? done;
  return label.startsWith('Looking') ? `Looking for references left in the file: page ${Math.min(done + 1, total)} of ${total}` : `Finding them in the file: ${done} of ${total}`;
}

/** The outcome as the file is after `removedNodeIds` went: what the summary counts then. */
export function withoutRemoved(outcome: CheckOutcome, removedNodeIds: ReadonlySet<string>): CheckOutcome {
  const references = outcome.references.filter((reference) => !removedNodeIds.has(reference.nodeId));
  const left = new Set(references.map((reference) => reference.emailId));
  const goneEmailIds = new Set([...outcome.goneEmailIds].filter((id) => left.has(id)));
  return { ...outcome, references, goneEmailIds, goneCleared: outcome.goneEmailIds.size - goneEmailIds.size };
}

/** The references that show a removed email, in page order as found. */
export function goneReferences(outcome: Pick<CheckOutcome, 'references' | 'goneEmailIds'>): FoundReference[] {
  return outcome.references.filter((reference) => outcome.goneEmailIds.has(reference.emailId));
}

/**
 * A reference Figma no longer has (deleted since the check): the sandbox cannot name it. What the
 * designer chose is done, so it is not a failure: the UI names it from the list.
 */
export const alreadyGone = (failure: ReferenceRemoval['failures'][number]) => failure.name === '';

/**
 * "Removed 2 references (one undo step in Figma)." (or that none was), each whose frame stayed for the layers the designer added in it, each one that stayed, with why, those already deleted, and the journey boards emptied with them.
 * `listed` is the rows as the designer saw them when removing: each one named is named in its row's words, place included.
 */
export function removalText({ removed, failures, boards, framesKept = [] }: ReferenceRemoval, listed: readonly FoundReference[] = []): string {
  const places = placeTexts(listed);
  /** "“Acme: Sale” on page “Cover”, in the journey board “Spring”", as its row says it, else null (not listed). */
  const asListed = (nodeId: string): string | null => {
    const index = listed.findIndex((reference) => reference.nodeId === nodeId);
    const reference = listed[index];
    return reference ? `“${reference.brandName}: ${reference.subject}” on ${places[index]!}` : null;
  };
  const stayed = failures.map((failure) => {
    if (alreadyGone(failure)) return `${asListed(failure.nodeId) ?? 'A reference'} was already deleted from the file.`;
    // Not listed (no rows given): the frame as Figma names it, on its page.
    const which = asListed(failure.nodeId) ?? `${quotedName(failure.name, 'A reference with no name')} on ${pageWords(failure.pageName)}`;
    return `${which} was not removed. ${failure.reason}`;
  });
  // Its frame still shows on the canvas: said, so the designer knows why, and that their layers are safe.
  const framesStay = framesKept.map((frame) => {
    const which = asListed(frame.nodeId) ?? `${quotedName(frame.name, 'A reference with no name')} on ${pageWords(frame.pageName)}`;
    return `${which} held layers you added: its screenshot and caption were removed, and its frame stays with your layers in it.`;
  });
  // Nothing removed makes no undo step: saying one would send the designer looking for it.
  const emptied = emptiedBoardsText(boards);
  return [removed === 0 ? 'No reference was removed.' : `Removed ${plural(removed, 'reference')} (one undo step in Figma).`, ...framesStay, ...stayed, ...(emptied ? [emptied] : [])].join(' ');
}

type Board = NonNullable<ReferenceRemoval['boards']>[number];

/** "page “Cover”", or "a page with no name" (said after "on"): “” names nothing. */
function pageWords(pageName: string): string {
  return blankName(pageName) ? 'a page with no name' : `page “${pageName}”`;
}


/**
 * The journey boards that went with their last reference (src/canvas/reference-removal.ts), said
 * so the designer does not look for them: "The journey board “Acme — journey” on page “Emails”
 * held no other reference, so it was removed too." ('' for none).
 */
export function emptiedBoardsText(boards: readonly Board[] = []): string {
  if (boards.length === 0) return '';
  if (boards.length === 1) {
    const board = named('journey board', boards[0]!.name);
    return `${board.charAt(0).toUpperCase()}${board.slice(1)} on ${pageWords(boards[0]!.pageName)} held no other reference, so it was removed too.`;
  }
  const each = boards.map((board) => `${quotedName(board.name, 'one with no name')} on ${pageWords(board.pageName)}`);
  return `${boards.length} journey boards held no other reference, so they were removed too: ${each.join('; ')}.`;
}

/** After Show, for a reference that is selected yet not seen: everything that hides it, and how to see it. */
export function hiddenText(name: string, { itself, layerNames }: { itself: boolean; layerNames: readonly string[] }): string {
  const quoted = layerNames.map((layer) => `“${layer}”`);
  const layers = quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]!}`;
  const inside = layerNames.length === 0 ? '' : `inside the hidden layer${layerNames.length > 1 ? 's' : ''} ${layers}`;
  const why = itself ? `hidden${inside ? `, and ${inside}` : ''}` : inside;
  const how = itself ? `Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it${inside ? `, and show ${layers} in the Layers panel` : ''}` : `Show ${layers} in Figma’s Layers panel to see it`;
  return `“${name}” is selected but ${why}, so it does not show on the canvas. ${how}.`;
}

const HOLDER_WORDS: Record<NonNullable<FoundReference['within']>['kind'], string> = {
  section: 'section',
  board: 'journey board',
  frame: 'frame',
  group: 'group',
  component: 'component',
  instance: 'instance',
};

/** "page “Cover”, in the section “Ideas”", or "…, on the canvas" when no layer holds it (said after "on"): where a designer looks, not coordinates. */
function placeOf({ pageName, within }: Pick<FoundReference, 'pageName' | 'within'>): string {
  return `${pageWords(pageName)}, ${within === null ? 'on the canvas' : `in ${named(HOLDER_WORDS[within.kind], within.name)}`}`;
}

/**
 * Where each reference is, in words to follow "on", in the order given. References to one email in the same
 * place are told apart by their order in the list, "(1 of 2)": their rows and their Show buttons
 * are otherwise one name twice.
 */
export function placeTexts(references: readonly FoundReference[]): string[] {
  const places = references.map(placeOf);
  const keys = references.map((reference, index) => `${reference.emailId} ${places[index]!}`);
  const totals = new Map<string, number>();
  for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + 1);
  const seen = new Map<string, number>();
  return places.map((place, index) => {
    const key = keys[index]!;
    const total = totals.get(key)!;
    if (total === 1) return place;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return `${place} (${nth} of ${total})`;
  });
}
