// Finding the file's references on a large file: the window waits 15 s for a sign of progress,
// so no stretch of the search (loading pages under dynamic-page included) may go unreported.
import { describe, expect, it } from 'vitest';
import { findReferencesAsync, topLevelHolder } from '../../../src/canvas/reference-finder';
import { createFakeFigma } from '../../fake-figma/index';
import { largeFileAsync, UI_WAIT_MS } from './support/large-file-clock';

describe('findReferencesAsync', () => {
  it('reports progress as it loads each page, so a file of many large pages never looks like Figma stopped answering', async () => {
    const file = await largeFileAsync();
    const search = { root: file.fake.figma.root, loadAllPagesAsync: file.loadAllPagesAsync };
    const found = await findReferencesAsync(search, file.report);
    expect(found.references.map((reference) => reference.emailId).sort()).toEqual([1, 2, 3]);
    expect(file.longestSilence()).toBeLessThan(UI_WAIT_MS);
  });
});

describe('topLevelHolder', () => {
  /** A page holding a journey board (a reference and its stage label), a frame with a group holding a reference, and a reference on its own. */
  function pageOfReferences() {
    const { figma } = createFakeFigma();
    const reference = (name: string) => Object.assign(figma.createFrame(), { name });
    const board = Object.assign(figma.createFrame(), { name: 'Spring journey' });
    const label = Object.assign(figma.createText(), { name: 'Stage: Welcome' });
    const inBoard = reference('in the board');
    board.appendChild(label);
    board.appendChild(inBoard);
    const frame = Object.assign(figma.createFrame(), { name: 'Hero ideas' });
    const inGroup = reference('in a group in a frame');
    frame.appendChild(inGroup);
    figma.group([inGroup], frame).name = 'Picked';
    const alone = reference('on its own');
    return { inBoard, inGroup, alone };
  }

  it('names the layer at the top of the page: a journey board by its stage labels, the outermost frame (not a group inside it), none on the canvas', () => {
    const { inBoard, inGroup, alone } = pageOfReferences();
    expect(topLevelHolder(inBoard)).toEqual({ kind: 'board', name: 'Spring journey' });
    expect(topLevelHolder(inGroup)).toEqual({ kind: 'frame', name: 'Hero ideas' });
    expect(topLevelHolder(alone)).toBeNull();
  });

  it('says a section is a section (the fake has no sections: a layer as Figma gives it)', () => {
    const page = { type: 'PAGE', name: 'Cover', parent: null } as unknown as BaseNode;
    const section = { type: 'SECTION', name: 'Welcome emails', parent: page, children: [] } as unknown as BaseNode;
    const reference = { type: 'FRAME', name: 'Acme — Sale', parent: section } as unknown as BaseNode;
    expect(topLevelHolder(reference)).toEqual({ kind: 'section', name: 'Welcome emails' });
  });

  it('says an instance is an instance, not a frame (a component made of a board of references, then used)', () => {
    const page = { type: 'PAGE', name: 'Cover', parent: null } as unknown as BaseNode;
    const instance = { type: 'INSTANCE', id: '9:1', name: 'Campaign board', parent: page, children: [] } as unknown as BaseNode;
    const reference = { type: 'FRAME', name: 'Acme — Sale', parent: instance } as unknown as BaseNode;
    expect(topLevelHolder(reference)).toEqual({ kind: 'instance', name: 'Campaign board' });
  });

  it('reads a holder once for all the references it holds (its children are read through the slow sandbox)', () => {
    let childReads = 0;
    const page = { type: 'PAGE', name: 'Cover', parent: null } as unknown as BaseNode;
    const board = { type: 'FRAME', id: '1:2', name: 'Spring journey', parent: page } as unknown as BaseNode;
    const references = Array.from({ length: 5 }, (_, index) => ({ type: 'FRAME', name: `Email ${index}`, parent: board }) as unknown as BaseNode);
    const label = { type: 'TEXT', name: 'Stage: Welcome' };
    Object.defineProperty(board, 'children', { get: () => (childReads++, [label, ...references]) });
    const known = new Map<string, ReturnType<typeof topLevelHolder>>();
    for (const reference of references) expect(topLevelHolder(reference, known)).toEqual({ kind: 'board', name: 'Spring journey' });
    expect(childReads).toBe(1);
  });
});
