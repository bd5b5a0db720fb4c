// What a finished insert says, in words: how many references were placed and which failed, why;
// and the bar's words while it places them.
import { plural } from '../components/count-words';

export interface InsertFailure {
  /** "Acme — Spring sale" */
  name: string;
  reason: string;
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
}

/** How many of its placed references an outcome cannot vouch for: its `endProblem` says them instead. */
const unconfirmedOf = ({ placed, endProblem, unconfirmed }: Pick<InsertOutcome, 'placed' | 'endProblem' | 'unconfirmed'>) => (endProblem === undefined ? 0 : (unconfirmed ?? placed));

/** Placings that ran side by side (drops in quick succession) as one, for one summary. */
export function mergeOutcomes(outcomes: readonly InsertOutcome[]): InsertOutcome {
  const [first, ...rest] = outcomes;
  if (!first) return { placed: 0, placedIds: [], total: 0, failed: [], cancelled: false };
  return rest.reduce(
    (all, one) => ({
      ...one,
      ...all,
      placed: all.placed + one.placed,
      placedIds: [...all.placedIds, ...one.placedIds],
      total: all.total + one.total,
      failed: [...all.failed, ...one.failed],
      cancelled: all.cancelled || one.cancelled,
      ...(all.removed || one.removed ? { removed: (all.removed ?? 0) + (one.removed ?? 0) } : {}),
      // A grid's unconfirmed end beside a confirmed drop: both said, the drop as placed.
      ...(all.endProblem !== undefined || one.endProblem !== undefined
        ? { endProblem: [all.endProblem, one.endProblem].filter((text) => text !== undefined).join(' '), unconfirmed: unconfirmedOf(all) + unconfirmedOf(one) }
        : {}),
    }),
    first,
  );
}

/** The bar's words while placing: which email, and the library's wait while it asks to slow down. */
export function insertProgressText({ done, total, label, waitingSeconds }: { done: number; total: number; label: string; waitingSeconds?: number }): string {
  const which = total > 1 ? ` ${Math.min(done + 1, total)} of ${total}` : '';
  if (waitingSeconds !== undefined) {
    return `The library asked us to slow down: placing${which} goes on in ${plural(waitingSeconds, 'second')}${label ? ` (${label})` : ''}.`;
  }
  return `Placing${which} on the canvas${label ? `: ${label}` : ''}…`;
}

/** "A", "A and B", "A, B and C"; past four, "A, B, C and 37 more" (all of a grid placed offline filled the window). */
const andList = (names: string[]) =>
  names.length < 2 ? names.join('') : names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

const references = (count: number) => `${count} reference${count === 1 ? '' : 's'}`;

/** A batch whose end was not confirmed: how many were sent, and what to check, never how many are there. */
export function unconfirmedEndText(sent: number, board?: string): string {
  const step = board === undefined ? 'laying them out as a grid' : `building the board “${board}”`;
  return `Envelope sent ${references(sent)} to the canvas but could not confirm the last step, ${step}, so it cannot say how many are there now or where. Look on the canvas before placing them again.`;
}

export function insertSummary({ placed, total, failed, cancelled, board, pageName, endProblem, unconfirmed, removed = 0 }: Omit<InsertOutcome, 'placedIds'>): string {
  // One email chosen, and it failed: which one and why, without counting to one.
  const [only] = failed;
  if (total === 1 && only && !cancelled && endProblem === undefined) return `${only.name} could not be placed. ${only.reason.replace(/\.?$/, '.')}`;
  const what = board === undefined ? references(placed) : `${board} with ${references(placed)}`;
  // Not the page on screen: without its name the references look lost, and get placed twice.
  const where = pageName === undefined ? '' : ` on the page “${pageName}”`;
  // Placed, then undone or deleted while the rest came: not counted as on the canvas.
  const gone = removed === 0 ? '' : placed === 0 ? ` ${removed === 1 ? 'The one placed was' : `The ${removed} placed were`} undone or deleted before the end.` : ` ${removed === 1 ? '1 other was' : `${removed} others were`} placed, then undone or deleted before the end.`;
  const onPage = where === '' ? 'on the canvas' : where.trimStart();
  // Placed for sure (a drop beside a grid whose end went unconfirmed), then what is not known.
  const sure = placed - unconfirmedOf({ placed, endProblem, unconfirmed });
  const head = (endProblem !== undefined ? `${sure > 0 ? `Placed ${references(sure)} ${onPage}. ` : ''}${endProblem}`
    : cancelled
    ? `Cancelled: ${placed === 0 ? `nothing ${removed > 0 ? 'is on the canvas' : 'was placed'}` : `${what} placed${where}`}, ${total - placed - removed - failed.length} not tried.`
    : placed === 0 && removed > 0 ? 'Nothing is on the canvas.'
    : placed === 0 && failed.length > 0 ? `Nothing was placed on the canvas.`
    : `Placed ${what} ${onPage}.`) + gone;
  if (failed.length === 0) return head;
  // A reason shared by several (a missing font, a read-only page) is said once, with their names.
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of failed) byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
  const list = [...byReason].map(([reason, names]) => `${andList(names)}: ${reason.replace(/\.$/, '')}`).join('; ');
  return `${head} ${failed.length} could not be placed: ${list}.`;
}
