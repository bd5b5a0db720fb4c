// Placings side by side under the insert bar (an Insert and drops in quick succession): what the
// bar says while they run and the one summary once the last ends.
import { describe, expect, it } from 'vitest';
import { insertProgressText, unconfirmedEndText, type InsertOutcome } from '../../../ui/canvas/insert-summary';
import { createInsertSessions, type PlaceAsync, type SessionReport } from '../../../ui/canvas/insert-session';
import type { InsertProgress } from '../../../ui/canvas/reference-inserter';
import { messageProblems } from '../../support/message-rules';

/** A placing the test ends when it chooses, with the `onProgress` the session gave it. */
function heldPlacing() {
  let end!: (outcome: InsertOutcome) => void;
  let fail!: (error: unknown) => void;
  let progress!: (progress: InsertProgress) => void;
  const placeAsync: PlaceAsync = (_signal, onProgress) => {
    progress = onProgress;
    return new Promise<InsertOutcome>((resolve, reject) => {
      end = resolve;
      fail = reject;
    });
  };
  return { placeAsync, end: (outcome: InsertOutcome) => end(outcome), fail: (error: unknown) => fail(error), progress: (each: InsertProgress) => progress(each) };
}

const placedOne = (id: number): InsertOutcome => ({ placed: 1, placedIds: [id], total: 1, failed: [], cancelled: false });

function watch() {
  const reports: SessionReport[] = [];
  const sessions = createInsertSessions((report) => reports.push(report));
  const barText = () => {
    const last = reports[reports.length - 1];
    return last?.kind === 'running' ? insertProgressText(last.progress) : last?.text;
  };
  return { sessions, reports, barText };
}

const SYNCING = 'Envelope is syncing this file with the design system. Place these references again once the sync is done.';

describe('placings side by side under the insert bar', () => {
  it('says “Cancelling…” after Cancel while the placing under way still says whether it landed, then counts it (the bar kept “Placing…”, and Cancel seemed to do nothing)', async () => {
    const { sessions, barText } = watch();
    const insert = heldPlacing();
    const inserting = sessions.runAsync(insert.placeAsync, ['Acme — Spring sale']);
    insert.progress({ done: 0, total: 1, label: 'Acme — Spring sale' });
    expect(barText()).toBe('Placing on the canvas: Acme — Spring sale…');
    sessions.cancel();
    expect(barText()).toBe('Cancelling…');
    // A late report of the placing under way does not take the words back.
    insert.progress({ done: 0, total: 1, label: 'Acme — Spring sale' });
    expect(barText()).toBe('Cancelling…');
    insert.end(placedOne(1));
    await inserting;
    expect(barText()).toBe('Placed 1 reference on the canvas.');
  });

  it('an Insert that could not begin, alone, says its reason', async () => {
    const { sessions, barText } = watch();
    await sessions.runAsync(() => Promise.reject(new Error(SYNCING)));
    expect(barText()).toBe(SYNCING);
  });

  it('an Insert that could not begin while a drop ran keeps its reason in the one summary, naming its emails', async () => {
    const { sessions, reports, barText } = watch();
    const insert = heldPlacing();
    const drop = heldPlacing();
    const inserting = sessions.runAsync(insert.placeAsync, ['Acme — Spring sale', 'Acme — Summer sale', 'Acme — Autumn sale']);
    const dropping = sessions.runAsync(drop.placeAsync);
    insert.fail(new Error(SYNCING));
    expect(await inserting).toBeNull();
    drop.end(placedOne(9));
    await dropping;
    const text = barText()!;
    expect(text).toBe(`Placed 1 reference on the canvas. 3 could not be placed: Acme — Spring sale, Acme — Summer sale and Acme — Autumn sale: ${SYNCING}`);
    expect(messageProblems(text)).toEqual([]);
    expect(reports[reports.length - 1]).toMatchObject({ kind: 'done', failed: false });
  });

  it('a drop placed while a grid’s last step went unconfirmed keeps “Placed 1 reference” before what could not be confirmed (the grid’s words replaced it)', async () => {
    const unconfirmedGrid: InsertOutcome = { placed: 3, placedIds: [1, 2, 3], total: 3, failed: [], cancelled: false, endProblem: unconfirmedEndText(3) };
    for (const dropEndsFirst of [true, false]) {
      const { sessions, reports, barText } = watch();
      const grid = heldPlacing();
      const drop = heldPlacing();
      const gridding = sessions.runAsync(grid.placeAsync, ['Acme — Spring sale', 'Acme — Summer sale', 'Acme — Autumn sale']);
      const dropping = sessions.runAsync(drop.placeAsync);
      const [firstEnd, secondEnd] = dropEndsFirst ? [() => drop.end(placedOne(9)), () => grid.end(unconfirmedGrid)] : [() => grid.end(unconfirmedGrid), () => drop.end(placedOne(9))];
      firstEnd();
      secondEnd();
      await Promise.all([gridding, dropping]);
      const text = barText()!;
      expect(text).toBe(`Placed 1 reference on the canvas. ${unconfirmedEndText(3)}`);
      expect(messageProblems(text)).toEqual([]);
      expect(reports[reports.length - 1]).toMatchObject({ kind: 'done', failed: true });
    }
  });

  it('keeps the last email’s words while a batch ends (they changed to a nameless “Placing 3 of 3 on the canvas…”, read out again)', async () => {
    const { sessions, barText } = watch();
    const batch = heldPlacing();
    const placing = sessions.runAsync(batch.placeAsync, ['A', 'B', 'C']);
    batch.progress({ done: 2, total: 3, label: 'Acme — Spring sale' });
    expect(barText()).toBe('Placing 3 of 3 on the canvas: Acme — Spring sale…');
    // All sent, the batch being laid out: the bar is full, its words the same.
    batch.progress({ done: 3, total: 3, label: 'Acme — Spring sale' });
    expect(barText()).toBe('Placing 3 of 3 on the canvas: Acme — Spring sale…');
    batch.end({ placed: 3, placedIds: [1, 2, 3], total: 3, failed: [], cancelled: false });
    await placing;
  });

  it('says which of the drops under way it is placing, not only the latest one’s name', async () => {
    const { sessions, barText } = watch();
    const first = heldPlacing();
    const second = heldPlacing();
    const one = sessions.runAsync(first.placeAsync);
    first.progress({ done: 0, total: 1, label: 'Acme — Spring sale' });
    expect(barText()).toBe('Placing on the canvas: Acme — Spring sale…');
    const two = sessions.runAsync(second.placeAsync);
    second.progress({ done: 0, total: 1, label: 'Petal & Pine — Gift guide' });
    expect(barText()).toBe('Placing 1 of 2 on the canvas: Acme — Spring sale…');
    first.end(placedOne(1));
    await one;
    expect(barText()).toBe('Placing 2 of 2 on the canvas: Petal & Pine — Gift guide…');
    // The library's wait for the one being placed is said with it.
    second.progress({ done: 0, total: 1, label: 'Petal & Pine — Gift guide', waitingSeconds: 12 });
    expect(barText()).toBe('The library asked us to slow down: placing 2 of 2 goes on in 12 seconds (Petal & Pine — Gift guide).');
    second.end(placedOne(2));
    await two;
    expect(barText()).toBe('Placed 2 references on the canvas.');
  });

  it('hands the bar the layers its summary counted, merged, so its words can follow them (⌘Z); not those of an end it could not confirm', async () => {
    const { sessions, reports } = watch();
    const a = heldPlacing();
    const b = heldPlacing();
    const first = sessions.runAsync(a.placeAsync, ['A']);
    const second = sessions.runAsync(b.placeAsync, ['B']);
    a.end({ ...placedOne(1), nodeIds: ['1:1'] });
    b.end({ ...placedOne(2), nodeIds: ['1:2'] });
    await Promise.all([first, second]);
    const done = reports[reports.length - 1];
    expect(done?.kind === 'done' ? done.placed?.nodeIds : undefined).toEqual(['1:1', '1:2']);
    expect(done?.kind === 'done' ? done.placed?.outcome.placed : undefined).toBe(2);

    const unsure = heldPlacing();
    const third = sessions.runAsync(unsure.placeAsync, ['C']);
    unsure.end({ ...placedOne(3), nodeIds: ['1:3'], endProblem: unconfirmedEndText(1) });
    await third;
    const last = reports[reports.length - 1];
    expect(last?.kind === 'done' && last.placed).toBe(undefined);
  });
});
