// An email the library removed, found gone as its detail is read: it leaves the results being
// browsed and the answers kept for the cache's minute (a return would bring its card back, its
// thumbnail broken), and stepping through the results passes over it.

import type { LibraryClient } from '../../src/shared/api/library/client';
import { countWord } from '../components/count-words';

type Listed = { id?: unknown };

const rows = (value: unknown): Listed[] => (Array.isArray(value) ? (value as Listed[]) : []);
const field = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

type EmailIds = (data: unknown) => unknown[];
const listed: EmailIds = (data) => rows(data).map((email) => email.id);
const underEmails: EmailIds = (data) => listed(field(data, 'emails'));

/** Where each read that shows emails lists them in its answer's `data`; keyed by the client's own method names, so a renamed read fails to compile. */
const EMAILS_IN: Partial<Record<keyof LibraryClient, EmailIds>> = {
  searchEmailsAsync: listed,
  listFollowedEmailsAsync: listed,
  listLikesAsync: listed,
  getBrandAsync: underEmails,
  getCollectionAsync: underEmails,
  getJourneyAsync: (data) => rows(field(data, 'stages')).flatMap((stage) => underEmails(stage)),
  getEmailAsync: (data) => [field(data, 'id')],
};

/** The emails one answer of a library read shows (`read`: the client's method): none for reads that list no emails. */
export function emailIdsIn(read: string, answer: unknown): unknown[] {
  return (EMAILS_IN as Readonly<Record<string, EmailIds | undefined>>)[read]?.(field(answer, 'data')) ?? [];
}

/** The list without the removed email (the same list when it was not in it). */
export function withoutEmail<T extends { id: number }>(list: readonly T[], id: number): readonly T[] {
  return list.some((email) => email.id === id) ? list.filter((email) => email.id !== id) : list;
}

/** The list without any of the emails found removed (the same list when it held none of them). */
export function withoutEmails<T extends { id: number | string }>(list: readonly T[], removed: ReadonlySet<number>): readonly T[] {
  return list.some((email) => removed.has(email.id as number)) ? list.filter((email) => !removed.has(email.id as number)) : list;
}

/** A journey's stages without the emails found removed (the same journey when it held none of them). */
export function stagesWithout<J extends { stages: ReadonlyArray<{ emails: ReadonlyArray<{ id: number }> }> }>(journey: J, removed: ReadonlySet<number>): J {
  const stages = journey.stages.map((stage) => {
    const emails = withoutEmails(stage.emails, removed);
    return emails === stage.emails ? stage : { ...stage, emails };
  });
  return stages.every((stage, index) => stage === journey.stages[index]) ? journey : { ...journey, stages };
}

/**
 * What the position beside Previous and Next says: "3 of 20", with a "+" while more are to come.
 * The open email found removed is no longer one of them: how many are left is said instead (its
 * old place would read as the place of the email Next goes to); with none loaded and more to
 * come, that more are to load.
 */
export function positionText({ index, count, more, gone }: { index: number; count: number; more?: boolean; gone?: boolean }): string {
  const total = `${count}${more ? '+' : ''}`;
  if (!gone) return `${index + 1} of ${total}`;
  // None loaded but more to come: "0+ left" read as a sum, not as a place Next goes on from.
  if (count === 0) return more ? 'Removed · more to load' : 'Removed · none left';
  return `Removed · ${total} left`;
}

/**
 * The emails a list's empty state says the library removed: "the one you opened", or, when
 * several of its emails were opened and found gone in turn (Next from one to the next), how many.
 */
export function removedOpenedText(gone: number): string {
  return countWord(gone, 'the one you opened', `the ${gone} you opened`);
}

/**
 * Where the keyboard goes back to in results the removed email left (it was at `index`): the card
 * that took its place, or the one before it when it was the last.
 */
export function placeAfterRemoval(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}

/**
 * The result Previous or Next goes to from the email open at `index`, passing over emails found
 * removed (a list the search does not own still shows them); null when there is none. `gone`: the
 * open email was taken out of the list, so the one after it now sits at `index`.
 */
export function steppedIndex(list: ReadonlyArray<{ id: number }>, index: number, by: 1 | -1, gone: boolean, removed: ReadonlySet<number>): number | null {
  let next = gone && by === 1 ? index : index + by;
  while (list[next] && removed.has(list[next]!.id)) next += by;
  return list[next] ? next : null;
}

/** How many of the emails an answer listed were found removed since (they are still in its totals). */
export function removedAmong(listed: ReadonlyArray<{ id: number | string }>, removed: ReadonlySet<number>): number {
  return listed.reduce((count, email) => count + (removed.has(email.id as number) ? 1 : 0), 0);
}

/**
 * A total the library gave (a brand's emails, a collection's, likes, a stage's) without the emails
 * found removed since that it listed: it read one too high until read again. Never below none.
 */
export function totalWithout(total: number, gone: number): number {
  return Math.max(0, total - gone);
}

/**
 * A list every row of which was found removed while more are to come (not done, nothing on its
 * way, no problem): no row is left to press More under or scroll to, so it reads its next ones itself.
 */
export function emptiedByRemoval({ items, shown, done, loading, problem }: { items: readonly unknown[]; shown: number; done: boolean; loading: boolean; problem: unknown }): boolean {
  return items.length > 0 && shown === 0 && !done && !loading && problem === null;
}
