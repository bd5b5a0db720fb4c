// Long component names in the Sync list, as design systems name them ("Email / Header /
// Promotional banner / Dark mode"): the part after the last "/" tells the rows apart, so it stays
// whole while the path before it gives way. Cut at the end, four conflicts all read
// "Email / Header / Promotional b…", and nothing but opening each said which was which.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

const NAMES = ['Email / Header / Promotional banner / Dark mode', 'Email / Header / Promotional banner / Light mode'];

async function openAsync(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.addInitScript(installSyncStub, { count: 8, kinds: ['conflict', 'local-change'], names: NAMES });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}

/** Whether the last `length` characters of the row's name are drawn whole: inside every box that clips them, none behind an ellipsis. */
function endShownAsync(row: Locator, length: number): Promise<boolean> {
  return row.evaluate((element, count) => {
    const cell = element.querySelectorAll('[role="gridcell"]')[1]!;
    const name = cell.querySelector('.sync-name')!;
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const range = document.createRange();
    let left = count;
    let start: [Text, number] | null = null;
    for (let index = texts.length - 1; index >= 0 && left > 0; index--) {
      const text = texts[index]!;
      const take = Math.min(left, text.length);
      start = [text, text.length - take];
      left -= take;
    }
    range.setStart(start![0], start![1]);
    range.setEnd(texts.at(-1)!, texts.at(-1)!.length);
    const drawn = range.getBoundingClientRect();
    for (let box: Element | null = range.startContainer.parentElement; box && box !== element; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible') continue;
      const clip = box.getBoundingClientRect();
      // An ellipsis takes the place of what does not fit: drawn past its box's edge by any fraction.
      if (drawn.left < clip.left || drawn.right > clip.right) return false;
    }
    return drawn.width > 0;
  }, length);
}

describe('a long component name in the Sync list', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the part after its last “/” whole at 400 px, the path before it cut, the whole name for the pointer and screen readers (${theme})`, async () => {
      const page = await openAsync(400, 600);
      await page.emulateMedia({ colorScheme: theme });
      const rows = page.getByTestId('sync-row');
      await expect.poll(() => rows.count()).toBeGreaterThan(4);
      for (let index = 0; index < 4; index++) {
        const row = page.locator(`[data-key="k${index}"]`);
        const name = `${NAMES[index % 2]!} ${index}`;
        const last = name.slice(name.lastIndexOf('/') + 2);
        expect(await endShownAsync(row, last.length), `“${last}” on ${name}`).toBe(true);
        // The path does not fit beside it: it is the part cut.
        expect(await endShownAsync(row, name.length)).toBe(false);
        expect(await row.getByTitle(name, { exact: true }).count()).toBe(1);
        expect(await row.getByRole('gridcell').nth(1).textContent()).toContain(name);
      }
      expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
      await page.close();
    });
  }

  it('in the smallest window (320 × 240) too, keeps the part after the last “/” whole', async () => {
    const page = await openAsync(320, 240);
    const row = page.locator('[data-key="k1"]');
    await row.scrollIntoViewIfNeeded();
    expect(await endShownAsync(row, 'Light mode 1'.length)).toBe(true);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});
