// What a finished insert says: each step of the summary on its own, then whole summaries of runs
// merged side by side (drops beside an Insert or a journey board) and of cancelled runs.
import { describe, expect, it } from 'vitest';
import { failuresText, insertSummary, insertSummarySince, mergeOutcomes, stillToPlaceCount, placedWhere, placesOf, removedText, unconfirmedEndText, type InsertOutcome } from '../../../ui/canvas/insert-summary';
import { messageProblems } from '../../support/message-rules';

const drop = (id: number, pageName?: string): InsertOutcome => ({ placed: 1, placedIds: [id], total: 1, failed: [], cancelled: false, ...(pageName === undefined ? {} : { pageName }) });
const journey: InsertOutcome = { placed: 2, placedIds: [1, 2], total: 2, failed: [], cancelled: false, board: 'Acme — journey' };

describe('merged runs', () => {
  it('keep a refused key one of them met (the bar offers to go on without it)', () => {
    const refusedDrop: InsertOutcome = { placed: 0, placedIds: [], total: 1, failed: [{ name: 'Beta — News', reason: 'Refused.' }], cancelled: false, keyRefused: true };
    expect(mergeOutcomes([journey, refusedDrop]).keyRefused).toBe(true);
    expect(mergeOutcomes([journey, drop(9)]).keyRefused).toBeUndefined();
  });

  it('does not give a drop placed beside a journey board the board’s name (it said “Placed Acme — journey with 3 references”)', () => {
    expect(insertSummary(mergeOutcomes([journey, drop(9)]))).toBe('Placed 3 references on the canvas.');
    expect(insertSummary(mergeOutcomes([drop(9), journey]))).toBe('Placed 3 references on the canvas.');
    // The board alone, or beside a drop that placed nothing, keeps its name.
    expect(insertSummary(mergeOutcomes([journey]))).toBe('Placed the journey board “Acme — journey” with 2 references on the canvas.');
    const failedDrop: InsertOutcome = { placed: 0, placedIds: [], total: 1, failed: [{ name: 'Beta — News', reason: 'Gone.' }], cancelled: false };
    expect(insertSummary(mergeOutcomes([journey, failedDrop]))).toBe('Placed the journey board “Acme — journey” with 2 references on the canvas. 1 could not be placed: Beta — News: Gone.');
  });

  it('names every page the merged runs placed on (a later run on another page was not named, or the first one’s page named for all)', () => {
    const text = insertSummary(mergeOutcomes([drop(1), drop(2, 'Moodboard')]));
    expect(text).toBe('Placed 1 reference on the canvas and 1 on the page “Moodboard”.');
    expect(messageProblems(text)).toEqual([]);
    expect(insertSummary(mergeOutcomes([drop(1, 'Moodboard'), drop(2)]))).toBe('Placed 1 reference on the page “Moodboard” and 1 on the canvas.');
    expect(insertSummary(mergeOutcomes([drop(1, 'Moodboard'), drop(2, 'Moodboard'), drop(3)]))).toBe('Placed 2 references on the page “Moodboard” and 1 on the canvas.');
    expect(insertSummary(mergeOutcomes([drop(1, 'A'), drop(2, 'B'), drop(3)]))).toBe('Placed 1 reference on the page “A”, 1 on the page “B” and 1 on the canvas.');
    expect(insertSummary(mergeOutcomes([drop(1, 'Moodboard'), drop(2, 'Moodboard')]))).toBe('Placed 2 references on the page “Moodboard”.');
    const cancelled: InsertOutcome = { placed: 0, placedIds: [], total: 2, failed: [], cancelled: true };
    expect(insertSummary(mergeOutcomes([drop(1), drop(2, 'Moodboard'), cancelled]))).toBe('Cancelled: 1 reference placed on the canvas and 1 on the page “Moodboard”, 2 still to place.');
  });

  it('keeps what each run counted: placed, failed, removed, cancelled', () => {
    const merged = mergeOutcomes([drop(1), { ...journey, removed: 1, cancelled: true, total: 4, failed: [{ name: 'Acme — Email 4', reason: 'Gone.' }] }]);
    expect(merged).toMatchObject({ placed: 3, placedIds: [1, 1, 2], total: 5, removed: 1, cancelled: true, failed: [{ name: 'Acme — Email 4' }] });
    expect(mergeOutcomes([])).toEqual({ placed: 0, placedIds: [], total: 0, failed: [], cancelled: false });
  });
});

describe('a cancelled run whose end went unconfirmed', () => {
  it('still says how many were not tried (the unconfirmed end’s words replaced the cancel sentence)', () => {
    const grid: InsertOutcome = { placed: 1, placedIds: [1], total: 3, failed: [], cancelled: true, endProblem: unconfirmedEndText(1) };
    const text = insertSummary(grid);
    expect(text).toBe(`Cancelled: 2 still to place. ${unconfirmedEndText(1)}`);
    expect(messageProblems(text)).toEqual([]);
    // A drop placed for sure beside it is counted as placed.
    expect(insertSummary(mergeOutcomes([drop(9), grid]))).toBe(`Cancelled: 1 reference placed, 2 still to place. ${unconfirmedEndText(1)}`);
    // A board refused at its end says its own words after the cancel.
    const board = 'The board “Acme — journey” could not be built (The font is missing), so its reference is on the canvas as a grid instead.';
    expect(insertSummary({ placed: 1, total: 4, failed: [{ name: 'A — B', reason: 'Gone.' }], cancelled: true, endProblem: board })).toBe(`Cancelled: 2 still to place. ${board} 1 could not be placed: A — B: Gone.`);
  });

  it('says the same as before when not cancelled', () => {
    expect(insertSummary({ placed: 3, total: 3, failed: [], cancelled: false, endProblem: unconfirmedEndText(3) })).toBe(unconfirmedEndText(3));
    expect(insertSummary(mergeOutcomes([drop(9), { placed: 3, placedIds: [1, 2, 3], total: 3, failed: [], cancelled: false, endProblem: unconfirmedEndText(3) }]))).toBe(
      `Placed 1 reference on the canvas. ${unconfirmedEndText(3)}`,
    );
  });
});

describe('the summary’s steps', () => {
  it('says where the confirmed references went, page by page', () => {
    expect(placesOf({ placed: 3, pageName: 'Emails' })).toEqual([{ pageName: 'Emails', placed: 3 }]);
    expect(placesOf({ placed: 3, endProblem: 'x', unconfirmed: 2 })).toEqual([{ placed: 1 }]);
    expect(placesOf({ placed: 3, endProblem: 'x' })).toEqual([]);
    expect(placedWhere([{ placed: 2 }], 'Acme — journey')).toEqual({ what: 'the journey board “Acme — journey” with 2 references', where: '' });
    expect(placedWhere([{ placed: 1, pageName: 'Emails' }])).toEqual({ what: '1 reference', where: ' on the page “Emails”' });
    expect(placedWhere([{ placed: 2 }, { placed: 1, pageName: 'Emails' }], 'Acme — journey')).toEqual({ what: '2 references', where: ' on the canvas and 1 on the page “Emails”' });
  });

  it('counts what was not tried, what was taken away and what failed', () => {
    expect(stillToPlaceCount({ total: 6, placed: 2, removed: 1, failed: [{ name: 'A', reason: 'B' }] })).toBe(2);
    expect(removedText(0, 0)).toBe('');
    expect(removedText(0, 1)).toBe('The one placed was undone or deleted before the end.');
    expect(removedText(2, 3)).toBe('3 others were placed, then undone or deleted before the end.');
    expect(failuresText([])).toBe('');
    expect(failuresText([{ name: 'A — 1', reason: 'Gone.' }, { name: 'A — 2', reason: 'Gone.' }])).toBe('2 could not be placed: A — 1 and A — 2: Gone.');
  });
});

describe('a cancel that left nothing on the canvas', () => {
  it('says so without counting emails “not tried”: the one under way was (a lone drop said “1 not tried”)', () => {
    expect(insertSummary({ placed: 0, total: 1, failed: [], cancelled: true })).toBe('Cancelled: nothing was placed.');
    expect(insertSummary({ placed: 0, total: 3, failed: [], cancelled: true })).toBe('Cancelled: nothing was placed.');
    expect(insertSummary({ placed: 0, total: 3, removed: 1, failed: [], cancelled: true })).toBe('Cancelled: nothing is on the canvas. The one placed was undone or deleted before the end.');
    expect(insertSummary({ placed: 0, total: 3, failed: [{ name: 'A — B', reason: 'Gone.' }], cancelled: true })).toBe('Cancelled: nothing was placed. 1 could not be placed: A — B: Gone.');
  });
});

describe('the summary after the placing, once references left the canvas or are no longer references (⌘Z, a delete, “Remove reference” keeping a frame with the designer’s layers; it kept saying they were placed)', () => {
  const grid: InsertOutcome = { placed: 3, placedIds: [1, 2, 3], total: 3, failed: [], cancelled: false, nodeIds: ['1:1', '1:2', '1:3'] };

  it('says how many are still there, none, or the summary as it was once they are all back (⌘⇧Z)', () => {
    expect(insertSummarySince(grid, 0)).toBe('Placed 3 references on the canvas.');
    expect(insertSummarySince(grid, 1)).toBe('2 of the 3 references placed are still on the canvas; 1 was undone, deleted or removed as a reference.');
    expect(insertSummarySince(grid, 2)).toBe('1 of the 3 references placed is still on the canvas; 2 were undone, deleted or removed as references.');
    expect(insertSummarySince(grid, 3)).toBe('Placed 3 references, then undone, deleted or removed as references: none is a reference on the canvas now.');
    // More gone than counted (never told so) is all of them.
    expect(insertSummarySince(grid, 5)).toBe(insertSummarySince(grid, 3));
    expect(insertSummarySince(drop(1), 1)).toBe('Placed 1 reference, then undone, deleted or removed as a reference: it is not a reference on the canvas now.');
    for (const gone of [1, 2, 3]) expect(messageProblems(insertSummarySince(grid, gone))).toEqual([]);
  });

  it('keeps the board’s name, a page not open, failures and what a cancel left to place', () => {
    expect(insertSummarySince(journey, 2)).toBe('Placed the journey board “Acme — journey” with 2 references, then undone, deleted or removed as references: none is a reference on the canvas now.');
    expect(insertSummarySince({ ...grid, pageName: 'Moodboard' }, 1)).toBe('2 of the 3 references placed are still on the page “Moodboard”; 1 was undone, deleted or removed as a reference.');
    // Across pages, which page lost one is not known: "the canvas" holds them all.
    expect(insertSummarySince(mergeOutcomes([drop(1), drop(2, 'Moodboard')]), 1)).toBe('1 of the 2 references placed is still on the canvas; 1 was undone, deleted or removed as a reference.');
    const failed = { ...grid, total: 4, failed: [{ name: 'Beta — News', reason: 'Gone.' }] };
    expect(insertSummarySince(failed, 3)).toBe('Placed 3 references, then undone, deleted or removed as references: none is a reference on the canvas now. 1 could not be placed: Beta — News: Gone.');
    const cancelled = { ...grid, placed: 2, total: 5, cancelled: true };
    expect(insertSummarySince(cancelled, 1)).toBe('1 of the 2 references placed is still on the canvas; 1 was undone, deleted or removed as a reference. Cancelled with 3 still to place.');
    // Taken away before the end too: both said.
    expect(insertSummarySince({ ...grid, placed: 2, removed: 1 }, 2)).toBe('Placed 2 references, then undone, deleted or removed as references: none is a reference on the canvas now. 1 other was placed, then undone or deleted before the end.');
  });

  it('says an end it could not confirm as it was: its words already say to look on the canvas', () => {
    const unsure: InsertOutcome = { ...grid, endProblem: unconfirmedEndText(3) };
    expect(insertSummarySince(unsure, 1)).toBe(insertSummary(unsure));
  });

  it('merges the layers of runs side by side, for the one summary to follow', () => {
    expect(mergeOutcomes([{ ...drop(1), nodeIds: ['1:1'] }, drop(2), { ...drop(3), nodeIds: ['1:3'] }]).nodeIds).toEqual(['1:1', '1:3']);
    expect(mergeOutcomes([drop(1), drop(2)]).nodeIds).toBeUndefined();
  });
});
