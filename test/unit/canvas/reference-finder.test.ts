// Finding the file's references on a large file: the window waits 15 s for a sign of progress,
// so no stretch of the search (loading pages under dynamic-page included) may go unreported.
import { describe, expect, it } from 'vitest';
import { findReferencesAsync } from '../../../src/canvas/reference-finder';
import { createFakeFigma } from '../../fake-figma/index';
import { addReferenceFramesAsync, placeholderReference } from '../../fixtures/reference-frames';

/** The window's default wait for a sandbox request (src/shared/bridge/endpoint.ts), restarted by each progress report. */
const UI_WAIT_MS = 15_000;
/** What loading one large page costs in this test's clock. */
const PAGE_LOAD_MS = 4_000;

describe('findReferencesAsync', () => {
  it('reports progress as it loads each page, so a file of many large pages never looks like Figma stopped answering', async () => {
    const fake = createFakeFigma();
    const pages = [fake.figma.currentPage];
    for (let index = 1; index < 12; index++) pages.push(fake.figma.createPage());
    await addReferenceFramesAsync(fake.figma, [1, 2, 3].map(placeholderReference), pages.slice(9));
    fake.relaunch();
    const figma = fake.figma;
    // Loading costs time on a clock the test keeps: per page not loaded yet, however it is asked for.
    let clock = 0;
    const loaded = new Set<string>([figma.currentPage.id]);
    const charge = (page: PageNode) => {
      if (!loaded.has(page.id)) clock += PAGE_LOAD_MS;
      loaded.add(page.id);
    };
    const search = {
      root: figma.root,
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
    const found = await findReferencesAsync(search, () => reports.push(clock));
    reports.push(clock);
    expect(found.references.map((reference) => reference.emailId).sort()).toEqual([1, 2, 3]);
    const longestSilence = Math.max(...reports.slice(1).map((at, index) => at - reports[index]!));
    expect(longestSilence).toBeLessThan(UI_WAIT_MS);
  });
});
