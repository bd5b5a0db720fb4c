// A sync that stops part-way (the builder fails, or Cancel) after some batches were acknowledged:
// what it pushed is in the file's history, marked as stopped, so the team reading "Recent syncs"
// sees everything that went to the design system. Nothing is written when nothing was sent.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import type { SyncComparison } from '../../../src/shared/bridge/messages';
import { readSyncState, type SyncState } from '../../../src/sync/sync-state';
import { generateDocumentAsync } from '../../bench/generate-document';
import { createFakeFigma } from '../../fake-figma';
import { controlAsync } from '../clients/support/transports';
import { context, linkAsync, remoteComponentsAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();
const isPush = (request: HttpRequest) => request.method === 'POST' && request.url.endsWith('/sync');

/** The plugin again; once the first push is acknowledged, every later answer gets `fault`. Returns how many that push carried, and when the second push went out. */
function faultAfterFirstPush(kinds: string[]): { acknowledged: () => number; secondSent: Promise<void> } {
  const transport = createFigmaFetchTransport(h.fake.fetch);
  let acknowledged = 0;
  let pushes = 0;
  let sent!: () => void;
  const secondSent = new Promise<void>((resolve) => (sent = resolve));
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: async (request) => {
      const answer = transport(request);
      if (isPush(request) && ++pushes === 2) sent();
      const response = await answer;
      if (isPush(request) && response.status === 200 && acknowledged === 0) {
        acknowledged = (JSON.parse(request.body ?? '{}') as { upserts: unknown[] }).upserts.length;
        await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds });
      }
      return response;
    },
  });
  return { acknowledged: () => acknowledged, secondSent };
}

function storedState(): SyncState {
  const stored = readSyncState(h.fake.figma.root);
  if (stored.status !== 'ok') throw new Error(`sync state ${stored.status}`);
  return stored.state;
}

async function bigFileAsync(): Promise<void> {
  h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
  await generateDocumentAsync(h.fake.figma, 150);
}

describe('a sync that stops part-way, in the history', () => {
  it('failed after a first batch: its pushes are recorded as stopped part-way, and the sync tried again records only the rest', async () => {
    await bigFileAsync();
    const { acknowledged } = faultAfterFirstPush(['503']);
    await linkAsync(h, 'ds_empty');
    const total = (await h.plugin.handlers['sync/compare']({}, context)).items.length;
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'unavailable' });
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });

    expect(acknowledged()).toBeGreaterThan(0);
    expect(storedState().history).toEqual([expect.objectContaining({ pushed: acknowledged(), deleted: 0, stoppedPartWay: true, user: 'Dana Designer' })]);

    await h.plugin.handlers['sync/run']({}, context);
    const history = storedState().history;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ pushed: total - acknowledged() });
    expect(history[0]?.stoppedPartWay).toBeUndefined();
    expect(history[1]).toMatchObject({ pushed: acknowledged(), stoppedPartWay: true });
  }, 60_000);

  it('cancelled while its second batch waits: its first batch is recorded as stopped part-way', async () => {
    await bigFileAsync();
    const { acknowledged, secondSent } = faultAfterFirstPush(['stall']);
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const source = createCancelSource();
    const run = h.plugin.handlers['sync/run']({}, handlerContext({ signal: source.signal }));
    await secondSent;
    source.cancel();
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });

    expect(storedState().history).toEqual([expect.objectContaining({ pushed: acknowledged(), stoppedPartWay: true })]);
  }, 60_000);

  it('failed before anything was acknowledged: nothing is written to the history', async () => {
    await bigFileAsync();
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['503'] });
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'unavailable' });
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });

    const stored = readSyncState(h.fake.figma.root);
    expect(stored.status === 'ok' ? stored.state.history : []).toEqual([]);
  }, 60_000);
});

describe('a sync that stops part-way, in the list after it', () => {
  /**
   * Synced once, every component then described "Mine." here and compared; `beforeRun` (a choice,
   * say), then a teammate changes every one before the sync, whose second request fails after the
   * first was acknowledged. Returns the comparison and what that first request carried.
   */
  async function stoppedAfterTeammateEditsAsync(beforeRun: (compared: SyncComparison) => Promise<unknown> = async () => undefined) {
    await bigFileAsync();
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    for (const node of h.fake.inspect.allNodes()) if (node.type === 'COMPONENT_SET' || (node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET')) (node as ComponentNode | ComponentSetNode).description = 'Mine.';

    const { acknowledged } = faultAfterFirstPush(['503']);
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    await beforeRun(compared);
    for (const item of compared.items) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: item.key, description: 'Theirs.' });
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'unavailable' });
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
    // The first request carried a group of them: the design system returned each as a conflict.
    expect(acknowledged()).toBeGreaterThan(0);
    return { compared, acknowledged: acknowledged() };
  }

  // The first request's answer returned them as conflicts (a teammate's newer versions); the second
  // failed. The list read after the stop showed them as plain local changes, "push" by default, while
  // the history counted them as conflicts.
  it('lists what an acknowledged request returned as a conflict as a conflict, to be skipped by default', async () => {
    const { compared, acknowledged } = await stoppedAfterTeammateEditsAsync();
    expect(compared.items.every((item) => item.kind === 'local-change')).toBe(true);

    const listed = await h.plugin.handlers['sync/current']({}, context);
    const conflicts = listed.items.filter((item) => item.kind === 'conflict');
    expect(conflicts).toHaveLength(acknowledged);
    expect(conflicts.every((item) => item.choice === 'skip')).toBe(true);
    // The rest were not sent: nothing is known of them yet but the file's change.
    expect(listed.items.filter((item) => item.kind === 'local-change')).toHaveLength(compared.items.length - acknowledged);
  }, 60_000);

  // "Keep mine" chosen for local changes (ticked off and on again, say) stayed chosen in memory
  // when the stopped run's answer turned them into conflicts with a teammate's version nobody here
  // had seen: the list offered them as "Keep mine", and Try the sync again forced them over it.
  it('does not carry a "keep mine" made for a local change over to the conflict an acknowledged request returned, nor force it when tried again', async () => {
    const { acknowledged } = await stoppedAfterTeammateEditsAsync((compared) => h.plugin.handlers['sync/choose']({ choices: Object.fromEntries(compared.items.map((item) => [item.key, 'push'])) }, context));

    const listed = await h.plugin.handlers['sync/current']({}, context);
    const conflicts = listed.items.filter((item) => item.kind === 'conflict');
    expect(conflicts).toHaveLength(acknowledged);
    expect(conflicts.map((item) => item.choice)).toEqual(conflicts.map(() => 'skip'));
    // The rest keep the choice made for them: their rows read as they did.
    expect(listed.items.filter((item) => item.kind === 'local-change').every((item) => item.choice === 'push')).toBe(true);

    // Try the sync again: the teammate's versions stay in the design system.
    await h.plugin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    const kept = conflicts.map((item) => remote.get(item.key)?.description);
    expect(kept).toEqual(conflicts.map(() => 'Theirs.'));
  }, 60_000);
});
