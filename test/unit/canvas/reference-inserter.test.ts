// The UI's side of placing references, without a browser: what it sends the sandbox, the summary
// in words, one failure not stopping the rest, cancel keeping what was placed.
import { describe, expect, it, vi } from 'vitest';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { CanvasInsert } from '../../../src/shared/bridge/messages';
import { insertProgressText, insertSummary, mergeOutcomes } from '../../../ui/canvas/insert-summary';
import { createReferenceInserter, insertItemOf, type InsertItem, type InsertProgress } from '../../../ui/canvas/reference-inserter';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { messageProblems } from '../../support/message-rules';
import { ScreenshotError, type Screenshot } from '../../../ui/canvas/screenshot-tiles';
import { createEndpoint, type HandlerContext } from '../../../src/shared/bridge/endpoint';
import { sandboxEvents, sandboxRequests, uiEvents, uiRequests } from '../../../src/shared/bridge/messages';

/** A stub's answer as the bridge gives it: a request Cancel can reach (here it changes nothing: the answer comes). */
const cancellable = <T>(answer: Promise<T>) => Object.assign(answer, { cancel: () => undefined });

function item(emailId: number, extra: Partial<InsertItem> = {}): InsertItem {
  return { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', previewUrl: `https://img.example/${emailId}.png`, ...extra };
}

/** `undone`: emails whose reference the designer took away (⌘Z) before the batch ended: its end leaves them out. */
function setup(options: { failing?: Set<string>; insertFails?: Set<number>; undone?: Set<number>; loadTilesAsync?: (url: string) => Promise<Screenshot> } = {}) {
  const sent: Array<{ type: string; payload: unknown }> = [];
  const detailReads: number[] = [];
  const onCanvas: string[] = [];
  const endpoint = {
    request: (type: string, payload: unknown) => {
      sent.push({ type, payload });
      if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
      if (type === 'canvas/insert-alive') return cancellable(Promise.resolve({}));
      if (type === 'canvas/insert-end') return cancellable(Promise.resolve({ placed: onCanvas.length, nodeIds: [...onCanvas], emailIds: onCanvas.map((nodeId) => Number(nodeId.slice(2))) }));
      const insert = payload as CanvasInsert;
      if (options.insertFails?.has(insert.reference.emailId)) return Promise.reject(Object.assign(new Error('This page is read-only.'), { code: 'read_only' }));
      const nodeId = `1:${insert.reference.emailId}`;
      if (!options.undone?.has(insert.reference.emailId)) onCanvas.push(nodeId);
      return Promise.resolve({ nodeId, name: 'x' });
    },
  } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
  const client = {
    getEmailAsync: (id: number) => {
      detailReads.push(id);
      return Promise.resolve({ data: { brand: { name: `Brand of ${id}` } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } });
    },
  } as unknown as LibraryClient;
  const loadTilesAsync =
    options.loadTilesAsync ??
    ((url: string): Promise<Screenshot> =>
      options.failing?.has(url) ? Promise.reject(new Error('The screenshot could not be loaded: the library has no screenshot at its address.')) : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] }));
  const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
  return { inserter, sent, detailReads };
}

describe('the reference inserter', () => {
  it('sends one insert with the caption’s facts, reading the email once for the service’s name', async () => {
    const { inserter, sent, detailReads } = setup();
    const outcome = await inserter.insertAsync([item(1)], null, () => undefined, new AbortController().signal);
    expect(outcome).toEqual({ placed: 1, placedIds: [1], total: 1, failed: [], cancelled: false, nodeIds: ['1:1'] });
    expect(sent.map((message) => message.type)).toEqual(['canvas/insert']);
    expect((sent[0]!.payload as CanvasInsert).reference).toEqual({ emailId: 1, brandSlug: 'acme', brandName: 'Acme', subject: 'Email 1', url: 'https://library.example/emails/1', capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' });
    await inserter.insertAsync([item(2)], null, () => undefined, new AbortController().signal);
    expect(detailReads).toEqual([1]);
  });

  it('counts what is on the canvas when the batch ends: references undone (⌘Z) while the grid was placed are not said to be placed', async () => {
    const { inserter } = setup({ undone: new Set([2, 3]) });
    const outcome = await inserter.insertAsync([item(1), item(2), item(3), item(4)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    // The undone ones stay selected in the list, to be placed again.
    expect(outcome).toMatchObject({ placed: 2, placedIds: [1, 4], removed: 2 });
    const text = insertSummary(outcome);
    expect(text).toBe('Placed 2 references on the canvas. 2 others were placed, then undone or deleted before the end.');
    expect(messageProblems(text)).toEqual([]);
  });

  it('says nothing is on the canvas when every reference of a grid was undone', async () => {
    const { inserter } = setup({ undone: new Set([1, 2]) });
    const outcome = await inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    expect(insertSummary(outcome)).toBe('Nothing is on the canvas. The 2 placed were undone or deleted before the end.');
  });

  it('tells the sandbox each minute that a batch is still being placed while an email takes long (else it is taken for abandoned), and stops at its end', async () => {
    vi.useFakeTimers();
    try {
      let release: () => void = () => undefined;
      const slow = new Promise<void>((resolve) => (release = resolve));
      const screenshot: Screenshot = { width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] };
      const { inserter, sent } = setup({ loadTilesAsync: async (url) => (url.endsWith('/2.png') ? slow.then(() => screenshot) : screenshot) });
      const placing = inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, () => undefined, new AbortController().signal);
      await vi.advanceTimersByTimeAsync(7 * 60_000);
      const alive = () => sent.filter((message) => message.type === 'canvas/insert-alive');
      expect(alive()).toHaveLength(7);
      expect(alive().every((message) => (message.payload as { batchId: string }).batchId === 'b1')).toBe(true);
      release();
      await expect(placing).resolves.toMatchObject({ placed: 2 });
      await vi.advanceTimersByTimeAsync(3 * 60_000);
      expect(alive()).toHaveLength(7);
      expect(sent.map((message) => message.type).filter((type) => type !== 'canvas/insert-alive')).toEqual(['canvas/insert-begin', 'canvas/insert', 'canvas/insert', 'canvas/insert-end']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the brand from the email when the list did not name it', async () => {
    const { inserter, sent, detailReads } = setup();
    await inserter.insertAsync([item(1), item(7, { brandName: undefined })], { layout: 'grid' }, () => undefined, new AbortController().signal);
    expect(detailReads).toEqual([1, 7]);
    expect((sent.find((message) => message.type === 'canvas/insert' && (message.payload as CanvasInsert).reference.emailId === 7)!.payload as CanvasInsert).reference.brandName).toBe('Brand of 7');
  });

  it('goes on after a failure and names each failed email with its reason; a board gets its stages and each email its stage', async () => {
    const { inserter, sent } = setup({ failing: new Set(['https://img.example/2.png']), insertFails: new Set([3]) });
    const progress: number[] = [];
    const outcome = await inserter.insertAsync(
      [item(1, { stage: 'Welcome' }), item(2, { stage: 'Welcome' }), item(3, { stage: 'Win-back' }), item(4, { stage: 'Win-back' })],
      { layout: 'board', title: 'Acme — journey', stages: ['Welcome', 'Nurture', 'Win-back'] },
      (report) => progress.push(report.done),
      new AbortController().signal,
    );
    expect(outcome).toEqual({
      placed: 2,
      placedIds: [1, 4],
      total: 4,
      cancelled: false,
      board: 'Acme — journey',
      nodeIds: ['1:1', '1:4'],
      failed: [
        { name: 'Acme — Email 2', reason: 'The screenshot could not be loaded: the library has no screenshot at its address.' },
        { name: 'Acme — Email 3', reason: 'This page is read-only.' },
      ],
    });
    expect(progress).toEqual([0, 1, 2, 3, 4]);
    expect(sent[0]).toEqual({ type: 'canvas/insert-begin', payload: { layout: 'board', title: 'Acme — journey' } });
    expect(sent.at(-1)).toEqual({ type: 'canvas/insert-end', payload: { batchId: 'b1', stages: ['Welcome', 'Nurture', 'Win-back'] } });
    expect(sent.filter((message) => message.type === 'canvas/insert').map((message) => [(message.payload as CanvasInsert).stage, (message.payload as CanvasInsert).batchId])).toEqual([
      ['Welcome', 'b1'],
      ['Win-back', 'b1'],
      ['Win-back', 'b1'],
    ]);
    expect(insertSummary(outcome)).toBe('Placed the journey board “Acme — journey” with 2 references on the canvas. 2 could not be placed: Acme — Email 2: The screenshot could not be loaded: the library has no screenshot at its address; Acme — Email 3: This page is read-only.');
  });

  it('stops at a cancel, keeps what was placed and still ends the batch', async () => {
    const { inserter, sent } = setup();
    const controller = new AbortController();
    const outcome = await inserter.insertAsync([item(1), item(2), item(3)], { layout: 'grid' }, (report) => report.done === 1 && controller.abort(), controller.signal);
    expect(outcome).toEqual({ placed: 1, placedIds: [1], total: 3, failed: [], cancelled: true, nodeIds: ['1:1'] });
    expect(sent.at(-1)!.type).toBe('canvas/insert-end');
    expect(insertSummary(outcome)).toBe('Cancelled: 1 reference placed, 2 still to place.');
  });

  it('does not say “Cancelled” for a Cancel that came once every email was placed, while the board was being built (it said “Cancelled: … 0 not tried”)', async () => {
    let endBatch!: () => void;
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
        // The board takes a moment: the bar still offers Cancel meanwhile.
        if (type === 'canvas/insert-end') return cancellable(new Promise((resolve) => (endBatch = () => resolve({ placed: 2, nodeIds: ['1:1', '1:2'], emailIds: [1, 2] }))));
        return Promise.resolve({ nodeId: `1:${payload.reference.emailId}`, name: 'x' });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const controller = new AbortController();
    const board = { layout: 'board' as const, title: 'Acme — journey', stages: ['Welcome'] };
    const placing = inserter.insertAsync([item(1, { stage: 'Welcome' }), item(2, { stage: 'Welcome' })], board, () => undefined, controller.signal);
    await expect.poll(() => endBatch).toBeDefined();
    controller.abort();
    endBatch();
    const outcome = await placing;
    expect(outcome).toMatchObject({ placed: 2, cancelled: false });
    expect(insertSummary(outcome)).toBe('Placed the journey board “Acme — journey” with 2 references on the canvas.');
    // A Cancel that stopped something is still said.
    const stopped = new AbortController();
    const { inserter: another } = setup();
    const cancelled = await another.insertAsync([item(1), item(2)], { layout: 'grid' }, (progress) => progress.done === 1 && stopped.abort(), stopped.signal);
    expect(insertSummary(cancelled)).toBe('Cancelled: 1 reference placed, 1 still to place.');
  });

  it('asks the sandbox to stop the insert under way when Cancel comes while it builds the reference', async () => {
    const controller = new AbortController();
    const cancelled: string[] = [];
    const endpoint = {
      request: (type: string) => {
        let reject: (error: unknown) => void = () => undefined;
        const pending = new Promise((_resolve, rejectPromise) => {
          reject = rejectPromise;
        });
        // The designer presses Cancel while the sandbox works on the frame.
        queueMicrotask(() => controller.abort());
        return Object.assign(pending, {
          cancel: () => {
            cancelled.push(type);
            reject(Object.assign(new Error('Cancelled.'), { code: 'cancelled' }));
          },
        });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1)], null, () => undefined, controller.signal);
    expect(cancelled).toEqual(['canvas/insert']);
    expect(outcome).toEqual({ placed: 0, placedIds: [], total: 1, failed: [], cancelled: true });
  });

  it('counts and unticks a reference the sandbox placed although Cancel let go of its insert (it had passed its last cancel check): it was left ticked, to be placed twice', async () => {
    const controller = new AbortController();
    const onCanvas: Array<{ nodeId: string; emailId: number }> = [];
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
        if (type === 'canvas/insert-end') return cancellable(Promise.resolve({ placed: onCanvas.length, nodeIds: onCanvas.map((entry) => entry.nodeId), emailIds: onCanvas.map((entry) => entry.emailId) }));
        const { emailId } = payload.reference;
        // The sandbox places it either way; for the second, Cancel comes before its answer, and the bridge rejects at once.
        onCanvas.push({ nodeId: `1:${emailId}`, emailId });
        if (emailId === 1) return Object.assign(Promise.resolve({ nodeId: '1:1', name: 'x' }), { cancel: () => undefined });
        let reject: (error: unknown) => void = () => undefined;
        const pending = new Promise((_resolve, rejectPromise) => (reject = rejectPromise));
        queueMicrotask(() => controller.abort());
        return Object.assign(pending, { cancel: () => reject(new BridgeError('cancelled', 'Cancelled.')) });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1), item(2), item(3)], { layout: 'grid' }, () => undefined, controller.signal);
    expect(outcome).toMatchObject({ placed: 2, placedIds: [1, 2], cancelled: true });
    expect(insertSummary(outcome)).toBe('Cancelled: 2 references placed, 1 still to place.');
  });

  /**
   * The UI's inserter over the real bridge to a sandbox whose insert of `lateEmailId` is past its
   * last cancel check when Cancel comes: it lands all the same, and its answer follows the cancel.
   */
  function bridged(controller: AbortController, lateEmailId: number, endAsync: (placed: number[]) => Promise<unknown>) {
    const placed: number[] = [];
    const handlers = {
      'canvas/insert-begin': () => Promise.resolve({ batchId: 'b1' }),
      'canvas/insert': async (payload: CanvasInsert, context: HandlerContext) => {
        const { emailId } = payload.reference;
        if (emailId === lateEmailId) {
          // The designer presses Cancel while the sandbox builds it; the cancel arrives after its check.
          controller.abort();
          await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
        }
        placed.push(emailId);
        return { nodeId: `1:${emailId}`, name: 'x' };
      },
      'canvas/insert-end': () => endAsync(placed),
    };
    const sandbox = createEndpoint({ post: (message) => queueMicrotask(() => ui.receive(structuredClone(message))), incoming: sandboxRequests, handlers: handlers as never, outgoing: uiRequests, inEvents: uiEvents, outEvents: sandboxEvents });
    const ui = createEndpoint({ post: (message) => queueMicrotask(() => sandbox.receive(structuredClone(message))), incoming: uiRequests, handlers: {} as never, outgoing: sandboxRequests, inEvents: sandboxEvents, outEvents: uiEvents });
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    return { inserter: createReferenceInserter({ endpoint: ui, client, loadTilesAsync }), placed };
  }

  it('says a lone reference that landed although Cancel came as it was placed is on the canvas (it said “Cancelled: nothing was placed”)', async () => {
    const controller = new AbortController();
    const { inserter, placed } = bridged(controller, 1, () => Promise.reject(new Error('no batch')));
    const outcome = await inserter.insertAsync([item(1)], null, () => undefined, controller.signal);
    expect(placed).toEqual([1]);
    expect(insertSummary(outcome)).toBe('Placed 1 reference on the canvas.');
    expect(outcome.placedIds).toEqual([1]);
  });

  it('says a dropped reference that landed although Cancel came as it was placed is on the canvas (it said “Cancelled: nothing was placed”)', async () => {
    const controller = new AbortController();
    const { inserter, placed } = bridged(controller, 1, () => Promise.reject(new Error('no batch')));
    const outcome = await inserter.insertDroppedAsync(item(1), 'd1', controller.signal);
    expect(placed).toEqual([1]);
    expect(insertSummary(outcome)).toBe('Placed 1 reference on the canvas.');
  });

  it('counts a reference that landed after Cancel when the board then cannot be built: not among those not tried (it said 2 not tried beside 2 on the canvas, of 3)', async () => {
    const controller = new AbortController();
    const { inserter, placed } = bridged(controller, 2, (landed) =>
      Promise.resolve({
        placed: landed.length,
        nodeIds: landed.map((emailId) => `1:${emailId}`),
        emailIds: landed,
        problem: `The board “Acme — journey” could not be built (The font is missing), so its ${landed.length} references are on the canvas as a grid instead.`,
      }),
    );
    const items = [item(1, { stage: 'Welcome' }), item(2, { stage: 'Welcome' }), item(3, { stage: 'Win-back' })];
    const outcome = await inserter.insertAsync(items, { layout: 'board', title: 'Acme — journey', stages: ['Welcome', 'Win-back'] }, () => undefined, controller.signal);
    expect(placed).toEqual([1, 2]);
    expect(outcome.placedIds).toEqual([1, 2]);
    expect(insertSummary(outcome)).toBe('Cancelled: 1 still to place. The board “Acme — journey” could not be built (The font is missing), so its 2 references are on the canvas as a grid instead.');
  });

  it('learns the service’s name and site from the first email it reads, for a dragged card’s text', async () => {
    const { inserter } = setup();
    expect(inserter.attribution()).toBeNull();
    await inserter.insertAsync([item(1)], null, () => undefined, new AbortController().signal);
    expect(inserter.attribution()).toEqual({ source: 'MailVault', url: 'https://mailvault.example' });
  });

  it('does not call a reference failed when its insert timed out yet the batch’s end lists it on the canvas', async () => {
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
        if (type === 'canvas/insert-end') return Promise.resolve({ placed: 2, nodeIds: ['1:1', '1:2'], emailIds: [1, 2] });
        // The sandbox, slow on a large file, answered after the UI had stopped waiting.
        if (payload.reference.emailId === 2) return Promise.reject(new BridgeError('timeout', 'Figma did not answer Envelope within 1 minute.'));
        return Promise.resolve({ nodeId: `1:${payload.reference.emailId}`, name: 'x' });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    expect(outcome).toEqual({ placed: 2, placedIds: [1, 2], total: 2, failed: [], cancelled: false, nodeIds: ['1:1', '1:2'] });
    expect(insertSummary(outcome)).toBe('Placed 2 references on the canvas.');
  });

  it('lets go of the library request for the email’s facts when Cancel comes while it is on its way (it held one of the library’s slots)', async () => {
    const controller = new AbortController();
    const reads: Array<AbortSignal | undefined> = [];
    const client = {
      getEmailAsync: (_id: number, signal?: AbortSignal) => {
        reads.push(signal);
        // The library is slow to answer; the designer presses Cancel meanwhile.
        queueMicrotask(() => controller.abort());
        return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(Object.assign(new Error('Cancelled.'), { code: 'cancelled' }))));
      },
    } as unknown as LibraryClient;
    const endpoint = { request: () => Promise.resolve({ nodeId: '1:1', name: 'x' }) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1, { brandName: undefined })], null, () => undefined, controller.signal);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.aborted).toBe(true);
    expect(outcome).toEqual({ placed: 0, placedIds: [], total: 1, failed: [], cancelled: true });
  });

  it('keeps what was placed and each failure when the board could not be built (its references a grid instead)', async () => {
    const sent: string[] = [];
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        sent.push(type);
        if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
        if (type === 'canvas/insert-end') return Promise.resolve({ placed: 2, nodeIds: ['1:1', '1:3'], emailIds: [1, 3], problem: 'The board “Acme — journey” could not be built (The font is missing), so its 2 references are on the canvas as a grid instead.' });
        return Promise.resolve({ nodeId: `1:${payload.reference.emailId}`, name: 'x' });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (url: string): Promise<Screenshot> =>
      url.endsWith('/2.png') ? Promise.reject(new Error('The screenshot could not be loaded: the library has no screenshot at its address.')) : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1, { stage: 'Welcome' }), item(2, { stage: 'Welcome' }), item(3, { stage: 'Win-back' })], { layout: 'board', title: 'Acme — journey', stages: ['Welcome', 'Win-back'] }, () => undefined, new AbortController().signal);
    expect(outcome).toMatchObject({ placed: 2, placedIds: [1, 3], failed: [{ name: 'Acme — Email 2' }] });
    expect(insertSummary(outcome)).toBe(
      'The board “Acme — journey” could not be built (The font is missing), so its 2 references are on the canvas as a grid instead. 1 could not be placed: Acme — Email 2: The screenshot could not be loaded: the library has no screenshot at its address.',
    );
    expect(sent.at(-1)).toBe('canvas/insert-end');
  });

  it('says what is known when a grid’s end never answers: how many were sent, that the end is not confirmed, what to check', async () => {
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
        // The sandbox was busy past the wait: its answer, and so what is on the canvas, never came.
        if (type === 'canvas/insert-end') return Promise.reject(new BridgeError('timeout', 'Figma did not answer Envelope within 1 minute. It may be busy with a large file: wait a moment, then try again.'));
        return Promise.resolve({ nodeId: `1:${payload.reference.emailId}`, name: 'x' });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (url: string): Promise<Screenshot> =>
      url.endsWith('/2.png') ? Promise.reject(new Error('The screenshot could not be loaded: you are offline.')) : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1), item(2), item(3)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    const summary = insertSummary(outcome);
    expect(summary).toBe(
      'Envelope sent 2 references to the canvas but could not confirm the last step, laying them out as a grid, so it cannot say how many are there now or where. Look on the canvas before placing them again. 1 could not be placed: Acme — Email 2: The screenshot could not be loaded: you are offline.',
    );
    expect(messageProblems(summary)).toEqual([]);
    // A board's end likewise, named.
    const board = await inserter.insertAsync([item(1, { stage: 'Welcome' })], { layout: 'board', title: 'Acme — journey', stages: ['Welcome'] }, () => undefined, new AbortController().signal);
    expect(insertSummary(board)).toBe(
      'Envelope sent 1 reference to the canvas but could not confirm the last step, building the board “Acme — journey”, so it cannot say how many are there now or where. Look on the canvas before placing them again.',
    );
  });

  it('waits out the library’s “slow down” for an email’s facts, counting down, and places it (it failed with “Try again in 2 seconds”)', async () => {
    const sent: string[] = [];
    const endpoint = {
      request: (type: string, payload: CanvasInsert) => {
        sent.push(type);
        return Promise.resolve(type === 'canvas/insert-begin' ? { batchId: 'b1' } : type === 'canvas/insert-end' ? { placed: 3, nodeIds: ['1:1', '1:2', '1:3'], emailIds: [1, 2, 3] } : { nodeId: `1:${payload.reference.emailId}`, name: 'x' });
      },
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    let reads = 0;
    const client = {
      // A liked email's brand is read from the library; the second read meets the per-minute limit once.
      getEmailAsync: () =>
        ++reads === 2
          ? Promise.reject(new ApiError({ api: 'library', endpoint: 'GET /v1/emails/:id', status: 429, code: 'rate_limited', message: 'The library is receiving too many requests. Try again in 2 seconds.', retryAfterSeconds: 2 }))
          : Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }),
    } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const slept: number[] = [];
    const sleepAsync = (ms: number) => {
      slept.push(ms);
      return Promise.resolve();
    };
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync, sleepAsync });
    const progress: InsertProgress[] = [];
    const outcome = await inserter.insertAsync([item(1, { brandName: undefined }), item(2, { brandName: undefined }), item(3, { brandName: undefined })], { layout: 'grid' }, (report) => progress.push(report), new AbortController().signal);
    expect(outcome).toMatchObject({ placed: 3, placedIds: [1, 2, 3], failed: [] });
    expect(slept).toEqual([1_000, 1_000]);
    expect(progress.filter((report) => report.waitingSeconds !== undefined)).toEqual([
      { done: 1, total: 3, label: 'Email 2', waitingSeconds: 2 },
      { done: 1, total: 3, label: 'Email 2', waitingSeconds: 1 },
    ]);
    expect(sent.filter((type) => type === 'canvas/insert')).toHaveLength(3);
  });

  it('says by when a “slow down” it no longer waits out ends, for an email’s facts or its screenshot (the summary said “Try again in 2 minutes”, which stayed on screen and went untrue)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    try {
      const endpoint = { request: () => Promise.resolve({ nodeId: '1:1', name: 'x' }) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
      const client = {
        getEmailAsync: () => Promise.reject(new ApiError({ api: 'library', endpoint: 'GET /v1/emails/{id}', status: 429, code: 'rate_limited', message: 'The email library asked Envelope to slow down. Try again in 2 minutes.', retryAfterSeconds: 120 })),
      } as unknown as LibraryClient;
      const loaded = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
      const facts = await createReferenceInserter({ endpoint, client, loadTilesAsync: loaded, sleepAsync: () => Promise.resolve() }).insertDroppedAsync(item(1, { brandName: undefined }), 'd1', new AbortController().signal);
      expect(insertSummary(facts)).toBe('Email 1 could not be placed. The email library asked Envelope to slow down. You can try again after 12:08, in about 2 minutes.');
      // Placing is held until then (canvas-insert.tsx), as after a screenshot's slow-down.
      expect(facts.tryAgainAt).toBe(new Date(2026, 11, 1, 12, 7, 40).getTime());
      // A screenshot's slow-down says by when itself (screenshot-tiles.ts): its words and its end are kept.
      const screenshotEnds = new Date(2026, 11, 1, 12, 15, 40).getTime();
      const refused = (): Promise<Screenshot> => Promise.reject(Object.assign(new ScreenshotError('the library asked Envelope to slow down'), { code: 'rate_limited', retryAfterSeconds: 600, tryAgainAt: screenshotEnds }));
      const read = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
      const picture = await createReferenceInserter({ endpoint, client: read, loadTilesAsync: refused, sleepAsync: () => Promise.resolve() }).insertAsync([item(2)], null, () => undefined, new AbortController().signal);
      expect(picture.failed).toEqual([{ name: 'Acme — Email 2', reason: 'The screenshot could not be loaded: the library asked Envelope to slow down.' }]);
      expect(picture.tryAgainAt).toBe(screenshotEnds);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops asking once the library asks for a wait too long to wait out: the emails left are not downloaded, and the summary says why once (each was refused again, a burst of failed requests)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    try {
      const ends = new Date(2026, 11, 1, 12, 15, 40).getTime();
      const downloads: string[] = [];
      const loadTilesAsync = (url: string): Promise<Screenshot> => {
        downloads.push(url);
        return url.endsWith('/2.png')
          ? Promise.reject(
              // As screenshot-tiles.ts says it: by when the wait ends.
              Object.assign(new ScreenshotError('the library asked Envelope to slow down'), {
                code: 'rate_limited',
                retryAfterSeconds: 600,
                tryAgainAt: ends,
                message: 'The screenshot could not be loaded: the library asked Envelope to slow down. You can try again after 12:15, in about 10 minutes.',
              }),
            )
          : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
      };
      const { inserter } = setup({ loadTilesAsync });
      const outcome = await inserter.insertAsync([item(1), item(2), item(3), item(4)], { layout: 'grid' }, () => undefined, new AbortController().signal);
      expect(downloads).toEqual(['https://img.example/1.png', 'https://img.example/2.png']);
      expect(outcome).toMatchObject({ placed: 1, placedIds: [1], total: 4, cancelled: false, tryAgainAt: ends });
      expect(insertSummary(outcome)).toBe(
        'Placed 1 reference on the canvas. 3 could not be placed: Acme — Email 2, Acme — Email 3 and Acme — Email 4: The screenshot could not be loaded: the library asked Envelope to slow down. You can try again after 12:15, in about 10 minutes.',
      );
      expect(messageProblems(insertSummary(outcome))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names an email in every report, the last one (the bar full) too: it was nameless, and read out again', async () => {
    const { inserter } = setup();
    const progress: InsertProgress[] = [];
    await inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, (report) => progress.push(report), new AbortController().signal);
    expect(progress.map((report) => insertProgressText(report))).toEqual([
      'Placing 1 of 2 on the canvas: Acme — Email 1…',
      'Placing 2 of 2 on the canvas: Acme — Email 2…',
      'Placing 2 of 2 on the canvas: Acme — Email 2…',
    ]);
    expect(progress.at(-1)).toMatchObject({ done: 2, total: 2 });
  });

  it('names an email whose brand the list lacked by its subject, never by the brand’s slug (the bar said “acme-outfitters — …”)', async () => {
    const { inserter } = setup({ failing: new Set(['https://img.example/2.png']) });
    const labels: string[] = [];
    const outcome = await inserter.insertAsync([item(1, { brandName: undefined, brandSlug: 'acme-outfitters' }), item(2, { brandName: undefined, brandSlug: 'acme-outfitters' })], { layout: 'grid' }, (report) => labels.push(report.label), new AbortController().signal);
    expect([...new Set(labels)]).toEqual(['Email 1', 'Email 2']);
    expect(outcome.failed).toEqual([{ name: 'Email 2', reason: 'The screenshot could not be loaded: the library has no screenshot at its address.' }]);
  });

  it('waits out the image host’s “slow down” for a screenshot the same way, counting down, and places it (the insert failed)', async () => {
    const endpoint = { request: () => Promise.resolve({ nodeId: '1:1', name: 'x' }) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    let downloads = 0;
    const loadTilesAsync = (): Promise<Screenshot> =>
      ++downloads === 1
        ? Promise.reject(Object.assign(new ScreenshotError('the library asked Envelope to slow down. Try placing it again in a minute'), { code: 'rate_limited', retryAfterSeconds: 2 }))
        : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const slept: number[] = [];
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync, sleepAsync: (ms) => (slept.push(ms), Promise.resolve()) });
    const progress: InsertProgress[] = [];
    const outcome = await inserter.insertAsync([item(1)], null, (report) => progress.push(report), new AbortController().signal);
    expect(outcome).toMatchObject({ placed: 1, failed: [] });
    expect(slept).toEqual([1_000, 1_000]);
    expect(progress.filter((report) => report.waitingSeconds !== undefined).map((report) => insertProgressText(report))).toEqual([
      'The library asked us to slow down: placing goes on in 2 seconds (Acme — Email 1).',
      'The library asked us to slow down: placing goes on in 1 second (Acme — Email 1).',
    ]);
  });

  it('names a dropped email as Insert does, brand and subject, while placing it and while the library asks to wait (the bar said the subject alone)', async () => {
    const endpoint = { request: () => Promise.resolve({ nodeId: '1:1', name: 'x' }) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    let downloads = 0;
    const loadTilesAsync = (): Promise<Screenshot> =>
      ++downloads === 1
        ? Promise.reject(Object.assign(new ScreenshotError('the library asked Envelope to slow down'), { code: 'rate_limited', retryAfterSeconds: 1 }))
        : Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync, sleepAsync: () => Promise.resolve() });
    const progress: InsertProgress[] = [];
    const outcome = await inserter.insertDroppedAsync(item(1), 'd1', new AbortController().signal, (report) => progress.push(report));
    expect(outcome).toMatchObject({ placed: 1, failed: [] });
    expect(progress.map((report) => insertProgressText(report))).toEqual([
      'Placing on the canvas: Acme — Email 1…',
      'The library asked us to slow down: placing goes on in 1 second (Acme — Email 1).',
    ]);
  });

  it('ends the batch even when something unexpected stops it midway', async () => {
    const { inserter, sent } = setup();
    const failure = inserter.insertAsync(
      [item(1), item(2)],
      { layout: 'grid' },
      (report) => {
        if (report.done === 1) throw new Error('the progress bar went away');
      },
      new AbortController().signal,
    );
    await expect(failure).rejects.toThrow('the progress bar went away');
    expect(sent.at(-1)).toEqual({ type: 'canvas/insert-end', payload: { batchId: 'b1' } });
  });

  it('builds an item from a list’s summary, with the brand given where the list lacks it', () => {
    expect(insertItemOf({ id: 5, title: 'Title', brand_slug: 'acme', preview_url: 'p', url: 'u', captured_date: 'd' }, 'Acme', 'Welcome')).toEqual({
      emailId: 5,
      brandSlug: 'acme',
      brandName: 'Acme',
      subject: 'Title',
      url: 'u',
      capturedDate: 'd',
      previewUrl: 'p',
      stage: 'Welcome',
    });
  });

  it('names an email with an empty subject line by its title, as its card does (it was placed as “No subject”)', () => {
    const email = { id: 6, title: 'Spring sale', subject_line: '', brand: 'Acme', brand_slug: 'acme', preview_url: 'p', url: 'u', captured_date: 'd' };
    expect(insertItemOf(email).subject).toBe('Spring sale');
    expect(insertItemOf({ ...email, subject_line: 'Last chance' }).subject).toBe('Last chance');
  });
});

describe('insertProgressText', () => {
  it('says which email is being placed, and the library’s wait while it asks to slow down', () => {
    expect(insertProgressText({ done: 1, total: 3, label: 'Acme — Sale' })).toBe('Placing 2 of 3 on the canvas: Acme — Sale…');
    expect(insertProgressText({ done: 0, total: 1, label: '' })).toBe('Placing on the canvas…');
    expect(insertProgressText({ done: 1, total: 3, label: 'Acme — Sale', waitingSeconds: 1 })).toBe('The library asked us to slow down: placing 2 of 3 goes on in 1 second (Acme — Sale).');
    expect(insertProgressText({ done: 0, total: 1, label: 'Sale', waitingSeconds: 20 })).toBe('The library asked us to slow down: placing goes on in 20 seconds (Sale).');
  });
});

describe('insertSummary', () => {
  it('counts drops placed side by side as one: what was placed, what was cancelled, what failed', () => {
    const placed = { placed: 1, placedIds: [1], total: 1, failed: [], cancelled: false };
    const cancelled = { placed: 0, placedIds: [], total: 1, failed: [], cancelled: true };
    const failed = { placed: 0, placedIds: [], total: 1, failed: [{ name: 'Acme — Email 3', reason: 'This page is read-only.' }], cancelled: false };
    expect(insertSummary(mergeOutcomes([placed, cancelled]))).toBe('Cancelled: 1 reference placed, 1 still to place.');
    // Both were under way when Cancel came: not "2 not tried".
    expect(insertSummary(mergeOutcomes([cancelled, cancelled]))).toBe('Cancelled: nothing was placed.');
    expect(insertSummary(mergeOutcomes([placed, failed]))).toBe('Placed 1 reference on the canvas. 1 could not be placed: Acme — Email 3: This page is read-only.');
    expect(mergeOutcomes([placed, { ...placed, placedIds: [2], pageName: 'Moodboard' }])).toMatchObject({ placed: 2, placedIds: [1, 2], total: 2, places: [{ placed: 1 }, { pageName: 'Moodboard', placed: 1 }] });
  });

  it('names the page the references went on when the person opened another one meanwhile', async () => {
    const endpoint = {
      request: (type: string, payload: CanvasInsert) =>
        Promise.resolve(type === 'canvas/insert-begin' ? { batchId: 'b1' } : type === 'canvas/insert-end' ? { placed: 2, nodeIds: ['1:1', '1:2'], emailIds: [1, 2], pageName: 'Emails 🚀' } : { nodeId: `1:${payload.reference.emailId}`, name: 'x', pageName: 'Moodboard' }),
    } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
    const loadTilesAsync = (): Promise<Screenshot> => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const batch = await inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    expect(insertSummary(batch)).toBe('Placed 2 references on the page “Emails 🚀”.');
    expect(insertSummary(await inserter.insertDroppedAsync(item(3), 'd1', new AbortController().signal))).toBe('Placed 1 reference on the page “Moodboard”.');
    expect(insertSummary({ placed: 2, total: 5, failed: [], cancelled: true, pageName: 'Emails' })).toBe('Cancelled: 2 references placed on the page “Emails”, 3 still to place.');
  });


  it('says what was placed and, when nothing was, that nothing was', () => {
    expect(insertSummary({ placed: 1, total: 1, failed: [], cancelled: false })).toBe('Placed 1 reference on the canvas.');
  });

  it('says plainly which one email failed and why when it was the only one (it said “Nothing was placed on the canvas. 1 could not be placed: …”)', () => {
    const reason = 'The screenshot could not be loaded: the library has no screenshot at its address.';
    const summary = insertSummary({ placed: 0, total: 1, failed: [{ name: 'Acme — Spring sale', reason }], cancelled: false });
    expect(summary).toBe(`Acme — Spring sale could not be placed. ${reason}`);
    expect(messageProblems(summary)).toEqual([]);
    // A reason without its full stop still ends as a sentence; a refused batch end still says its own words first.
    expect(insertSummary({ placed: 0, total: 1, failed: [{ name: 'A — B', reason: 'Gone' }], cancelled: false })).toBe('A — B could not be placed. Gone.');
    expect(insertSummary({ placed: 0, total: 1, failed: [{ name: 'A — B', reason: 'Gone.' }], cancelled: false, endProblem: 'The board could not be built.' })).toBe('The board could not be built. 1 could not be placed: A — B: Gone.');
  });

  it('says a reason shared by several emails once, with their names (a missing caption font repeated its long sentence for every email of a grid)', () => {
    const font = 'The caption’s font could not be loaded (Inter Regular or Roboto Regular), so the reference was not placed: its caption says where it came from. Check that one of these fonts is available.';
    const summary = insertSummary({
      placed: 0,
      total: 4,
      cancelled: false,
      failed: [
        { name: 'Acme — Sale', reason: font },
        { name: 'Acme — Welcome', reason: font },
        { name: 'Beta — News', reason: 'The screenshot could not be loaded: you are offline.' },
        { name: 'Beta — Hello', reason: font },
      ],
    });
    expect(summary).toBe(
      'Nothing was placed on the canvas. 4 could not be placed: Acme — Sale, Acme — Welcome and Beta — Hello: The caption’s font could not be loaded (Inter Regular or Roboto Regular), so the reference was not placed: its caption says where it came from. Check that one of these fonts is available; Beta — News: The screenshot could not be loaded: you are offline.',
    );
    expect(messageProblems(summary)).toEqual([]);
  });

  it('names a few of many emails that failed for one reason and counts the rest (offline mid-grid, it listed all 40 names and the bar covered the window)', () => {
    const offline = 'The screenshot could not be loaded: you are offline.';
    const failed = Array.from({ length: 40 }, (_, index) => ({ name: `Acme — Email ${index + 1}`, reason: offline }));
    const summary = insertSummary({ placed: 2, total: 42, cancelled: false, failed: [...failed, { name: 'Beta — News', reason: 'Gone.' }] });
    expect(summary).toBe('Placed 2 references on the canvas. 41 could not be placed: Acme — Email 1, Acme — Email 2, Acme — Email 3 and 37 more: The screenshot could not be loaded: you are offline; Beta — News: Gone.');
    expect(messageProblems(summary)).toEqual([]);
  });
});
