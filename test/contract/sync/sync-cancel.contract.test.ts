// Cancel while a sync's request waits on the network: the run stops at once (not at the
// request's deadline), and what was acknowledged before stays recorded. The real handlers against
// the fake Figma and the builder emulator, its `stall` fault holding an answer mid-body.
import { describe, expect, it, vi } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { handlerContext, type HandlerContext } from '../../../src/shared/bridge/endpoint';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import { readSyncState } from '../../../src/sync/sync-state';
import { generateDocumentAsync } from '../../bench/generate-document';
import { createFakeFigma } from '../../fake-figma';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, footerChangedAfterLaterSyncAsync, linkAsync, remoteComponentsAsync, startBackground, syncedOnceAsync, type SyncHarness, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** A handler context as the bridge gives one, and the Cancel button's press. */
function cancellable(): { context: HandlerContext; cancel: () => void } {
  const source = createCancelSource();
  return { context: handlerContext({ signal: source.signal }), cancel: () => source.cancel() };
}

/**
 * The plugin again, with `beforeAnswer` run before each answer is handed on, and a promise for the
 * moment the `nth` request matching `matches` goes out.
 */
function watchRequests(harness: SyncHarness, matches: (request: HttpRequest) => boolean, nth: number, beforeAnswer: (request: HttpRequest, status: number) => Promise<void> = async () => undefined): Promise<void> {
  const transport = createFigmaFetchTransport(harness.fake.fetch);
  let seen = 0;
  let sent!: () => void;
  const out = new Promise<void>((resolve) => (sent = resolve));
  harness.plugin = createPlugin({
    figma: harness.fake.figma,
    transport: async (request) => {
      const answer = transport(request);
      if (matches(request) && ++seen === nth) sent();
      const response = await answer;
      await beforeAnswer(request, response.status);
      return response;
    },
  });
  return out;
}

const isPush = (request: HttpRequest) => request.method === 'POST' && request.url.endsWith('/sync');
const isChanges = (request: HttpRequest) => request.method === 'GET' && request.url.includes('/changes');

/** Starts a call, cancels it once `sent` (its stalled request is out), sees it end as cancelled, then lifts the stall. */
async function cancelledOnceSentAsync(start: (running: HandlerContext) => Promise<unknown>, sent: Promise<unknown>): Promise<void> {
  const { context: running, cancel } = cancellable();
  const call = start(running);
  await sent;
  cancel();
  await expect(call).rejects.toMatchObject({ code: 'cancelled' });
  await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
}

describe('Cancel while a request waits on the network', () => {
  it('stops a push whose second request is stalled at once; the first, acknowledged, stays recorded and the next comparison lists only the rest', async () => {
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
    await generateDocumentAsync(h.fake.figma, 150);
    // The first batch is acknowledged; every answer after it stalls mid-body.
    let acknowledged = 0;
    const secondSent = watchRequests(h, isPush, 2, async (request, status) => {
      if (!isPush(request) || status !== 200 || acknowledged > 0) return;
      acknowledged = (JSON.parse(request.body ?? '{}') as { upserts: unknown[] }).upserts.length;
      await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['stall'] });
    });
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const total = compared.items.length;
    await cancelledOnceSentAsync((running) => h.plugin.handlers['sync/run']({}, running), secondSent);

    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(`sync state ${stored.status}`);
    expect(acknowledged).toBeGreaterThan(0);
    expect(stored.state.components.size).toBe(acknowledged);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toHaveLength(total - acknowledged);
  });

  it('a Cancel that lands after the design system answered, while the list is put together, leaves the previous comparison as the one choices and a sync act on (the screen keeps showing it)', async () => {
    await syncedOnceAsync(h);
    // Armed for the second Check: once its changes are answered, the plugin's storage is slow, so
    // the comparison waits on it (the designer's stored choices) after its last look at Cancel before the list.
    let armed = false;
    void watchRequests(h, isChanges, 1, async (request) => {
      if (armed && isChanges(request)) h.fake.clientStorageHold.hold();
    });
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
    const footer = componentNamed(h, 'Footer') as ComponentNode;
    footer.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    armed = true;
    const { context: running, cancel } = cancellable();
    const call = h.plugin.handlers['sync/compare']({}, running);
    await vi.waitFor(() => expect(h.fake.clientStorageHold.held()).toBeGreaterThan(0), { timeout: 10_000 });
    cancel();
    armed = false;
    h.fake.clientStorageHold.release();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });

    // The comparison shown before the Check: Footer's new fill is not in it until a Check finishes.
    expect((await h.plugin.handlers['sync/current']({}, context)).items).toEqual([]);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.map((item) => [item.name, item.kind])).toEqual([['Footer', 'local-change']]);
  });

  it('stops a check whose changes request is stalled at once, and the next check runs', async () => {
    const changesSent = watchRequests(h, isChanges, 1);
    await linkAsync(h, 'ds_empty');
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['stall'] });
    await cancelledOnceSentAsync((checking) => h.plugin.handlers['sync/compare']({}, checking), changesSent);

    expect((await h.plugin.handlers['sync/compare']({}, context)).items.length).toBeGreaterThan(0);
  });

  it('stops the badge’s check whose changes request is stalled once the screen asks: the comparison runs at once, not after the check’s deadline and retries', async () => {
    await linkAsync(h, 'ds_empty');
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let changesAsked = 0;
    let checkSent!: () => void;
    const sent = new Promise<void>((resolve) => (checkSent = resolve));
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: (request) => {
        if (isChanges(request) && ++changesAsked === 1) checkSent();
        return transport(request);
      },
    });
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['stall'] });
    // The check every few minutes is not this test's.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      startBackground(h);
    } finally {
      vi.useRealTimers();
    }
    // The badge's check at start-up: its answer stalls mid-body; the builder answers again after it.
    await sent;
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.length).toBeGreaterThan(0);
    // The stalled check's and the comparison's: the check asked nothing more (no retry after its deadline).
    expect(changesAsked).toBe(2);
  }, 120_000);

  it('stops a detail waiting for the picture of the version last synced once it is closed; opened again, it reads the picture anew', async () => {
    const footer = await footerChangedAfterLaterSyncAsync(h);
    // The plugin closed and opened again (nothing of the last run in memory), then compared.
    const pictureSent = watchRequests(h, isChanges, 2);
    await h.plugin.handlers['sync/compare']({}, context);
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['stall'] });
    await cancelledOnceSentAsync((showing) => h.plugin.handlers['sync/detail']({ key: footer.key }, showing), pictureSent);

    const detail = await h.plugin.handlers['sync/detail']({ key: footer.key }, context);
    expect(detail.beforePicture).toBe((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)!.thumbnail_url);
  });
});

describe('Cancel while their versions are taken into the file', () => {
  it('stops before the next component: the one taken stays taken and recorded, the rest are listed still to take, and nothing is sent', async () => {
    await syncedOnceAsync(h);
    const names = ['Divider', 'Footer', 'Hero'];
    for (const name of names) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: componentNamed(h, name).key, description: `${name}, theirs.` });
    const header = componentNamed(h, 'Header');
    header.description = 'Mine, not sent.';
    await h.plugin.handlers['sync/compare']({}, context);

    // The person presses Cancel once the first is taken, as the bar says so.
    const source = createCancelSource();
    const labels: string[] = [];
    const running = handlerContext({
      signal: source.signal,
      progress: (progress) => {
        labels.push(progress.label ?? '');
        if (progress.label?.startsWith('Taking changes') === true && progress.done === 1) source.cancel();
      },
    });
    await expect(h.plugin.handlers['sync/run']({}, running)).rejects.toMatchObject({ code: 'cancelled' });

    expect(labels).toContain('Taking changes from the design system… 1 of 3');
    const taken = names.filter((name) => componentNamed(h, name).description === `${name}, theirs.`);
    expect(taken).toEqual(['Divider']);
    const stored = readSyncState(h.fake.figma.root);
    expect(stored.status === 'ok' ? stored.state.history[0] : null).toMatchObject({ taken: 1, pushed: 0, stoppedPartWay: true });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)?.description).not.toBe('Mine, not sent.');

    const left = await h.plugin.handlers['sync/compare']({}, context);
    const kinds = Object.fromEntries(left.items.filter((item) => item.kind !== 'unchanged').map((item) => [item.name, item.kind]));
    expect(kinds).toEqual({ Footer: 'remote-change', Header: 'local-change', Hero: 'remote-change' });
  });
});
