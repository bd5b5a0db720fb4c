// A teammate's version taken only in part (Envelope applies the description; the layers are left
// to the designer). The sync records it in the file's sync state instead of leaving it unresolved:
// the next checks no longer read everything since it again, it is not taken again unasked, and
// an edit here meanwhile is still a conflict against theirs. The real runner against the fake
// Figma and the builder emulator; outcomes checked in the document, its sync state and the
// emulator's changes feed.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { SyncComparison, SyncOutcome } from '../../../src/shared/bridge/messages';
import { createComponentReader } from '../../../src/snapshot/component-reader';
import { SHARED_DATA_NAMESPACE } from '../../../src/platform/shared-data';
import { readSyncState, SYNC_STATE_HEAD_KEY } from '../../../src/sync/sync-state';
import { PARTLY_TAKEN_RECORD_LIMIT, PARTLY_TAKEN_TOTAL_LIMIT } from '../../../src/sync/partly-taken';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, remoteComponentsAsync, syncedOnceAsync, teammatePushesAsync, useSyncHarness, watchAnswers } from './support/sync-harness';

const h = useSyncHarness();

const RED = { type: 'SOLID', color: { r: 1, g: 0.13, b: 0 } } as const satisfies SolidPaint;

/** The changes calls the plugin makes: the `since` it asked from. */
function watchChangesSince(): Array<string | null> {
  const calls: Array<string | null> = [];
  watchAnswers(h, (request) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname.endsWith('/changes')) calls.push(url.searchParams.get('since'));
  });
  return calls;
}

const row = (comparison: SyncComparison, key: string) => comparison.items.find((item) => item.key === key);

/**
 * Synced once; a teammate then gave Header a red fill and another description (read from this
 * document as it would be, so the file can come to match it), and this designer took it: the
 * description was applied, the fill is a step by hand.
 */
async function headerTakenInPartAsync(whileSending?: (header: ComponentNode | ComponentSetNode) => void): Promise<{ header: ComponentNode | ComponentSetNode; takenAt: SyncComparison; outcome: SyncOutcome }> {
  await syncedOnceAsync(h);
  const header = componentNamed(h, 'Header');
  const originalFills = header.fills as readonly Paint[];
  const originalDescription = header.description;
  header.fills = [RED];
  header.description = 'Theirs.';
  const theirs = (await createComponentReader(h.fake.figma).readAsync(header)).payload;
  header.fills = originalFills;
  header.description = originalDescription;
  await teammatePushesAsync(h, theirs);
  whileSending?.(header);

  const takenAt = await h.plugin.handlers['sync/compare']({}, context);
  expect(row(takenAt, header.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
  const outcome = await h.plugin.handlers['sync/run']({}, context);
  expect(header.description).toBe(whileSending === undefined ? 'Theirs.' : originalDescription);
  return { header, takenAt, outcome };
}

describe('a teammate version taken only in part', () => {
  for (const stopped of [false, true]) {
    it(`then edited here, taken again and that take undone with ⌘Z while the sync sends${stopped ? ', the sync then stopped' : ''}: still a conflict, never pushed over theirs`, async () => {
      const { header } = await headerTakenInPartAsync();
      const theirs = (await remoteComponentsAsync(h, 'ds_empty')).get(header.key)!;
      header.description = 'Mine.';
      componentNamed(h, 'Hero').description = 'Pushed in the same sync.';
      h.fake.figma.commitUndo();
      watchAnswers(h, (request) => {
        const description = () => header.description;
        if (request.method !== 'POST' || !request.url.endsWith('/sync') || description() !== 'Theirs.') return;
        for (let presses = 0; description() !== 'Mine.'; presses++) {
          if (presses === 10) throw new Error('ten presses of ⌘Z did not undo the take');
          h.fake.figma.triggerUndo();
        }
      });
      expect(row(await h.plugin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'conflict' });
      await h.plugin.handlers['sync/choose']({ choices: { [header.key]: 'take' } }, context);
      if (stopped) {
        await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['503'] });
        await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'unavailable' });
        await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
      } else await h.plugin.handlers['sync/run']({}, context);
      expect(header.description).toBe('Mine.');

      expect(row(await h.plugin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'conflict' });
      await h.plugin.handlers['sync/choose']({ choices: { [header.key]: 'skip' } }, context);
      await h.plugin.handlers['sync/run']({}, context);
      expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)?.hash).toBe(theirs.hash);
    }, 90_000);
  }

  it('is listed as taken in part with its steps, not ticked to take, and the next sync does not take it again', async () => {
    const { header, outcome: taking } = await headerTakenInPartAsync();
    expect(taking.manualSteps.find((entry) => entry.name === 'Header')?.steps.at(-1)).toMatch(/stays listed as taken in part/);
    const next = await h.plugin.handlers['sync/compare']({}, context);
    const listed = row(next, header.key);
    expect(listed).toMatchObject({ kind: 'remote-change', choice: 'skip', remoteUpdatedBy: 'Ana Lima' });
    expect(listed?.takenInPart?.steps.some((step) => step.includes('fill'))).toBe(true);
    // Nothing chosen: nothing taken again, no steps repeated.
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ taken: 0, manualSteps: [] });
    expect(row(outcome.comparison, header.key)).toMatchObject({ kind: 'remote-change', choice: 'skip', takenInPart: listed?.takenInPart });
  });

  it('undone with ⌘Z while the sync still sends: the row is their version not taken (ticked to take, as before taking), never "taken in part"; put back, a conflict with it, never pushed over it', async () => {
    const { header } = await headerTakenInPartAsync((header) => {
      componentNamed(h, 'Hero').description = 'Pushed in the same sync.';
      h.fake.figma.commitUndo();
      // The designer presses ⌘Z while the sync still sends Hero: the state stays as written.
      const before = header.description;
      watchAnswers(h, (request) => {
        if (request.method !== 'POST' || !request.url.endsWith('/sync') || header.description !== 'Theirs.') return;
        for (let presses = 0; header.description !== before; presses++) {
          if (presses === 10) throw new Error('ten presses of ⌘Z did not undo the take');
          h.fake.figma.triggerUndo();
        }
      });
    });
    const undone = row(await h.plugin.handlers['sync/compare']({}, context), header.key);
    expect(undone).toMatchObject({ kind: 'remote-change', choice: 'take', remoteUpdatedBy: 'Ana Lima' });
    expect(undone?.takenInPart).toBeUndefined();
    // The sync that saw it undone forgot the take and its record (undone-takes.ts): the take put
    // back by hand (the part it applied) is a change here against their version, left for the
    // designer to choose.
    await h.plugin.handlers['sync/choose']({ choices: { [header.key]: 'skip' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    header.description = 'Theirs.';
    const redone = row(await h.plugin.handlers['sync/compare']({}, context), header.key);
    expect(redone).toMatchObject({ kind: 'conflict', choice: 'skip' });
    expect(redone?.takenInPart).toBeUndefined();
  });

  it('no longer holds the base time back: the next check asks only for what changed since that sync', async () => {
    const calls = watchChangesSince();
    const { takenAt } = await headerTakenInPartAsync();
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(stored.status);
    expect(stored.state.lastSyncedAt).toBe(takenAt.serverTime);
    calls.length = 0;
    await h.plugin.handlers['sync/compare']({}, context);
    expect(calls).toEqual([takenAt.serverTime]);
    const overview = await h.plugin.handlers['sync/overview']({}, context);
    expect(overview.lastSyncedAt).toBe(takenAt.serverTime);
  });

  it('can still be taken again when chosen', async () => {
    const { header } = await headerTakenInPartAsync();
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [header.key]: 'take' } }, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.taken).toBe(1);
    expect(outcome.manualSteps.find((entry) => entry.name === 'Header')?.steps.some((step) => step.includes('fill'))).toBe(true);
    expect(row(await h.plugin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'remote-change', choice: 'skip' });
  });

  it('an edit here meanwhile is a conflict against theirs, never pushed over their layers unasked, and stays one', async () => {
    const { header } = await headerTakenInPartAsync();
    const before = (await remoteComponentsAsync(h, 'ds_empty')).get(header.key)!;
    header.description = 'Mine, later.';
    const later = await h.plugin.handlers['sync/compare']({}, context);
    // Against the recorded version, which the row still says was taken in part (with the steps left).
    expect(row(later, header.key)).toMatchObject({ kind: 'conflict', choice: 'skip', takenInPart: { steps: expect.arrayContaining([expect.stringContaining('fill')]) as unknown } });
    const detail = await h.plugin.handlers['sync/detail']({ key: header.key }, context);
    expect(detail.changes).toEqual(expect.arrayContaining([expect.objectContaining({ property: 'description', before: '"Theirs."', after: '"Mine, later."' })]));
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)).toMatchObject({ hash: before.hash, updated_at: before.updated_at });
    // Still a conflict at the next check, from the record (the base time moved past theirs).
    expect(row(await h.plugin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)).toMatchObject({ hash: before.hash, updated_at: before.updated_at });
  });

  it('is settled once the file matches their version (same on both sides), and the record goes', async () => {
    const { header } = await headerTakenInPartAsync();
    const recorded = readSyncState(h.fake.figma.root);
    expect(recorded.status === 'ok' && recorded.state.partlyTaken?.has(header.key)).toBe(true);
    // The designer makes the step by hand.
    header.fills = [RED];
    const matched = await h.plugin.handlers['sync/compare']({}, context);
    expect(row(matched, header.key)).toMatchObject({ kind: 'both-same' });
    expect(row(matched, header.key)?.takenInPart).toBeUndefined();
    await h.plugin.handlers['sync/run']({}, context);
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(stored.status);
    expect(stored.state.partlyTaken).toBeUndefined();
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
    // And a later edit is a plain change to push.
    header.description = 'Mine, now.';
    expect(row(await h.plugin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
  });

  it('says the steps left as the file is now: a step made by hand drops out of the row and its detail', async () => {
    await syncedOnceAsync(h);
    const header = componentNamed(h, 'Header') as ComponentNode;
    const original = { fills: header.fills as readonly Paint[], radius: header.cornerRadius as number, description: header.description };
    header.fills = [RED];
    header.cornerRadius = original.radius + 12;
    header.description = 'Theirs.';
    const theirs = (await createComponentReader(h.fake.figma).readAsync(header)).payload;
    Object.assign(header, { fills: original.fills, cornerRadius: original.radius, description: original.description });
    await teammatePushesAsync(h, theirs);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    const taken = row(await h.plugin.handlers['sync/compare']({}, context), header.key)?.takenInPart?.steps ?? [];
    // The fill (its colour, and the variable it no longer uses) and the corner radius.
    expect(taken.filter((step) => step.includes('fill')).length).toBeGreaterThan(0);
    expect(taken.filter((step) => step.includes('radius'))).toHaveLength(1);

    // The designer makes the fill by hand; the corner radius is left.
    header.fills = [RED];
    const later = row(await h.plugin.handlers['sync/compare']({}, context), header.key);
    expect(later).toMatchObject({ kind: 'conflict', choice: 'skip' });
    expect(later?.takenInPart?.steps).toEqual(taken.filter((step) => !step.includes('fill')));
    const detail = await h.plugin.handlers['sync/detail']({ key: header.key }, context);
    expect(detail.item.takenInPart?.steps).toEqual(later?.takenInPart?.steps);
  });

  it('records no more than the state’s total allows: a version past it is held as before, ticked to take again', async () => {
    await syncedOnceAsync(h);
    // Their versions, each with a long description (applied) and a red fill (left by hand):
    // each record within the per-record limit, two of them within the total, three not.
    const names = ['Header', 'Footer', 'Divider'];
    const longDescription = 'x'.repeat(PARTLY_TAKEN_RECORD_LIMIT - 10_000);
    expect(2 * (longDescription.length + 10_000)).toBeLessThan(PARTLY_TAKEN_TOTAL_LIMIT);
    expect(3 * longDescription.length).toBeGreaterThan(PARTLY_TAKEN_TOTAL_LIMIT);
    for (const name of names) {
      const node = componentNamed(h, name) as ComponentNode;
      const original = { fills: node.fills as readonly Paint[], description: node.description };
      Object.assign(node, { fills: [RED], description: `${name}: ${longDescription}` });
      await teammatePushesAsync(h, (await createComponentReader(h.fake.figma).readAsync(node)).payload);
      Object.assign(node, original);
    }
    const first = await h.plugin.handlers['sync/compare']({}, context);
    expect(first.items.filter((item) => names.includes(item.name))).toEqual(names.map(() => expect.objectContaining({ kind: 'remote-change', choice: 'take' }) as unknown));
    await h.plugin.handlers['sync/run']({}, context);
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(stored.status);
    const recorded = stored.state.partlyTaken ?? new Map();
    expect(recorded.size).toBe(2);
    // The one not recorded is listed as a plain incoming change again, ticked to take.
    const next = await h.plugin.handlers['sync/compare']({}, context);
    const rows = names.map((name) => next.items.find((item) => item.name === name)!);
    expect(rows.filter((item) => item.takenInPart !== undefined)).toHaveLength(2);
    expect(rows.filter((item) => item.takenInPart === undefined)).toEqual([expect.objectContaining({ kind: 'remote-change', choice: 'take' })]);
  });

  it('gives way to the teammate’s newer version: a plain incoming change, ticked to take', async () => {
    const { header } = await headerTakenInPartAsync();
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: header.key, description: 'Theirs, again.' });
    const next = await h.plugin.handlers['sync/compare']({}, context);
    expect(row(next, header.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
    expect(row(next, header.key)?.takenInPart).toBeUndefined();
    await h.plugin.handlers['sync/run']({}, context);
    expect(header.description).toBe('Theirs, again.');
    // Still their fill to make by hand: taken in part again, as that newer version.
    const after = row(await h.plugin.handlers['sync/compare']({}, context), header.key);
    expect(after).toMatchObject({ kind: 'remote-change', choice: 'skip' });
    expect(after?.takenInPart).toBeDefined();
  });

  it('is listed for a collaborator too, and the state that records it says version 3 (an older Envelope is read-only there rather than dropping it)', async () => {
    const { header } = await headerTakenInPartAsync();
    const head = JSON.parse(h.fake.figma.root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY)) as { v: number; partly: number };
    // 4 here: the take's record of what it replaced (undone-takes.ts) is there too.
    expect(head).toMatchObject({ v: 4, partly: 1 });
    const robin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    await robin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    expect(row(await robin.handlers['sync/compare']({}, context), header.key)).toMatchObject({ kind: 'remote-change', choice: 'skip', takenInPart: { steps: expect.any(Array) as unknown } });
  });
});
