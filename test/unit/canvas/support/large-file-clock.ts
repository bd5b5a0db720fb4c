// A large file for the canvas's page-by-page work: twelve pages with three references on the last
// three, reopened so that no page but the first is loaded, and a clock the test keeps that each
// page load advances, however it is asked for.
import { createFakeFigma, type FakeFigma } from '../../../fake-figma';
import { addReferenceFramesAsync, placeholderReference } from '../../../fixtures/reference-frames';

/** The window's default wait for a sandbox request (src/shared/bridge/endpoint.ts), restarted by each progress report. */
export const UI_WAIT_MS = 15_000;
/** What loading one large page costs in this test's clock. */
const PAGE_LOAD_MS = 4_000;

export interface LargeFile {
  fake: FakeFigma;
  /** The three reference frames' ids (email ids 1, 2, 3). */
  frameIds: string[];
  /** Advances the clock for a page not loaded yet. */
  charge: (page: PageNode) => void;
  /** `figma.loadAllPagesAsync`, charged for every page. */
  loadAllPagesAsync: () => Promise<void>;
  /** Records the clock at each progress report. */
  report: () => void;
  /** The longest stretch without a report, the end included. */
  longestSilence: () => number;
}

export async function largeFileAsync(prepare: (fake: FakeFigma) => void = () => undefined): Promise<LargeFile> {
  const fake = createFakeFigma();
  const pages = [fake.figma.currentPage];
  for (let index = 1; index < 12; index++) pages.push(fake.figma.createPage());
  const frames = await addReferenceFramesAsync(fake.figma, [1, 2, 3].map(placeholderReference), pages.slice(9));
  prepare(fake);
  const frameIds = frames.map((frame) => frame.id);
  fake.relaunch();
  const figma = fake.figma;
  let clock = 0;
  const loaded = new Set<string>([figma.currentPage.id]);
  const charge = (page: PageNode) => {
    if (!loaded.has(page.id)) clock += PAGE_LOAD_MS;
    loaded.add(page.id);
  };
  for (const page of figma.root.children) {
    const loadAsync = page.loadAsync.bind(page);
    Object.defineProperty(page, 'loadAsync', { value: async () => (charge(page), await loadAsync()) });
  }
  const reports = [0];
  return {
    fake,
    frameIds,
    charge,
    loadAllPagesAsync: async () => {
      for (const page of figma.root.children) charge(page);
      await figma.loadAllPagesAsync();
    },
    report: () => void reports.push(clock),
    longestSilence: () => {
      const all = [...reports, clock];
      return Math.max(...all.slice(1).map((at, index) => at - all[index]!));
    },
  };
}
