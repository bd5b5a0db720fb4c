// Why Figma refused to remove a reference, in words (src/canvas/reference-removal.ts).
import { describe, expect, it } from 'vitest';
import { hasCheckButton, showCheckButton } from '../../../src/canvas/check-references-button';
import { removalProblem, removeReferencesAsync } from '../../../src/canvas/reference-removal';
import { pageOf } from '../../../src/platform/show-node';
import { createFakeFigma } from '../../fake-figma';
import { addReferenceFramesAsync, placeholderReference } from '../../fixtures/reference-frames';

describe('removalProblem', () => {
  it('names an instance around the reference, else passes on Figma’s reason and mentions a read-only page', () => {
    const { figma } = createFakeFigma();
    const component = figma.createComponent();
    component.appendChild(figma.createFrame());
    const inInstance = component.createInstance().children[0]!;
    let refusal: unknown;
    try {
      inInstance.remove();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect(removalProblem(inInstance, refusal)).toBe('The frame is inside a component instance: detach the instance, then remove the reference.');
    const plain = figma.createFrame();
    expect(removalProblem(plain, new Error('in remove: This file is read-only'))).toBe('Figma did not allow the change (the page may be read-only for you): in remove: This file is read-only');
  });
});

/** The window's default wait for a sandbox request (src/shared/bridge/endpoint.ts), restarted by each progress report. */
const UI_WAIT_MS = 15_000;
/** What loading one large page costs in this test's clock. */
const PAGE_LOAD_MS = 4_000;

describe('removeReferencesAsync on a large file', () => {
  it('reports progress while it removes and while it looks for references left, so the window never takes it for Figma not answering', async () => {
    const fake = createFakeFigma();
    const pages = [fake.figma.currentPage];
    for (let index = 1; index < 12; index++) pages.push(fake.figma.createPage());
    const frames = await addReferenceFramesAsync(fake.figma, [1, 2, 3].map(placeholderReference), pages.slice(9));
    showCheckButton(fake.figma.root, true);
    const nodeIds = frames.map((frame) => frame.id);
    fake.relaunch();
    const figma = fake.figma;
    // Loading costs time on a clock the test keeps: per page not loaded yet, however it is asked for.
    let clock = 0;
    const loaded = new Set<string>([figma.currentPage.id]);
    const charge = (page: PageNode) => {
      if (!loaded.has(page.id)) clock += PAGE_LOAD_MS;
      loaded.add(page.id);
    };
    const removal = {
      root: figma.root,
      commitUndo: () => figma.commitUndo(),
      getNodeByIdAsync: async (id: string) => {
        const node = await figma.getNodeByIdAsync(id);
        const page = node === null ? null : pageOf(node);
        if (page !== null) charge(page);
        return node;
      },
      loadAllPagesAsync: async () => {
        for (const page of figma.root.children) charge(page);
        await figma.loadAllPagesAsync();
      },
    };
    for (const page of figma.root.children) {
      const loadAsync = page.loadAsync.bind(page);
      Object.defineProperty(page, 'loadAsync', { value: async () => (charge(page), await loadAsync()) });
    }
    const reports = [0];
    const outcome = await removeReferencesAsync(removal, nodeIds, [1, 2, 3], () => reports.push(clock));
    reports.push(clock);
    expect(outcome).toEqual({ removed: 3, failures: [] });
    // The last reference went: the file's button with it.
    expect(hasCheckButton(figma.root)).toBe(false);
    const longestSilence = Math.max(...reports.slice(1).map((at, index) => at - reports[index]!));
    expect(longestSilence).toBeLessThan(UI_WAIT_MS);
  });
});
