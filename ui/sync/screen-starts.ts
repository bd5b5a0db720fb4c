// When the Sync screen compares again, and what it says when the file's design system changed
// while a sync ran. Pure, so each rule is tested without a browser (use-screen-starts.ts runs them).
import type { SyncOverview } from '../../src/shared/bridge/messages';

/** What the screen follows from the window: whether it shows, and the file's design system. */
export interface Followed {
  hidden: boolean;
  designSystemId: string | null;
}

/** Whether what moved since `before` is only the badge's count (the screen neither showed nor hid, and the link is the same): a start then waits until the count is still. */
export function onlyBadgeMoved(before: Followed | null, now: Followed): boolean {
  return before !== null && before.hidden === now.hidden && before.designSystemId === now.designSystemId;
}

/**
 * Whether a start compares, having read the overview `next` (`before`: the one read last): null
 * when it does not (the list is current, the file cannot sync, or its key was refused); else whether what the screen
 * says stays: false for the first start or a new link, true when only the list is out of date
 * (the badge counts `badgeRows`, the list `listedRows`: ⌘Z of a take, say).
 */
export function startCompares(before: SyncOverview | null, next: SyncOverview, hasList: boolean, badgeRows: number | null, listedRows: number | null): boolean | null {
  // The same key refused at the last comparison: asked again, it is refused again, in the same words (they stay shown).
  if (next.problem !== null || next.keyRefused === true) return null;
  // A key replaced in Settings is a new link too: the list was compared with the old one.
  if (!hasList || before === null || before.problem !== null || before.designSystemId !== next.designSystemId || next.comparedWithOtherLink === true) return false;
  return badgeRows !== null && listedRows !== null && badgeRows !== listedRows ? true : null;
}

/** Whether the file links another design system than `ranWith`, the one a sync went on with while the link moved (null: no such sync). */
export function linkMovedFrom(ranWith: string | null, next: SyncOverview): ranWith is string {
  return ranWith !== null && next.problem === null && next.designSystemId !== ranWith;
}

/**
 * What the screen says after that sync (`cancelled`: and it was cancelled), once the check with
 * the new link showed its list (`compared`), failed (false, its failure saying why), was stopped
 * (null), or did not run (undefined). Only a list compared is said to compare with it.
 */
export function linkChangedText(ranWith: string, next: SyncOverview, cancelled: boolean, compared: boolean | null | undefined): string {
  const now = next.designSystemId;
  // These words replace the cancel's (they say it too), and a stopped check's (the same words, after them).
  return `${cancelled ? 'Sync cancelled. ' : ''}This file’s design system changed to ${now} while the sync ran (undo, redo or a collaborator). What was sent to ${ranWith} is recorded${compared ? `; the list now compares with ${now}.` : compared === false ? `; the comparison with ${now} did not finish.` : compared === null ? '. Check stopped. Press Check again to compare.' : '.'}`;
}
