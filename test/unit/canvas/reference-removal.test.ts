// Why Figma refused to remove a reference, in words (src/canvas/reference-removal.ts).
import { describe, expect, it } from 'vitest';
import { hasCheckButton, showCheckButton } from '../../../src/canvas/check-references-button';
import { removalProblem, removeReferencesAsync } from '../../../src/canvas/reference-removal';
import { pageOf } from '../../../src/platform/show-node';
import { createFakeFigma } from '../../fake-figma';
import { largeFileAsync, UI_WAIT_MS } from './support/large-file-clock';

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

describe('removeReferencesAsync on a large file', () => {
  it('reports progress while it removes and while it looks for references left, so the window never takes it for Figma not answering', async () => {
    const file = await largeFileAsync((fake) => showCheckButton(fake.figma.root, true));
    const figma = file.fake.figma;
    const removal = {
      root: figma.root,
      commitUndo: () => figma.commitUndo(),
      getNodeByIdAsync: async (id: string) => {
        const node = await figma.getNodeByIdAsync(id);
        const page = node === null ? null : pageOf(node);
        if (page !== null) file.charge(page);
        return node;
      },
      loadAllPagesAsync: file.loadAllPagesAsync,
    };
    const outcome = await removeReferencesAsync(removal, file.frameIds, [1, 2, 3], file.report);
    expect(outcome).toEqual({ removed: 3, failures: [] });
    // The last reference went: the file's button with it.
    expect(hasCheckButton(figma.root)).toBe(false);
    expect(file.longestSilence()).toBeLessThan(UI_WAIT_MS);
  });
});
