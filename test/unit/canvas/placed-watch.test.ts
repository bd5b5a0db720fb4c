// After a batch ends, the sandbox tells the window when its references leave the canvas (⌘Z, a
// delete) or come back (⌘⇧Z), against the strict fake Figma (dynamic-page: documentchange only
// after every page is loaded). The bar kept saying "Placed 3 references" after ⌘Z.
import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createCanvasFeature } from '../../../src/canvas/canvas-handlers';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { CanvasInsert } from '../../../src/shared/bridge/messages';
import { planTiles } from '../../../src/shared/canvas/tile-plan';
import { createFakeFigma } from '../../fake-figma/index';
import { encodePng } from '../../support/png';

const context = handlerContext();

function insertOf(emailId: number, extra: Partial<CanvasInsert> = {}): CanvasInsert {
  const tiles = planTiles(300, 200).map((tile) => ({ ...tile, bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [200, 100, emailId % 255, 255], deflate: (data) => deflateSync(data) }) }));
  const reference = { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' };
  return { reference, width: 300, height: 200, tiles, ...extra };
}

async function placedBatchAsync(layout: 'grid' | 'board', count = 3) {
  const fake = createFakeFigma();
  const { handlers } = createCanvasFeature({ figma: fake.figma, now: () => new Date('2026-11-24T21:00:00.000Z') });
  const { batchId } = await handlers['canvas/insert-begin']({ layout, title: 'Acme — journey' }, context);
  for (let id = 1; id <= count; id++) await handlers['canvas/insert'](insertOf(id, { batchId, stage: 'Welcome' }), context);
  const { nodeIds } = await handlers['canvas/insert-end']({ batchId, stages: ['Welcome'] }, context);
  await fake.settleAsync();
  const answers = new WeakMap<Promise<{ gone: number }>, { gone: number } | Error>();
  /** The watch's answer, or 'waiting' while it has none after every change was delivered (no timer: what settled is noted). */
  const answerAsync = async (watch: Promise<{ gone: number }>) => {
    if (!answers.has(watch)) watch.then((answer) => answers.set(watch, answer), (error: Error) => answers.set(watch, error));
    await fake.settleAsync();
    await Promise.resolve();
    const answer = answers.get(watch);
    if (answer instanceof Error) throw answer;
    return answer === undefined ? 'waiting' : answer.gone;
  };
  return { fake, handlers, nodeIds, answerAsync };
}

/** Counts each frame's plugin-data reads (the sandbox's host calls are slow: a batch must not make one per watched frame). */
function countReads(frames: readonly FrameNode[]) {
  const spies = frames.map((frame) => vi.spyOn(frame, 'getPluginData'));
  return {
    /** Reads per frame since the last call. */
    take: () => spies.map((spy) => {
      const count = spy.mock.calls.length;
      spy.mockClear();
      return count;
    }),
  };
}

describe('canvas/placed-watch', () => {
  it('answers when ⌘Z takes a grid away, and again when ⌘⇧Z brings it back; edits that remove nothing are no answer', async () => {
    const { fake, handlers, nodeIds, answerAsync } = await placedBatchAsync('grid');
    const watch = handlers['canvas/placed-watch']({ nodeIds, gone: 0 }, context);
    // Moving a reference, and undoing the move, keep it on the canvas.
    ((await fake.figma.getNodeByIdAsync(nodeIds[0]!)) as FrameNode).x += 50;
    fake.figma.commitUndo();
    expect(await answerAsync(watch)).toBe('waiting');
    fake.figma.triggerUndo();
    expect(await answerAsync(watch)).toBe('waiting');
    fake.figma.triggerUndo();
    expect(await answerAsync(watch)).toBe(3);
    const back = handlers['canvas/placed-watch']({ nodeIds, gone: 3 }, context);
    expect(await answerAsync(back)).toBe('waiting');
    fake.redo();
    expect(await answerAsync(back)).toBe(0);
  });

  it('counts one deleted, and a journey board undone with its references', async () => {
    const grid = await placedBatchAsync('grid');
    const watch = grid.handlers['canvas/placed-watch']({ nodeIds: grid.nodeIds, gone: 0 }, context);
    (await grid.fake.figma.getNodeByIdAsync(grid.nodeIds[1]!))!.remove();
    expect(await grid.answerAsync(watch)).toBe(1);

    const board = await placedBatchAsync('board', 2);
    const boardWatch = board.handlers['canvas/placed-watch']({ nodeIds: board.nodeIds, gone: 0 }, context);
    board.fake.figma.triggerUndo();
    expect(await board.answerAsync(boardWatch)).toBe(2);
  });

  it('answers at once when the window’s count is already out of date, and ignores layers this run did not place', async () => {
    const { fake, handlers, nodeIds } = await placedBatchAsync('grid');
    fake.figma.triggerUndo();
    expect(await handlers['canvas/placed-watch']({ nodeIds: [...nodeIds, '99:99'], gone: 0 }, context)).toEqual({ gone: 3 });
  });

  it('stops watching when the window cancels (its bar went) or is answered: no listener is left behind', async () => {
    const { fake, handlers, nodeIds } = await placedBatchAsync('grid');
    const on = vi.spyOn(fake.figma, 'on');
    const off = vi.spyOn(fake.figma, 'off');
    const calls = (spy: typeof on | typeof off) => spy.mock.calls.filter((call) => String(call[0]) === 'documentchange').length;
    const listening = () => calls(on) - calls(off);
    const source = createCancelSource();
    const watch = handlers['canvas/placed-watch']({ nodeIds, gone: 0 }, handlerContext({ signal: source.signal }));
    const settled = watch.then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
    await fake.settleAsync();
    expect(listening()).toBe(1);
    source.cancel();
    expect(await settled).toBe('cancelled');
    expect(listening()).toBe(0);
    const watch2 = handlers['canvas/placed-watch']({ nodeIds, gone: 0 }, context);
    await fake.settleAsync();
    fake.figma.triggerUndo();
    expect(await watch2).toEqual({ gone: 3 });
    expect(listening()).toBe(0);
  });

  it('reads a frame’s record only in a batch that names its plugin data: other batches (a paste, a delete) read no plugin data', async () => {
    const { fake, handlers, nodeIds, answerAsync } = await placedBatchAsync('grid');
    const frames = nodeIds.map((id) => fake.inspect.node(id) as FrameNode);
    const [first, , third] = frames as [FrameNode, FrameNode, FrameNode];
    // A layer of the designer's in the first: "Remove reference" keeps that frame, taking its record.
    fake.inspect.run(() => first.appendChild(Object.assign(fake.figma.createFrame(), { name: 'Use this header' })));
    await fake.settleAsync();
    const reads = countReads(frames);
    const watch = handlers['canvas/placed-watch']({ nodeIds, gone: 0 }, context);
    expect(await answerAsync(watch)).toBe('waiting');
    const atStart = reads.take();

    // A layer pasted and deleted elsewhere, then a reference deleted: `removed` says it all.
    const pasted = fake.inspect.run(() => fake.figma.createRectangle());
    expect(await answerAsync(watch)).toBe('waiting');
    fake.inspect.run(() => pasted.remove());
    expect(await answerAsync(watch)).toBe('waiting');
    fake.inspect.run(() => third.remove());
    expect(await answerAsync(watch)).toBe(1);
    expect(reads.take()).toEqual([0, 0, 0]);

    // The removal takes the first's record (a pluginData change): the second is not read again,
    // nor is it when ⌘Z gives the record back or ⌘⇧Z takes it again.
    const removal = handlers['canvas/placed-watch']({ nodeIds, gone: 1 }, context);
    expect(await answerAsync(removal)).toBe('waiting');
    reads.take();
    expect((await handlers['canvas/references-remove']({ nodeIds: [first.id], goneEmailIds: [1] }, context)).framesKept).toHaveLength(1);
    expect(await answerAsync(removal)).toBe(2);
    // The first is read by the removal itself too.
    expect(reads.take().slice(1)).toEqual([0, 0]);
    const undo = handlers['canvas/placed-watch']({ nodeIds, gone: 2 }, context);
    expect(await answerAsync(undo)).toBe('waiting');
    reads.take();
    fake.figma.triggerUndo();
    expect(await answerAsync(undo)).toBe(1);
    expect(reads.take()).toEqual([1, 0, 0]);
    const redo = handlers['canvas/placed-watch']({ nodeIds, gone: 1 }, context);
    expect(await answerAsync(redo)).toBe('waiting');
    reads.take();
    fake.redo();
    expect(await answerAsync(redo)).toBe(2);
    expect(reads.take()).toEqual([1, 0, 0]);
    // One read each when a watch starts.
    expect(atStart).toEqual([1, 1, 1]);
  });
});
