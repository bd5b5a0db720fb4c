// Words for screen readers only (`.visually-hidden`) inside a list that scrolls. The rule left them
// where they fall in the flow, placed by the nearest positioned ancestor: with none between them
// and the list, that ancestor is outside it, and words far down the list stood below the window,
// which then scrolled as a whole (the Templates rows were given a positioned row for it,
// templates.css). Each screen relied on such a parent; the rule no longer does.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

async function openAsync(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
  // 40 rows of nine kinds: more than the window shows, many with "Changed:" words for screen readers.
  await page.addInitScript(installSyncStub, { count: 40 });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}

/** How far the window itself scrolls, in px (the lists inside it scroll on their own). */
const windowScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return { down: root.scrollHeight - root.clientHeight, across: root.scrollWidth - root.clientWidth };
  });

describe('words for screen readers only, in a list that scrolls', () => {
  it('leave the window still, with no positioned parent between them and the list', async () => {
    const page = await openAsync();
    try {
      expect(await windowScroll(page)).toEqual({ down: 0, across: 0 });
      // A set-up step: rows added to the Sync screen's list (the app's stylesheet, in its window),
      // not positioned, the last saying what changed to screen readers only.
      const last = await page.evaluate(() => {
        const list = document.querySelector('.sync-list')!;
        const rows = document.createElement('div');
        rows.innerHTML = '<div style="height: 2000px"></div><p><span class="visually-hidden" id="said-only">Changed: fill</span>Footer</p>';
        list.append(rows);
        const words = document.getElementById('said-only')!;
        return { listScrolls: list.scrollHeight > list.clientHeight, size: [words.getBoundingClientRect().width, words.getBoundingClientRect().height] };
      });
      expect(last).toEqual({ listScrolls: true, size: [1, 1] });
      expect(await windowScroll(page)).toEqual({ down: 0, across: 0 });
      // Still in the row's words (as a screen reader reads them), and not drawn.
      const row = page.locator('p', { has: page.locator('#said-only') });
      expect(await row.evaluate((element) => element.textContent)).toBe('Changed: fillFooter');
      expect(await page.locator('#said-only').evaluate((element) => getComputedStyle(element).clipPath)).toBe('inset(50%)');
    } finally {
      await page.close();
    }
  });
});
