// The UI's inserter over the real bridge to the real canvas handlers on the fake Figma, when Figma
// does not answer an insert: its summary must say what is on the canvas, or that it cannot know.
// The minute (or the few seconds after Cancel) is the endpoint's timer, fired by hand: no waiting.
import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createCanvasFeature } from '../../../src/canvas/canvas-handlers';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { createEndpoint, type Timers } from '../../../src/shared/bridge/endpoint';
import { sandboxEvents, sandboxRequests, uiEvents, uiRequests, type CanvasInsert } from '../../../src/shared/bridge/messages';
import type { WireMessage } from '../../../src/shared/bridge/protocol';
import { insertSummary } from '../../../ui/canvas/insert-summary';
import { createReferenceInserter, type InsertItem } from '../../../ui/canvas/reference-inserter';
import { planTiles } from '../../../src/shared/canvas/tile-plan';
import { createFakeFigma } from '../../fake-figma/index';
import { encodePng } from '../../support/png';
import { messageProblems } from '../../support/message-rules';

function item(emailId: number, stage?: string): InsertItem {
  return { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', previewUrl: `https://img.example/${emailId}.png`, ...(stage === undefined ? {} : { stage }) };
}

/**
 * `silentFor`: the emails whose insert Figma carries out but never answers (busy, or frozen);
 * `silentEnd`: the batch's end too. `abortOnSilence`: the designer presses Cancel while waiting.
 */
function setup({ silentFor, silentEnd = false, abortOnSilence }: { silentFor: number[]; silentEnd?: boolean; abortOnSilence?: AbortController }) {
  const fake = createFakeFigma();
  const feature = createCanvasFeature({ figma: fake.figma });
  /** The UI's timers, by handle: a request's wait for its answer, run out by `runOutWaits`. */
  const waits = new Map<number, { callback: () => void; ms: number }>();
  let handles = 0;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      waits.set(++handles, { callback, ms });
      return handles;
    },
    clearTimeout: (handle) => waits.delete(handle as number),
  };
  const silentIds = new Set<string>();
  let silenced = 0;
  const sandbox = createEndpoint({
    post: (message: WireMessage) => {
      if ((message.kind === 'reply' || message.kind === 'failure') && silentIds.has(message.id)) {
        silenced += 1;
        abortOnSilence?.abort();
        return;
      }
      queueMicrotask(() => ui.receive(structuredClone(message)));
    },
    incoming: sandboxRequests,
    handlers: feature.handlers as never,
    outgoing: uiRequests,
    inEvents: uiEvents,
    outEvents: sandboxEvents,
  });
  const ui = createEndpoint({
    post: (message: WireMessage) => {
      const silent = message.kind === 'request' && (message.type === 'canvas/insert' ? silentFor.includes((message.payload as CanvasInsert).reference.emailId) : silentEnd && message.type === 'canvas/insert-end');
      if (silent) silentIds.add(message.id);
      queueMicrotask(() => sandbox.receive(structuredClone(message)));
    },
    incoming: uiRequests,
    handlers: {} as never,
    outgoing: sandboxRequests,
    inEvents: sandboxEvents,
    outEvents: uiEvents,
    timers,
  });
  const client = { getEmailAsync: () => Promise.resolve({ data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } }) } as unknown as LibraryClient;
  const loadTilesAsync = () =>
    Promise.resolve({ width: 600, height: 100, tiles: planTiles(600, 100).map((tile) => ({ ...tile, bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [200, 100, 50, 255], deflate: (data) => deflateSync(data) }) })) });
  const inserter = createReferenceInserter({ endpoint: ui, client, loadTilesAsync });
  /** Once Figma has kept its `count`th answer to itself, the waits under way run out; their lengths. */
  const runOutWaitsAsync = async (count = 1): Promise<number[]> => {
    await vi.waitFor(() => expect(silenced).toBe(count), { timeout: 20_000 });
    const ran = [...waits.values()];
    waits.clear();
    for (const { callback } of ran) callback();
    return ran.map(({ ms }) => ms);
  };
  /** The emails of the references on the canvas. */
  const onCanvas = () =>
    fake.inspect
      .allNodes()
      .filter((node) => node.type === 'FRAME' && (node as FrameNode).getPluginData('reference') !== '')
      .map((node) => (JSON.parse((node as FrameNode).getPluginData('reference')) as { emailId: number }).emailId)
      .sort();
  return { fake, inserter, runOutWaitsAsync, onCanvas };
}

/** The board's stage names cannot be written (a font Figma will not load): the board cannot be built. */
function breakStageNames(fake: ReturnType<typeof createFakeFigma>): void {
  const createText = fake.figma.createText.bind(fake.figma);
  let texts = 0;
  fake.figma.createText = () => {
    const text = createText();
    // Each reference's caption comes first; the board's first stage name is the third text.
    if (++texts === 3) {
      Object.defineProperty(text, 'characters', {
        set() {
          throw new Error('The font is missing.');
        },
      });
    }
    return text;
  };
}

describe('an insert Figma does not answer', () => {
  it('a board that cannot be built: an email whose insert timed out but landed counts as placed, not as “could not be placed” (it was listed as failed while on the canvas)', async () => {
    const { fake, inserter, runOutWaitsAsync, onCanvas } = setup({ silentFor: [2] });
    breakStageNames(fake);
    const placing = inserter.insertAsync([item(1, 'Welcome'), item(2, 'Welcome')], { layout: 'board', title: 'Acme — journey', stages: ['Welcome'] }, () => undefined, new AbortController().signal);
    // Email 2's insert lands, its answer never comes: the minute runs out.
    expect(await runOutWaitsAsync()).toEqual([60_000]);
    const outcome = await placing;
    expect(onCanvas()).toEqual([1, 2]);
    expect(outcome).toMatchObject({ placed: 2, placedIds: [1, 2], failed: [] });
    expect(insertSummary(outcome)).toBe('The board “Acme — journey” could not be built (The font is missing), so its 2 references are on the canvas as a grid instead.');
  });

  it('after Cancel, waits a few seconds, not a minute, then says it cannot know whether the reference landed (it said “Cancelled: nothing was placed” with it on the canvas)', async () => {
    const controller = new AbortController();
    const { inserter, runOutWaitsAsync, onCanvas } = setup({ silentFor: [1], abortOnSilence: controller });
    const placing = inserter.insertAsync([item(1)], null, () => undefined, controller.signal);
    expect(await runOutWaitsAsync()).toEqual([5_000]);
    const outcome = await placing;
    expect(onCanvas()).toEqual([1]);
    const text = insertSummary(outcome);
    expect(text).toBe('Figma did not answer after Cancel, so Envelope cannot say whether Acme — Email 1 was placed. Look on the canvas before placing it again.');
    expect(messageProblems(text)).toEqual([]);
    // Not unticked: it is not known to be on the canvas.
    expect(outcome.placedIds).toEqual([]);
  });

  it('a lone email whose insert timed out, no Cancel pressed: says it cannot know whether it landed, not “could not be placed … try again” (it was on the canvas, and placed again twice)', async () => {
    const { inserter, runOutWaitsAsync, onCanvas } = setup({ silentFor: [1] });
    const placing = inserter.insertAsync([item(1)], null, () => undefined, new AbortController().signal);
    expect(await runOutWaitsAsync()).toEqual([60_000]);
    const outcome = await placing;
    expect(onCanvas()).toEqual([1]);
    const text = insertSummary(outcome);
    expect(text).toBe('Figma did not answer within a minute, so Envelope cannot say whether Acme — Email 1 was placed. Look on the canvas before placing it again.');
    expect(messageProblems(text)).toEqual([]);
    expect(outcome).toMatchObject({ placed: 1, placedIds: [], failed: [] });
  });

  it('a lone email whose facts the library did not send in time: still “could not be placed” (only Figma’s silence leaves it unknown)', async () => {
    const endpoint = { request: () => Promise.reject(new Error('nothing should be sent')) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const slow = new ApiError({ api: 'library', endpoint: 'GET /v1/emails/{id}', status: null, code: 'timeout', message: 'The email library did not answer in time.' });
    const client = { getEmailAsync: () => Promise.reject(slow) } as unknown as LibraryClient;
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync: () => new Promise<never>(() => undefined) });
    const outcome = await inserter.insertAsync([item(1)], null, () => undefined, new AbortController().signal);
    expect(outcome).toMatchObject({ placed: 0, failed: [{ name: 'Acme — Email 1', reason: 'The email library did not answer in time.' }] });
    expect(outcome.endProblem).toBeUndefined();
  });

  it('a dropped thumbnail whose insert timed out: the same words', async () => {
    const { inserter, runOutWaitsAsync } = setup({ silentFor: [1] });
    const placing = inserter.insertDroppedAsync(item(1), 'no-drop', new AbortController().signal);
    expect(await runOutWaitsAsync()).toEqual([60_000]);
    expect(insertSummary(await placing)).toMatch(/^Figma did not answer within a minute, so Envelope cannot say whether Acme — Email 1 was placed\./);
  });

  it('a dropped thumbnail, after Cancel: the same few seconds and the same words', async () => {
    const controller = new AbortController();
    const { inserter, runOutWaitsAsync } = setup({ silentFor: [1], abortOnSilence: controller });
    const placing = inserter.insertDroppedAsync(item(1), 'no-drop', controller.signal);
    expect(await runOutWaitsAsync()).toEqual([5_000]);
    expect(insertSummary(await placing)).toMatch(/^Figma did not answer after Cancel, so Envelope cannot say whether Acme — Email 1 was placed\./);
  });

  it('a grid, after Cancel, its end not answered either: says how many were sent, the unanswered one too, and what to check (it said “Cancelled: nothing was placed”)', async () => {
    const controller = new AbortController();
    const { inserter, runOutWaitsAsync } = setup({ silentFor: [1], silentEnd: true, abortOnSilence: controller });
    const placing = inserter.insertAsync([item(1), item(2), item(3)], { layout: 'grid' }, () => undefined, controller.signal);
    expect(await runOutWaitsAsync()).toEqual([5_000]);
    // The end's answer never comes either, and is not waited for a minute.
    expect(await runOutWaitsAsync(2)).toEqual([5_000]);
    expect(insertSummary(await placing)).toBe(
      'Cancelled: 2 still to place. Envelope sent 1 reference to the canvas but could not confirm the last step, laying them out as a grid, so it cannot say how many are there now or where. Look on the canvas before placing them again.',
    );
  });

  it('a grid, after Cancel, its end answered: counts what the end says is on the canvas', async () => {
    const controller = new AbortController();
    const { inserter, runOutWaitsAsync, onCanvas } = setup({ silentFor: [1], abortOnSilence: controller });
    const placing = inserter.insertAsync([item(1), item(2)], { layout: 'grid' }, () => undefined, controller.signal);
    expect(await runOutWaitsAsync()).toEqual([5_000]);
    const outcome = await placing;
    expect(onCanvas()).toEqual([1]);
    expect(outcome).toMatchObject({ placed: 1, placedIds: [1], cancelled: true });
    expect(insertSummary(outcome)).toBe('Cancelled: 1 reference placed, 1 still to place.');
  });
});
