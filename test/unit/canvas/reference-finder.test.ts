// Finding the file's references on a large file: the window waits 15 s for a sign of progress,
// so no stretch of the search (loading pages under dynamic-page included) may go unreported.
import { describe, expect, it } from 'vitest';
import { findReferencesAsync } from '../../../src/canvas/reference-finder';
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
