// ⌘Z after Sync's own edits (Figma's undo history, modelled by the fake's commitUndo /
// triggerUndo): a designer who undoes a take is back at the teammate's version as a question,
// never at a local change ticked to push over it; and the file's sync state never disagrees
// with the file after any number of undos. The real runner against the fake Figma and the
// builder emulator; outcomes checked in the design system's changes feed and the document.
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { SyncComparison } from '../../../src/shared/bridge/messages';
import { controlAsync } from '../clients/support/transports';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { readSyncState, type SyncStateEntry } from '../../../src/sync/sync-state';
import { PLACING_REFERENCES, REMOVING_REFERENCES_SYNC } from '../../../src/sync/take-theirs-step';
import { insertOf } from './support/library-email';
import { collaboratorAsync, collaboratorSyncsWhilePushing, componentNamed, context, linkAsync, nextBadgeAsync, remoteComponentsAsync, startBackground, syncedOnceAsync, useSyncHarness, watchAnswers } from './support/sync-harness';

const h = useSyncHarness();

const row = (comparison: SyncComparison, key: string) => comparison.items.find((item) => item.key === key);

/** The base entry of `key` in the file's sync state, as stored. */
function entryOf(key: string): SyncStateEntry | undefined {
  const stored = readSyncState(h.fake.figma.root);
  if (stored.status !== 'ok') throw new Error(`the sync state is ${stored.status}`);
  return stored.state.components.get(key);
}

/** The designer presses ⌘Z until `done` holds (each press reverts one step of the history). */
function undoUntil(done: () => boolean): number {
  let presses = 0;
  while (!done()) {
    if (presses === 10) throw new Error('ten presses of ⌘Z did not get there');
    h.fake.figma.triggerUndo();
    presses++;
  }
  return presses;
}

/**
 * Synced once; Divider then edited here ('Mine.', its own undo step) and by a teammate in the
 * builder app ('Theirs.'), and this designer chose to take theirs and synced.
 */
async function dividerTakenAsync(): Promise<{ divider: ComponentNode | ComponentSetNode; theirs: Component }> {
  await syncedOnceAsync(h);
  const divider = componentNamed(h, 'Divider');
  divider.description = 'Mine.';
  h.fake.figma.commitUndo();
  await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'take' } }, context);
  await h.plugin.handlers['sync/run']({}, context);
  expect(divider.description).toBe('Theirs.');
  return { divider, theirs: (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)! };
}

/**
 * Divider changed on both sides ("Mine." here, "Theirs." there), taken in a sync that also pushes
 * Hero; the designer sees their component change and presses ⌘Z while that sync still sends
 * (unless `undo` is false; then `whileSending`, still while it sends). With `failing`, that sync
 * then stops (the builder answers 503).
 */
async function conflictTakenWhileSendingAsync({
  afterFirstSync = () => {},
  undo = true,
  whileSending = () => {},
  failing = false,
}: { afterFirstSync?: () => void; undo?: boolean; whileSending?: (divider: ComponentNode | ComponentSetNode) => void; failing?: boolean } = {}): Promise<ComponentNode | ComponentSetNode> {
  await syncedOnceAsync(h);
  afterFirstSync();
  const divider = componentNamed(h, 'Divider');
  divider.description = 'Mine.';
  componentNamed(h, 'Hero').description = 'Pushed in the same sync.';
  h.fake.figma.commitUndo();
  await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
  watchAnswers(h, (request) => {
    if (request.method !== 'POST' || !request.url.endsWith('/sync') || divider.description !== 'Theirs.') return;
    if (undo) undoUntil(() => divider.description === 'Mine.');
    whileSending(divider);
  });
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'take' } }, context);
  if (!failing) {
    await h.plugin.handlers['sync/run']({}, context);
    return divider;
  }
  await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['503'] });
  await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'unavailable' });
  await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
  return divider;
}

describe('⌘Z after taking theirs', () => {
  it('of a conflict: the file back as it was is the conflict again, not a local change pushed over the teammate’s version', async () => {
    const { divider, theirs } = await dividerTakenAsync();

    undoUntil(() => divider.description === 'Mine.');
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(row(again, divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });

  it('then Sync pressed again on the same screen: the teammate’s version is not recorded as seen nor overwritten, and the row is the conflict again', async () => {
    const { divider, theirs } = await dividerTakenAsync();
    undoUntil(() => divider.description === 'Mine.');
    // The list still shows the sync's outcome (taken, in sync); the designer presses Sync again.
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(row(outcome.comparison, divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    // And the outcome says why it is listed again.
    expect(outcome.manualSteps).toEqual([{ key: divider.key, name: 'Divider', steps: [expect.stringMatching(/changed in this file since the comparison/) as unknown] }]);
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
    expect(divider.description).toBe('Mine.');
  });
});

/** The same with a teammate's deletion of Divider, taken, and undone while the sync still sends Hero. */
async function deletionTakenAndUndoneWhileSendingAsync(): Promise<ComponentNode | ComponentSetNode> {
  await syncedOnceAsync(h);
  const divider = componentNamed(h, 'Divider');
  componentNamed(h, 'Hero').description = 'Pushed in the same sync.';
  h.fake.figma.commitUndo();
  await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, delete: true });
  watchAnswers(h, (request) => {
    if (request.method === 'POST' && request.url.endsWith('/sync') && divider.removed) undoUntil(() => !divider.removed);
  });
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'take' } }, context);
  await h.plugin.handlers['sync/run']({}, context);
  return divider;
}

describe('⌘Z while the sync is still sending', () => {
  it('of the take just made: the file back as it was is the conflict again at the next check, never a local change pushed over theirs', async () => {
    const divider = await conflictTakenWhileSendingAsync();
    expect(divider.description).toBe('Mine.');
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    expect(theirs.description).toBe('Theirs.');

    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });

  it('of a teammate’s deletion just taken: the component back in the file is that deletion again, never an addition pushed over it', async () => {
    const divider = await deletionTakenAndUndoneWhileSendingAsync();
    expect(divider.removed).toBe(false);

    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'remote-delete', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ deleted: true });
  });

  it('of a teammate’s change just taken: the Sync tab’s count on the next open counts it again', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const before = divider.description;
    componentNamed(h, 'Hero').description = 'Pushed in the same sync.';
    h.fake.figma.commitUndo();
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
    watchAnswers(h, (request) => {
      if (request.method === 'POST' && request.url.endsWith('/sync') && divider.description === 'Theirs.') undoUntil(() => divider.description === before);
    });
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(divider.description).toBe(before);

    // Envelope opened again: its check on open counts the row the Sync screen lists.
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    const badges = startBackground(h);
    expect(await nextBadgeAsync(badges, 0)).toEqual({ rows: 1 });
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
  });
});

/**
 * The designer presses ⌘Z once the sync has read `node` after sending (its last read of the file,
 * for the takes it recorded) and before the read ends: `node`'s next read of its description is
 * followed at once by the press.
 */
function undoRightAfterNextRead(node: ComponentNode | ComponentSetNode, done: () => boolean): void {
  let proto: object | null = Object.getPrototypeOf(node) as object | null;
  let accessor: PropertyDescriptor | undefined;
  while (proto !== null && accessor === undefined) {
    accessor = Object.getOwnPropertyDescriptor(proto, 'description');
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  const found = accessor;
  if (found?.get === undefined || found.set === undefined) throw new Error('no description accessor');
  let armed = true;
  Object.defineProperty(node, 'description', {
    configurable: true,
    get(this: unknown) {
      const value = found.get!.call(this) as string;
      if (armed) {
        armed = false;
        queueMicrotask(() => undoUntil(done));
      }
      return value;
    },
    set(this: unknown, value: string) {
      found.set!.call(this, value);
    },
  });
}

describe('⌘Z while the sync reads the file one last time, after sending', () => {
  it('of the take just made, then an edit: the take is not written back; the edited file is the conflict again, never a change here pushed over theirs', async () => {
    let armed = false;
    const divider = await conflictTakenWhileSendingAsync({
      undo: false,
      whileSending: (taken) => {
        if (armed) return;
        armed = true;
        undoRightAfterNextRead(taken, () => taken.description === 'Mine.');
      },
    });
    expect(divider.description).toBe('Mine.');
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    expect(theirs.description).toBe('Theirs.');
    divider.description = 'Edited after the undo.';
    h.fake.figma.commitUndo();

    // Envelope opened again: only what the file recorded counts.
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });
});

describe('An edit after ⌘Z of a take made while a sync sent', () => {
  /** The designer edits Divider after the undo, as a step of its own. */
  const editAfterUndo = (divider: ComponentNode | ComponentSetNode) => {
    divider.description = 'Edited after the undo.';
    h.fake.figma.commitUndo();
  };

  it('of a teammate’s change: the edited file is the conflict again at every later sync, never a change here pushed over their version', async () => {
    const divider = await conflictTakenWhileSendingAsync();
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    editAfterUndo(divider);
    for (let later = 0; later < 2; later++) {
      expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
      await h.plugin.handlers['sync/run']({}, context);
      expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at, description: 'Theirs.' });
    }
    expect(divider.description).toBe('Edited after the undo.');
  });

  it('of a teammate’s deletion: the edited component is the conflict with that deletion, never an addition pushed over it', async () => {
    const divider = await deletionTakenAndUndoneWhileSendingAsync();
    editAfterUndo(divider);
    for (let later = 0; later < 2; later++) {
      expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
      await h.plugin.handlers['sync/run']({}, context);
      expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ deleted: true });
    }
  });

  it('of a teammate’s change, in a sync that then stopped: the same conflict', async () => {
    const divider = await conflictTakenWhileSendingAsync({ failing: true });
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    expect(theirs.description).toBe('Theirs.');
    expect(readSyncState(h.fake.figma.root)).toMatchObject({ status: 'ok', state: { history: [expect.objectContaining({ taken: 1, stoppedPartWay: true }), expect.anything()] } });

    editAfterUndo(divider);
    // As after a whole sync, the take undone leaves the row undecided (its choice went with it).
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  }, 60_000);

  it('of a teammate’s change, the edit made while that sync still sent too: the same conflict', async () => {
    const divider = await conflictTakenWhileSendingAsync({ whileSending: editAfterUndo });
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    expect(theirs.description).toBe('Theirs.');
    expect(divider.description).toBe('Edited after the undo.');

    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });

  it('undone while a later sync sent: the same conflict', async () => {
    const { divider, theirs } = await dividerTakenAsync();
    componentNamed(h, 'Hero').description = 'Pushed by the later sync.';
    h.fake.figma.commitUndo();
    watchAnswers(h, (request) => {
      if (request.method === 'POST' && request.url.endsWith('/sync') && divider.description === 'Theirs.') undoUntil(() => divider.description === 'Mine.');
    });
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    editAfterUndo(divider);
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });

  it('but an edit of the version taken, never undone, is a change here, pushed as usual', async () => {
    const { divider } = await dividerTakenAsync();
    divider.description = 'Theirs, edited here.';
    h.fake.figma.commitUndo();
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ description: 'Theirs, edited here.' });
  });

  it('and an edit of the version taken while that sync still sent is a change here too', async () => {
    const divider = await conflictTakenWhileSendingAsync({
      undo: false,
      whileSending: (taken) => {
        taken.description = 'Theirs, edited while it sent.';
        h.fake.figma.commitUndo();
      },
    });
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
  });
});

describe('A collaborator’s sync that finishes while this one sends', () => {
  it('dropping the record of a deletion an earlier sync took here (the file is past it) is no ⌘Z: nothing comes back', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const dividerKey = divider.key;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: dividerKey, delete: true });
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [dividerKey]: 'take' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(divider.removed).toBe(true);

    // A teammate edits Footer (taken in the next sync, which writes the state before it sends);
    // Robin, a collaborator with the file open, syncs while that sync's request is out.
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    const robin = await collaboratorAsync(h);
    await linkAsync(h, 'ds_empty');
    componentNamed(h, 'Hero').description = 'Dana’s edit.';
    const robinSync = collaboratorSyncsWhilePushing(h, robin);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(robinSync.synced()).toBe(true);
    expect(entryOf(dividerKey)).toBeUndefined();
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  }, 60_000);
});

describe('the records of takes', () => {
  /** What the file's sync state keeps of the take of `key` (undone-takes.ts), as stored. */
  const recordOf = (key: string) => entryOf(key)?.beforeTake;

  it('go at a later sync that finds the file past the take, so a file that takes everything does not keep one per component', async () => {
    const { divider } = await dividerTakenAsync();
    expect(recordOf(divider.key)).toBeDefined();
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(recordOf(divider.key)).toBeUndefined();
    expect(divider.description).toBe('Theirs.');
  });

  it('of a take undone while its sync sent go with the take: the base is the one from before it, every later sync still sees the conflict, never a push over theirs', async () => {
    let firstBase: SyncStateEntry | undefined;
    const divider = await conflictTakenWhileSendingAsync({ afterFirstSync: () => (firstBase = entryOf(componentNamed(h, 'Divider').key)) });
    expect(firstBase).toBeDefined();
    const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    for (let later = 0; later < 2; later++) {
      expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
      await h.plugin.handlers['sync/run']({}, context);
      expect(recordOf(divider.key)).toBeUndefined();
      expect(entryOf(divider.key)).toEqual(firstBase);
    }
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  });

  it('stay when the take is undone while a later sync still sends: the file back at its content from before is the conflict again', async () => {
    const { divider } = await dividerTakenAsync();
    // The later sync compares the file past the take; the designer presses ⌘Z while it sends Hero.
    componentNamed(h, 'Hero').description = 'Pushed by the later sync.';
    h.fake.figma.commitUndo();
    watchAnswers(h, (request) => {
      if (request.method === 'POST' && request.url.endsWith('/sync') && divider.description === 'Theirs.') undoUntil(() => divider.description === 'Mine.');
    });
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toBeUndefined();
    await h.plugin.handlers['sync/run']({}, context);
    expect(divider.description).toBe('Mine.');
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  });
});

describe('Take theirs while references are being placed on the canvas', () => {
  it('waits for them, in words, so ⌘Z after the batch takes all of its references away and nothing else', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const before = divider.description;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'take' } }, context);

    const { batchId } = await h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Spring' }, context);
    const first = (await h.plugin.handlers['canvas/insert'](insertOf(1, { batchId }), context)).nodeId;
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({
      code: 'busy',
      message: 'Envelope is still placing references on the canvas, so nothing was taken or sent. Sync again once they are there.',
    });
    expect(divider.description).toBe(before);
    const second = (await h.plugin.handlers['canvas/insert'](insertOf(2, { batchId }), context)).nodeId;
    await h.plugin.handlers['canvas/insert-end']({ batchId }, context);

    h.fake.figma.triggerUndo();
    expect([h.fake.inspect.node(first), h.fake.inspect.node(second)]).toEqual([null, null]);
    expect(divider.description).toBe(before);
    // Once they are there, the same Sync takes theirs.
    await h.plugin.handlers['sync/run']({}, context);
    expect(divider.description).toBe('Theirs.');
  });
});

describe('A sync that takes nothing while references are being placed on the canvas', () => {
  it('waits for them too, so ⌘Z of the batch never rolls the sync state back past what the design system holds', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Pushed while references are placed.';
    h.fake.figma.commitUndo();
    await h.plugin.handlers['sync/compare']({}, context);

    const { batchId } = await h.plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Spring' }, context);
    const first = (await h.plugin.handlers['canvas/insert'](insertOf(1, { batchId }), context)).nodeId;
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'busy', message: PLACING_REFERENCES });
    const second = (await h.plugin.handlers['canvas/insert'](insertOf(2, { batchId }), context)).nodeId;
    await h.plugin.handlers['canvas/insert-end']({ batchId }, context);

    h.fake.figma.triggerUndo();
    expect([h.fake.inspect.node(first), h.fake.inspect.node(second)]).toEqual([null, null]);
    // What the file's state says was synced is what the design system holds.
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(`the sync state reads ${stored.status}`);
    expect(stored.state.components.get(hero.key)?.hash).toBe((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.hash);
    // Once they are there, the same Sync sends it.
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ pushed: 1 });
  });
});

describe('A sync while references are being removed from the canvas', () => {
  it('waits for the removal, whose commit after its waits would cut the take’s undo step in two', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Pushed once the removal is done.';
    h.fake.figma.commitUndo();
    await h.plugin.handlers['sync/compare']({}, context);
    const old = (await h.plugin.handlers['canvas/insert'](insertOf(3), context)).nodeId;
    // Finding the reference takes a while (its page loading, on a large file).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const find = h.fake.figma.getNodeByIdAsync.bind(h.fake.figma);
    h.fake.figma.getNodeByIdAsync = async (id: string) => {
      await held;
      return find(id);
    };
    const removal = h.plugin.handlers['canvas/references-remove']({ nodeIds: [old], goneEmailIds: [3] }, context);
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'busy', message: REMOVING_REFERENCES_SYNC });
    release();
    await expect(removal).resolves.toMatchObject({ removed: 1 });
    await expect(h.plugin.handlers['sync/run']({}, context)).resolves.toMatchObject({ pushed: 1 });
  });
});

describe('⌘⇧Z after ⌘Z of a take', () => {
  /** The designer presses ⌘⇧Z until `done` holds (each press puts back one step undone). */
  function redoUntil(done: () => boolean): number {
    let presses = 0;
    while (!done()) {
      if (presses === 10) throw new Error('ten presses of ⌘⇧Z did not get there');
      h.fake.redo();
      presses++;
    }
    return presses;
  }

  it('until their version is back (the sync’s record of the take still undone): Check again reads it as the same on both sides, and Sync records it, sending nothing', async () => {
    const { divider, theirs } = await dividerTakenAsync();
    undoUntil(() => divider.description === 'Mine.');
    redoUntil(() => divider.description === 'Theirs.');

    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(row(again, divider.key)).toMatchObject({ kind: 'both-same' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ pushed: 0, taken: 0 });
    expect(row(outcome.comparison, divider.key)).toBeUndefined();
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toBeUndefined();
  });

  /** ⌘⇧Z brought the take back: the check reads it as taken, and a sync sends nothing. */
  async function expectTakenAgainAsync(divider: { description: string; key: string }, theirs: { hash: string; updated_at: string }): Promise<void> {
    expect(divider.description).toBe('Theirs.');
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toBeUndefined();
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ pushed: 0, taken: 0 });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ hash: theirs.hash, updated_at: theirs.updated_at });
  }

  it('of every step undone (the sync’s record of the take too): the same', async () => {
    const { divider, theirs } = await dividerTakenAsync();
    const presses = undoUntil(() => divider.description === 'Mine.');
    for (let i = 0; i < presses; i++) h.fake.redo();
    await expectTakenAgainAsync(divider, theirs);
  });

  it('after a check that showed the take undone: the check once it is back reads it as taken again, nothing to send', async () => {
    const { divider, theirs } = await dividerTakenAsync();
    const presses = undoUntil(() => divider.description === 'Mine.');
    expect(row(await h.plugin.handlers['sync/compare']({}, context), divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    for (let i = 0; i < presses; i++) h.fake.redo();
    await expectTakenAgainAsync(divider, theirs);
  });
});

describe('⌘Z after the first sync', () => {
  // The first compare makes the file's id (the key of this file's choices and kept-apart stores);
  // written in the sync's step, ⌘Z took it too, and the next sync made a new one.
  it('takes the sync’s records back but not the file’s id, which the next sync uses again', async () => {
    const fileId = () => h.fake.inspect.run(() => h.fake.figma.root.getSharedPluginData('envelope', 'fileId'));
    expect(fileId()).toBe('');
    await syncedOnceAsync(h);
    const made = fileId();
    expect(made).toMatch(/^file_/);
    expect(readSyncState(h.fake.figma.root).status).not.toBe('empty');
    h.fake.figma.triggerUndo();
    expect(readSyncState(h.fake.figma.root).status).toBe('empty');
    expect(fileId()).toBe(made);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect(fileId()).toBe(made);
  });
});
