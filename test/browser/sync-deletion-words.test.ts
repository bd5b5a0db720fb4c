// A deletion's row says it deletes: "Will be taken" on a teammate's deletion read as getting the
// component, and taking it deletes the component from this file; "Will be pushed" on a deletion
// here read as sending it. Where is in the tick's name and the group's heading (beside who and when,
// the line has no room for it at 320 px); the copied summary says it for the team.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';
import { copySummaryAsync } from './support/sync-steps';

const browser = useBrowser();

/** The row's second line as shown (what only screen readers hear left out), and whether it shows whole. */
function subLineAsync(row: Locator): Promise<{ text: string; whole: boolean }> {
  return row.locator('.sync-sub').evaluate((sub: HTMLElement) => ({
    text: [...sub.childNodes].filter((part) => !(part instanceof HTMLElement && part.classList.contains('visually-hidden'))).map((part) => part.textContent).join(''),
    whole: sub.scrollWidth <= sub.clientWidth,
  }));
}

async function openAsync(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  // k0: deleted by Ana Lima in the design system (skipped at first, as the sandbox has it); k1: deleted here.
  await page.addInitScript(installSyncStub, { count: 2, kinds: ['remote-delete', 'local-delete'], names: ['Card', 'Badge'] });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}

describe('a deletion’s row', () => {
  for (const [width, height] of [
    [400, 600],
    [320, 240],
  ] as const) {
    it(`says that choosing it deletes, and where, whole at ${width} px; the copied summary says it too`, async () => {
      const page = await openAsync(width, height);
      const theirs = page.locator('[data-key="k0"]');
      const mine = page.locator('[data-key="k1"]');
      // A teammate's deletion: delete it here, add it back, or skip (its menu says which, the line who and when).
      await page.getByRole('combobox', { name: 'Choice for Card 0' }).selectOption({ label: 'Delete it' });
      await expect.poll(() => page.getByRole('combobox', { name: 'Choice for Card 0' }).inputValue()).toBe('take');
      await expect.poll(() => subLineAsync(theirs)).toEqual({ text: 'Ana Lima · 3 h ago', whole: true });
      await mine.scrollIntoViewIfNeeded();
      expect(await subLineAsync(mine)).toEqual({ text: 'Will be deleted', whole: true });
      // Where, in the tick's name and the menu's words (and the group's heading above them).
      expect(await page.getByRole('checkbox', { name: 'Delete Badge 1 from the design system' }).isChecked()).toBe(true);
      expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);

      const copied = await copySummaryAsync(page, 'missing');
      await expect.poll(() => page.getByTestId('sync-copy-message').textContent()).toContain('Summary copied');
      expect(copied).toContain('- Card 0 (will be deleted from this file)');
      expect(copied).toContain('- Badge 1 (will be deleted from the design system)');
      await page.close();
    });
  }
});
