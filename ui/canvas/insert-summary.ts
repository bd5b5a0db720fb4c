// What a finished insert says, in words: how many references were placed and which failed, why;
// and the bar's words while it places them.
import { countWord, plural } from '../components/count-words';

export interface InsertFailure {
  /** "Acme — Spring sale" */
  name: string;
  reason: string;
  /** Not placed because the library refused the key (its reason says to check the key in Settings). */
  keyRefused?: boolean;
}

export interface InsertOutcome {
  placed: number;
  /** The emails placed: a selection keeps the others, to be tried again. */
  placedIds: number[];
  total: number;
  failed: InsertFailure[];
  cancelled: boolean;
  /** What was being made: "references", or a journey board's name. */
  board?: string;
  /** The page they went on when it is not the one the person has open (they opened another meanwhile). */
  pageName?: string;
  /** Why the batch could not be arranged as asked (its end was refused, or never confirmed): said instead of its "Placed …". */
  endProblem?: string;
  /** Of `placed`, how many `endProblem` speaks for (all when absent): a drop merged in beside it was confirmed. */
  unconfirmed?: number;
  /** Placed, then taken away (⌘Z, a delete) before the batch ended: not on the canvas, so not counted as placed. */
  removed?: number;
  /** Where the confirmed ones went, page by page, when runs were merged: each run says its own page. */
  places?: readonly PagePlaced[];
  /** A failure was the library's "slow down", not waited out: when its wait ends (a Date.now() time), the latest when several. */
  tryAgainAt?: number;
  /** The layers of the references the sandbox confirmed on the canvas: the summary follows them after the end (⌘Z, a delete, "Remove reference"). */
  nodeIds?: readonly string[];
  /** The library refused the key sent to read an email's facts: placing works without one (Browse offers to go on without it). */
  keyRefused?: boolean;
}

export interface PagePlaced {
  /** Absent for the page the person has open. */
  pageName?: string;
  placed: number;
}

/** How many of its placed references an outcome cannot vouch for: its `endProblem` says them instead. */
const unconfirmedOf = ({ placed, endProblem, unconfirmed }: Pick<InsertOutcome, 'placed' | 'endProblem' | 'unconfirmed'>) => (endProblem === undefined ? 0 : (unconfirmed ?? placed));

/** Where an outcome's confirmed references went, page by page (a page's name only when not the open one). */
export function placesOf(outcome: Pick<InsertOutcome, 'placed' | 'pageName' | 'endProblem' | 'unconfirmed' | 'places'>): PagePlaced[] {
  if (outcome.places) return [...outcome.places];
  const placed = outcome.placed - unconfirmedOf(outcome);
  return placed > 0 ? [{ ...(outcome.pageName === undefined ? {} : { pageName: outcome.pageName }), placed }] : [];
}

/** Counts on the same page added together, in the order the pages first came. */
function byPage(places: readonly PagePlaced[]): PagePlaced[] {
  const counts = new Map<string | undefined, number>();
  for (const { pageName, placed } of places) counts.set(pageName, (counts.get(pageName) ?? 0) + placed);
  return [...counts].map(([pageName, placed]) => ({ ...(pageName === undefined ? {} : { pageName }), placed }));
}

/** The board every run that placed something built, if they all built the same one: a drop beside it is no part of it. */
function sharedBoard(outcomes: readonly InsertOutcome[]): string | undefined {
  const boards = new Set(outcomes.filter(({ placed }) => placed > 0).map(({ board }) => board));
  const [only] = boards;
  return boards.size === 1 ? only : undefined;
}

/** Placings that ran side by side (drops in quick succession) as one, for one summary. */
export function mergeOutcomes(outcomes: readonly InsertOutcome[]): InsertOutcome {
  if (outcomes.length <= 1) return outcomes[0] ?? { placed: 0, placedIds: [], total: 0, failed: [], cancelled: false };
  const sum = (count: (outcome: InsertOutcome) => number) => outcomes.reduce((total, outcome) => total + count(outcome), 0);
  const board = sharedBoard(outcomes);
  const removed = sum(({ removed = 0 }) => removed);
  const endProblems = outcomes.flatMap(({ endProblem }) => (endProblem === undefined ? [] : [endProblem]));
  const waitEnds = outcomes.flatMap(({ tryAgainAt }) => (tryAgainAt === undefined ? [] : [tryAgainAt]));
  const nodeIds = outcomes.flatMap((outcome) => outcome.nodeIds ?? []);
  return {
    placed: sum(({ placed }) => placed),
    placedIds: outcomes.flatMap(({ placedIds }) => placedIds),
    total: sum(({ total }) => total),
    failed: outcomes.flatMap(({ failed }) => failed),
    cancelled: outcomes.some(({ cancelled }) => cancelled),
    ...(board === undefined ? {} : { board }),
    places: byPage(outcomes.flatMap(placesOf)),
    ...(removed > 0 ? { removed } : {}),
    ...(waitEnds.length > 0 ? { tryAgainAt: Math.max(...waitEnds) } : {}),
    ...(nodeIds.length > 0 ? { nodeIds } : {}),
    ...(outcomes.some(({ keyRefused }) => keyRefused) ? { keyRefused: true } : {}),
    // A grid's unconfirmed end beside a confirmed drop: both said, the drop as placed.
    ...(endProblems.length > 0 ? { endProblem: endProblems.join(' '), unconfirmed: sum(unconfirmedOf) } : {}),
  };
}

/** The bar's words while placing: which email, and the library's wait while it asks to slow down. */
export function insertProgressText({ done, total, label, waitingSeconds, stopping }: { done: number; total: number; label: string; waitingSeconds?: number; stopping?: boolean }): string {
  // Figma still says whether the reference under way landed: the summary counts it either way.
  if (stopping) return 'Cancelling…';
  const which = total > 1 ? ` ${Math.min(done + 1, total)} of ${total}` : '';
  if (waitingSeconds !== undefined) {
    return `The library asked us to slow down: placing${which} goes on in ${plural(waitingSeconds, 'second')}${label ? ` (${label})` : ''}.`;
  }
  return `Placing${which} on the canvas${label ? `: ${label}` : ''}…`;
}

/** "A", "A and B", "A, B and C"; past `most` (four), "A, B, C and 37 more" (all of a grid placed offline filled the window). */
const andList = (names: string[], most = 4) =>
  names.length < 2 ? names.join('') : names.length > most ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

const references = (count: number) => plural(count, 'reference');

/** A batch whose end was not confirmed: how many were sent, and what to check, never how many are there. */
export function unconfirmedEndText(sent: number, board?: string): string {
  const step = board === undefined ? 'laying them out as a grid' : `building the board “${board}”`;
  return `Envelope sent ${references(sent)} to the canvas but could not confirm the last step, ${step}, so it cannot say how many are there now or where. Look on the canvas before placing them again.`;
}

/** A lone reference let go of after Cancel, Figma not answering: it may be on the canvas. */
export const unansweredText = (name: string) => `Figma did not answer after Cancel, so Envelope cannot say whether ${name} was placed. Look on the canvas before placing it again.`;
/** A lone email whose insert Figma did not answer within the minute: it may have landed as the wait ran out (the sandbox stops only where it checks). */
export const timedOutText = (name: string) => `Figma did not answer within a minute, so Envelope cannot say whether ${name} was placed. Look on the canvas before placing it again.`;

/** "on the canvas", or the page's name when it is not the one on screen: without it the references look lost, and get placed twice. */
const onPage = (pageName?: string) => (pageName === undefined ? 'on the canvas' : `on the page “${pageName}”`);

/**
 * What was placed and where, as `what` + `where`: "the journey board “Acme — journey” with 2
 * references" (the board's name quoted: said bare, it read as part of the sentence) + " on the
 * page “Emails”", or across pages "1 reference" + " on the canvas and 1 on the page “Moodboard”".
 * `where` is empty on the open page alone (a cancel sentence does not say it).
 */
export function placedWhere(places: readonly PagePlaced[], board?: string): { what: string; where: string } {
  const [first, ...others] = places;
  const placed = first?.placed ?? 0;
  if (others.length === 0) return { what: board === undefined ? references(placed) : `the journey board “${board}” with ${references(placed)}`, where: first?.pageName === undefined ? '' : ` ${onPage(first.pageName)}` };
  return { what: references(placed), where: ` ${andList([onPage(first?.pageName), ...others.map(({ pageName, placed: count }) => `${count} ${onPage(pageName)}`)], Infinity)}` };
}

/** Placed, then undone or deleted while the rest came: not counted as on the canvas. */
export function removedText(placed: number, removed: number): string {
  if (removed === 0) return '';
  if (placed === 0) return `${countWord(removed, 'The one placed was', `The ${removed} placed were`)} undone or deleted before the end.`;
  return `${countWord(removed, '1 other was', `${removed} others were`)} placed, then undone or deleted before the end.`;
}

/** The emails a cancel left unplaced, not failed: those not tried yet and the one under way if it had not landed. */
export const stillToPlaceCount = ({ total, placed, removed = 0, failed }: Pick<InsertOutcome, 'total' | 'placed' | 'removed' | 'failed'>) => total - placed - removed - failed.length;

/**
 * The cancel sentence. Beside a batch end that could not be confirmed (`unsure`) only what is
 * sure is counted, and "nothing was placed" is not said: the end's own words follow.
 */
function cancelledText(outcome: Omit<InsertOutcome, 'placedIds'>, unsure: boolean): string {
  const places = placesOf(outcome);
  const placed = places.reduce((sum, { placed: count }) => sum + count, 0);
  const stillToPlace = `${stillToPlaceCount(outcome)} still to place.`;
  if (placed > 0) {
    const { what, where } = placedWhere(places, outcome.board);
    return `Cancelled: ${what} placed${where}, ${stillToPlace}`;
  }
  if (unsure) return `Cancelled: ${stillToPlace}`;
  // No count: every one chosen is still to place, and the one under way (each drop is) was tried.
  return `Cancelled: nothing ${(outcome.removed ?? 0) > 0 ? 'is on the canvas' : 'was placed'}.`;
}

/** What a batch whose end was refused or unconfirmed can say: what is sure, then what is not. */
function endProblemText(outcome: Omit<InsertOutcome, 'placedIds'> & { endProblem: string }): string {
  if (outcome.cancelled) return `${cancelledText(outcome, true)} ${outcome.endProblem}`;
  const places = placesOf(outcome);
  if (places.length === 0) return outcome.endProblem;
  const { what, where } = placedWhere(places);
  return `Placed ${what}${where || ' on the canvas'}. ${outcome.endProblem}`;
}

/** The first sentence: what was placed, or why not. */
function headText(outcome: Omit<InsertOutcome, 'placedIds'>): string {
  const { placed, removed = 0, failed, endProblem } = outcome;
  if (endProblem !== undefined) return endProblemText({ ...outcome, endProblem });
  if (outcome.cancelled) return cancelledText(outcome, false);
  if (placed === 0 && removed > 0) return 'Nothing is on the canvas.';
  if (placed === 0 && failed.length > 0) return 'Nothing was placed on the canvas.';
  const { what, where } = placedWhere(placesOf(outcome), outcome.board);
  return `Placed ${what}${where || ' on the canvas'}.`;
}

/** The emails that failed, a reason shared by several (a missing font, a read-only page) said once, with their names. */
export function failuresText(failed: readonly InsertFailure[]): string {
  if (failed.length === 0) return '';
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of failed) byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
  const list = [...byReason].map(([reason, names]) => `${andList(names)}: ${reason.replace(/\.$/, '')}`).join('; ');
  return `${failed.length} could not be placed: ${list}.`;
}

/** Why the emails the key stopped were not placed, once Browse goes on without it: placing needs none. */
export const KEY_REFUSED_BROWSING_ON = 'The library API key was not accepted, and Browse goes on without a key now: placing needs none, so try again. To use a key, paste a new one in Settings.';

/** Why, once another key or address is saved: the refused key is no longer sent. */
export const KEY_REFUSED_SETTINGS_CHANGED = 'The library API key was not accepted, and the library settings were changed since: try again.';

/** What Browse does since the key was refused: goes on without a key, or with the settings saved since. */
export type RefusedKeySince = 'withoutKey' | 'changed';

const REFUSED_KEY_SINCE: Record<RefusedKeySince, string> = { withoutKey: KEY_REFUSED_BROWSING_ON, changed: KEY_REFUSED_SETTINGS_CHANGED };

/** The outcome as it reads once Browse no longer sends the refused key: "Check the key in Settings" was about the attempt made with it. */
export function refusedKeyOutcome<Outcome extends Pick<InsertOutcome, 'failed'>>(outcome: Outcome, since: RefusedKeySince): Outcome {
  return { ...outcome, failed: outcome.failed.map((failure) => (failure.keyRefused ? { ...failure, reason: REFUSED_KEY_SINCE[since] } : failure)) };
}

export function insertSummary(outcome: Omit<InsertOutcome, 'placedIds'>): string {
  // One email chosen, and it failed: which one and why, without counting to one.
  const [only] = outcome.failed;
  if (outcome.total === 1 && only && !outcome.cancelled && outcome.endProblem === undefined) return `${only.name} could not be placed. ${only.reason.replace(/\.?$/, '.')}`;
  return [headText(outcome), removedText(outcome.placed, outcome.removed ?? 0), failuresText(outcome.failed)].filter((text) => text !== '').join(' ');
}

/**
 * The summary once `gone` of the references it counted as placed have left the canvas since
 * (⌘Z, a delete; back to none after ⌘⇧Z) or are no longer references ("Remove reference" keeps a
 * frame holding the designer's layers, and takes its record): it said they were there. One count
 * for both, so the words fit both: a kept frame is on the canvas, but not as a reference. Failures
 * and what was still to place stay said; the end's own problem is not watched (its references
 * were never confirmed).
 */
export function insertSummarySince(outcome: Omit<InsertOutcome, 'placedIds'>, gone: number): string {
  const places = placesOf(outcome);
  const placed = places.reduce((sum, { placed: count }) => sum + count, 0);
  if (gone <= 0 || placed === 0 || outcome.endProblem !== undefined) return insertSummary(outcome);
  const left = placed - Math.min(gone, placed);
  /** "undone, deleted or removed as references": "Remove reference" may have kept a frame on the canvas. */
  const lost = (count: number) => `undone, deleted or removed as ${countWord(count, 'a reference', 'references')}`;
  let head: string;
  if (left === 0) {
    const { what } = placedWhere(places, outcome.board);
    head = `Placed ${what}, then ${lost(placed)}: ${countWord(placed, 'it is not', 'none is')} a reference on the canvas now.`;
  } else {
    // One page named (not the open one) stays named; across pages, "the canvas" holds them all.
    const where = places.length === 1 && places[0]!.pageName !== undefined ? onPage(places[0]!.pageName) : 'on the canvas';
    head = `${left} of the ${placed} references placed ${countWord(left, 'is', 'are')} still ${where}; ${placed - left} ${countWord(placed - left, 'was', 'were')} ${lost(placed - left)}.`;
  }
  const stillToPlace = outcome.cancelled ? `Cancelled with ${stillToPlaceCount(outcome)} still to place.` : '';
  return [head, stillToPlace, removedText(outcome.placed, outcome.removed ?? 0), failuresText(outcome.failed)].filter((text) => text !== '').join(' ');
}
