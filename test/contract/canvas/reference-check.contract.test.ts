// The reference check end to end without a browser: the real sandbox handlers on the fake Figma
// (dynamic-page, the demo document plus reference frames on two pages), the UI's email check
// through the real library client against the emulator, and the removal with its undo step.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_DATA_KEY } from '../../../src/canvas/reference-record';
import { setRelaunchButton } from '../../../src/platform/relaunch-buttons';
import { insertOf } from '../sync/support/library-email';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { createBrowserFetchTransport } from '../../../ui/http/browser-fetch-transport';
import { checkEmailsAsync } from '../../../ui/library/references/check-emails';
import { distinctEmailIds, goneReferences, summaryText } from '../../../ui/library/references/reference-check';
import { startEmulator } from '../../emulator/index';
import { createFakeFigma, type FakeFigma } from '../../fake-figma';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';
import { addReferenceFramesAsync, placeholderReference } from '../../fixtures/reference-frames';
import { controlAsync, emulatorKeysAsync } from '../clients/support/transports';

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

const context = handlerContext();
let emulator: Emulator;
let fake: FakeFigma;
let plugin: ReturnType<typeof createPlugin>;
let pages: PageNode[];
let emailIds: number[];

beforeAll(async () => {
  emulator = await startEmulator({ limits: 'relaxed' });
});
afterAll(() => emulator.close());

beforeEach(async () => {
  await controlAsync(emulator.libraryUrl, 'reset', {});
  const list = (await (await fetch(`${emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
  emailIds = list.data.map((email) => email.id);
  fake = createFakeFigma();
  await buildDemoDocumentAsync(fake.figma);
  pages = fake.inspect.root.children.slice(0, 2) as PageNode[];
  // Four references to three emails on two pages: the first email twice.
  await addReferenceFramesAsync(fake.figma, [...emailIds, emailIds[0]!].map(placeholderReference), pages);
  plugin = createPlugin({ figma: fake.figma, transport: createFigmaFetchTransport(fake.fetch) });
});

const referenceNodes = () => fake.inspect.allNodes().filter((node) => node.getPluginData(REFERENCE_DATA_KEY) !== '');

async function checkAsync() {
  const found = await plugin.handlers['canvas/references-find']({}, context);
  const key = (await emulatorKeysAsync(emulator.libraryUrl)).library.demo;
  const asked: number[] = [];
  const client = createLibraryClient({ baseUrl: emulator.libraryUrl, key, transport: createBrowserFetchTransport(), retryPolicy: { maxAttempts: 1 } });
  const { gone, unchecked } = await checkEmailsAsync(distinctEmailIds(found.references), {
    getEmailAsync: (id) => {
      asked.push(id);
      return client.getEmailAsync(id);
    },
    concurrency: 4,
    onProgress: () => undefined,
    sleepAsync: () => Promise.resolve(),
    now: Date.now,
    signal: new AbortController().signal,
  });
  return { found, asked, outcome: { references: found.references, goneEmailIds: gone, unchecked, unreadable: found.unreadable } };
}

describe('the reference check', () => {
  it('finds every reference on every page (dynamic-page), with its page and position', async () => {
    const { references, unreadable } = await plugin.handlers['canvas/references-find']({}, context);
    expect(unreadable).toBe(0);
    expect(references.map((reference) => reference.emailId).sort()).toEqual([...emailIds, emailIds[0]!].sort());
    expect(new Set(references.map((reference) => reference.pageName))).toEqual(new Set(pages.map((page) => page.name)));
    for (const reference of references) {
      const node = fake.inspect.node(reference.nodeId) as FrameNode;
      expect(reference.name).toBe(node.name);
      expect([reference.x, reference.y]).toEqual([node.absoluteTransform[0][2], node.absoluteTransform[1][2]]);
    }
  });

  it('counts a frame whose record cannot be read, and leaves it alone', async () => {
    fake.inspect.run(() => referenceNodes()[0]!.setPluginData(REFERENCE_DATA_KEY, '{"v": 99}'));
    const { references, unreadable } = await plugin.handlers['canvas/references-find']({}, context);
    expect(references.length).toBe(3);
    expect(unreadable).toBe(1);
  });

  it('asks once per distinct email and reports the one the library removed', async () => {
    await controlAsync(emulator.libraryUrl, `library/emails/${emailIds[0]!}/remove`, {});
    const { asked, outcome } = await checkAsync();
    expect(asked.sort()).toEqual([...emailIds].sort());
    expect([...outcome.goneEmailIds]).toEqual([emailIds[0]]);
    expect(outcome.unchecked.size).toBe(0);
    expect(summaryText(outcome)).toBe('4 references to 3 emails; 1 removed from the library.');
    expect(goneReferences(outcome).map((reference) => reference.pageName).sort()).toEqual(pages.map((page) => page.name).sort());
  });

  it('removes the references to the removed email in one undo step, leaving the others; undo restores them', async () => {
    await controlAsync(emulator.libraryUrl, `library/emails/${emailIds[0]!}/remove`, {});
    const { outcome } = await checkAsync();
    const gone = goneReferences(outcome);
    const kept = outcome.references.filter((reference) => !outcome.goneEmailIds.has(reference.emailId));
    // A reference to an existing email slipped into the request stays all the same.
    const result = await plugin.handlers['canvas/references-remove'](
      { nodeIds: [...gone.map((reference) => reference.nodeId), kept[0]!.nodeId], goneEmailIds: [...outcome.goneEmailIds] },
      context,
    );
    expect(result.removed).toBe(2);
    expect(result.failures).toEqual([{ nodeId: kept[0]!.nodeId, name: kept[0]!.name, pageName: kept[0]!.pageName, reason: expect.stringContaining('left as it is') }]);
    expect(referenceNodes().map((node) => node.id).sort()).toEqual(kept.map((reference) => reference.nodeId).sort());

    fake.figma.triggerUndo();
    expect(referenceNodes().length).toBe(4);
    for (const reference of gone) expect(fake.inspect.node(reference.nodeId)?.getPluginData(REFERENCE_DATA_KEY)).toContain(`"emailId":${emailIds[0]!}`);
  });

  it('keeps the design-system id saved while it looks the references up out of its undo step: ⌘Z puts back every one removed, and the id stays', async () => {
    await controlAsync(emulator.libraryUrl, `library/emails/${emailIds[0]!}/remove`, {});
    const { outcome } = await checkAsync();
    const gone = goneReferences(outcome);
    expect(gone.length).toBe(2);
    // The id is saved while Figma looks up the second reference (a host round trip).
    const getNodeByIdAsync = fake.figma.getNodeByIdAsync.bind(fake.figma);
    let lookUps = 0;
    Object.defineProperty(fake.figma, 'getNodeByIdAsync', {
      value: async (id: string) => {
        lookUps++;
        if (lookUps === 2) await plugin.handlers['settings/set-design-system']({ id: 'ds_meanwhile' }, context);
        return getNodeByIdAsync(id);
      },
      configurable: true,
    });
    const result = await plugin.handlers['canvas/references-remove']({ nodeIds: gone.map((reference) => reference.nodeId), goneEmailIds: [...outcome.goneEmailIds] }, context);
    expect(result.removed).toBe(2);
    fake.figma.triggerUndo();
    expect(referenceNodes().length).toBe(4);
    expect((await plugin.handlers['settings/get']({}, context)).designSystemId).toBe('ds_meanwhile');
  });

  describe('a reference the designer added layers to', () => {
    /** A reference placed as Browse places it (tiles, caption, record, its button), to an email the library removed. */
    async function placedAsync() {
      const { nodeId } = await plugin.handlers['canvas/insert'](insertOf(4242), context);
      fake.figma.commitUndo();
      return fake.inspect.node(nodeId) as FrameNode;
    }
    const removeAsync = (frame: FrameNode) => plugin.handlers['canvas/references-remove']({ nodeIds: [frame.id], goneEmailIds: [4242] }, context);
    /** A layer the designer adds in Figma: not the plugin's edit. */
    const addedByDesigner = <T extends SceneNode>(frame: FrameNode, make: () => T): T =>
      fake.inspect.run(() => {
        const layer = make();
        frame.appendChild(layer);
        return layer;
      });

    it('keeps them: only its screenshot, caption, record and its own button go (a template’s button on it stays), and ⌘Z puts them back', async () => {
      const frame = await placedAsync();
      const built = frame.children.map((child) => child.name);
      expect(built).toEqual(['Screenshot', 'Caption']);
      const note = addedByDesigner(frame, () => Object.assign(fake.figma.createFrame(), { name: 'Use this header' }));
      // A text layer Figma named after its words, "Caption": the designer's, not the reference's caption.
      const label = addedByDesigner(frame, () => {
        const text = fake.figma.createText();
        text.characters = 'Caption';
        text.name = 'Caption';
        return text;
      });
      fake.inspect.run(() => setRelaunchButton(frame, 'update-template', 'Update template “Spring”'));
      const result = await removeAsync(frame);
      expect(result).toEqual({ removed: 1, failures: [], framesKept: [{ nodeId: frame.id, name: frame.name, pageName: fake.figma.currentPage.name }] });
      expect(frame.removed).toBe(false);
      expect(frame.children).toEqual([note, label]);
      // No longer a reference: the check does not find it again, and it offers no email; the template's button stays.
      expect(frame.getPluginData(REFERENCE_DATA_KEY)).toBe('');
      expect(Object.keys(frame.getRelaunchData())).toEqual(['update-template']);
      expect((await plugin.handlers['canvas/references-find']({}, context)).references.map((reference) => reference.nodeId)).not.toContain(frame.id);

      fake.figma.triggerUndo();
      expect(frame.children.map((child) => child.name)).toEqual([...built, 'Use this header', 'Caption']);
      expect(frame.getPluginData(REFERENCE_DATA_KEY)).toContain('"emailId":4242');
    });

    it('stays, said why, when one of their layers holds an image: a tile they grouped is never told from an image of their own, nor its screenshot left behind, unnamed', async () => {
      const frame = await placedAsync();
      const tile = frame.children[0]!;
      fake.inspect.run(() => {
        const note = fake.figma.createFrame();
        frame.appendChild(note);
        fake.figma.group([tile, note], frame);
      });
      const result = await removeAsync(frame);
      expect(result.removed).toBe(0);
      expect(result.failures).toEqual([{ nodeId: frame.id, name: frame.name, pageName: expect.any(String), reason: expect.stringContaining('holds an image Envelope cannot tell from its screenshot') }]);
      expect(tile.removed).toBe(false);
      expect(frame.getPluginData(REFERENCE_DATA_KEY)).toContain('"emailId":4242');
      expect(Object.keys(frame.getRelaunchData())).toEqual(['open-email']);
    });
  });

  it('changes nothing once the window stopped waiting for the removal (it told the designer the references could not be removed)', async () => {
    await controlAsync(emulator.libraryUrl, `library/emails/${emailIds[0]!}/remove`, {});
    const { outcome } = await checkAsync();
    const gone = goneReferences(outcome);
    expect(gone.length).toBe(2);
    const cancel = createCancelSource();
    // The window's wait ran out while Figma looked up the second reference (a page load, say).
    const getNodeByIdAsync = fake.figma.getNodeByIdAsync.bind(fake.figma);
    let lookUps = 0;
    Object.defineProperty(fake.figma, 'getNodeByIdAsync', {
      value: async (id: string) => {
        if (++lookUps === 2) cancel.cancel();
        return getNodeByIdAsync(id);
      },
      configurable: true,
    });
    const removal = plugin.handlers['canvas/references-remove']({ nodeIds: gone.map((reference) => reference.nodeId), goneEmailIds: [...outcome.goneEmailIds] }, handlerContext({ signal: cancel.signal }));
    await expect(removal).rejects.toMatchObject({ code: 'cancelled' });
    expect(referenceNodes().length).toBe(4);
  });

  it('says in words why a reference stayed: gone from the file, or inside an instance', async () => {
    const [first] = referenceNodes();
    const firstId = first!.id;
    fake.inspect.run(() => first!.remove());
    const component = fake.figma.createComponent();
    component.appendChild(fake.figma.createFrame());
    const nested = component.createInstance().children[0]!;
    nested.setPluginData(REFERENCE_DATA_KEY, referenceNodes()[0]!.getPluginData(REFERENCE_DATA_KEY));
    const result = await plugin.handlers['canvas/references-remove']({ nodeIds: [firstId, nested.id], goneEmailIds: emailIds }, context);
    expect(result.removed).toBe(0);
    expect(result.failures.map((failure) => failure.reason)).toEqual(['Someone deleted it after the check.', expect.stringContaining('inside a component instance')]);
  });

  it('shows a reference: its page, selected, in view', async () => {
    const { references } = await plugin.handlers['canvas/references-find']({}, context);
    const onSecond = references.find((reference) => reference.pageId === pages[1]!.id)!;
    await plugin.handlers['canvas/references-show']({ nodeId: onSecond.nodeId }, context);
    expect(fake.figma.currentPage.id).toBe(pages[1]!.id);
    expect(fake.figma.currentPage.selection.map((node) => node.id)).toEqual([onSecond.nodeId]);
    await expect(plugin.handlers['canvas/references-show']({ nodeId: '999:999' }, context)).rejects.toThrow('no longer in the file');
  });

  it('says when the reference it shows is hidden, or inside a hidden frame: selected, yet nothing shows', async () => {
    const [reference] = referenceNodes() as FrameNode[];
    expect(await plugin.handlers['canvas/references-show']({ nodeId: reference!.id }, context)).toEqual({});
    fake.inspect.run(() => (reference!.visible = false));
    expect(await plugin.handlers['canvas/references-show']({ nodeId: reference!.id }, context)).toEqual({ hidden: { itself: true, layerNames: [] } });
    const moodboard = fake.figma.createFrame();
    fake.inspect.run(() => {
      reference!.visible = true;
      moodboard.name = 'Moodboard';
      reference!.parent!.appendChild(moodboard);
      moodboard.appendChild(reference!);
      moodboard.visible = false;
    });
    expect(await plugin.handlers['canvas/references-show']({ nodeId: reference!.id }, context)).toEqual({ hidden: { itself: false, layerNames: ['Moodboard'] } });
    expect(fake.figma.currentPage.selection.map((node) => node.id)).toEqual([reference!.id]);
    // Hidden itself inside a hidden column of a hidden board: showing the board alone would still show nothing, so each is named, outermost first.
    const column = fake.figma.createFrame();
    fake.inspect.run(() => {
      column.name = 'Column 2';
      moodboard.appendChild(column);
      column.appendChild(reference!);
      column.visible = false;
      reference!.visible = false;
    });
    expect(await plugin.handlers['canvas/references-show']({ nodeId: reference!.id }, context)).toEqual({ hidden: { itself: true, layerNames: ['Moodboard', 'Column 2'] } });
  });
});
