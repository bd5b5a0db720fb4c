// The insert bar's count follows the reference check's "Remove reference": a reference holding
// layers the designer added keeps its frame (their layers stay in it) but loses its record, so it
// is no longer a reference and no longer "placed"; ⌘Z gives the record back. The real handlers on
// the strict fake Figma. The watch used to read only `removed`, which a kept frame never is.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlugin } from '../../../src/handlers';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { REFERENCE_DATA_KEY } from '../../../src/canvas/reference-record';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createFakeFigma, type FakeFigma } from '../../fake-figma';
import { insertOf } from '../sync/support/library-email';

const context = handlerContext();
let fake: FakeFigma;
let plugin: ReturnType<typeof createPlugin>;

beforeEach(() => {
  fake = createFakeFigma();
  plugin = createPlugin({ figma: fake.figma, transport: createFigmaFetchTransport(fake.fetch) });
});

/** Two references placed as one batch, as Browse places them; the bar watches these ids. */
async function placedBatchAsync(): Promise<FrameNode[]> {
  const { batchId } = await plugin.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Acme — spring' }, context);
  for (const emailId of [4242, 4243]) await plugin.handlers['canvas/insert'](insertOf(emailId, { batchId }), context);
  const { nodeIds } = await plugin.handlers['canvas/insert-end']({ batchId, stages: [] }, context);
  await fake.settleAsync();
  return nodeIds.map((id) => fake.inspect.node(id) as FrameNode);
}

/** The designer's edit in Figma (not the plugin's, so not in its undo step). */
const byDesigner = (edit: () => void) => fake.inspect.run(edit);

/** Starts a watch; `answerAsync` says its answer, or 'waiting' once every change was delivered and it has none. */
function watch(frames: readonly FrameNode[], gone: number) {
  let answer: { gone: number } | Error | undefined;
  plugin.handlers['canvas/placed-watch']({ nodeIds: frames.map((frame) => frame.id), gone }, context).then(
    (value) => (answer = value),
    (error: Error) => (answer = error),
  );
  return async () => {
    await fake.settleAsync();
    await Promise.resolve();
    if (answer instanceof Error) throw answer;
    return answer === undefined ? 'waiting' : answer.gone;
  };
}

const removeAsync = (frame: FrameNode) => plugin.handlers['canvas/references-remove']({ nodeIds: [frame.id], goneEmailIds: [4242] }, context);

describe('canvas/placed-watch after "Remove reference" kept the frame', () => {
  it('counts the kept frame as gone, and as placed again when ⌘Z brings its record back', async () => {
    const [first, second] = await placedBatchAsync();
    byDesigner(() => first!.appendChild(Object.assign(fake.figma.createFrame(), { name: 'Use this header' })));
    const answerAsync = watch([first!, second!], 0);
    expect(await answerAsync()).toBe('waiting');

    expect((await removeAsync(first!)).framesKept).toEqual([expect.objectContaining({ nodeId: first!.id })]);
    expect(first!.removed).toBe(false);
    expect(await answerAsync()).toBe(1);

    const back = watch([first!, second!], 1);
    expect(await back()).toBe('waiting');
    fake.figma.triggerUndo();
    expect(first!.getPluginData(REFERENCE_DATA_KEY)).toContain('"emailId":4242');
    expect(await back()).toBe(0);
  });

  it('answers when only the record goes and comes back (the designer had deleted its screenshot and caption: no layer is created or deleted)', async () => {
    const [first, second] = await placedBatchAsync();
    byDesigner(() => {
      for (const built of [...first!.children]) built.remove();
      first!.appendChild(Object.assign(fake.figma.createFrame(), { name: 'Use this header' }));
    });
    const answerAsync = watch([first!, second!], 0);
    expect(await answerAsync()).toBe('waiting');

    const children = first!.children.map((child) => child.id);
    expect((await removeAsync(first!)).framesKept).toHaveLength(1);
    expect(first!.children.map((child) => child.id)).toEqual(children);
    expect(await answerAsync()).toBe(1);

    const back = watch([first!, second!], 1);
    expect(await back()).toBe('waiting');
    fake.figma.triggerUndo();
    expect(await back()).toBe(0);
  });
});
