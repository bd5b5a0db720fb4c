// The "Changed:" chips each count the rows pressing them shows: within the kind shown and the
// search typed. They counted every row, so "fill 11" stood beside a list of conflicts and
// pressing it showed 4: a designer (or a screen reader, which hears the count with the chip) was told wrong.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { chipsAndRowsAsync } from './support/sync-chip-counts';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('the “Changed:” chips', () => {
  it('count the rows each shows within the kind pressed and the search typed', async () => {
    // 40 rows of 9 kinds; the local changes, incoming changes and conflicts carry fill, text and size, or description.
    const page = await openAsync();
    await page.getByRole('group', { name: 'Show:' }).getByRole('button', { name: /^Conflicts / }).click();
    const inConflicts = await chipsAndRowsAsync(page, 'Changed:');
    expect(inConflicts.length).toBeGreaterThan(0);
    for (const { chip, says, shows } of inConflicts) expect(says, chip).toBe(shows);

    await page.getByRole('group', { name: 'Show:' }).getByRole('button', { name: /^All / }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Card');
    const searched = await chipsAndRowsAsync(page, 'Changed:');
    expect(searched.length).toBeGreaterThan(0);
    for (const { chip, says, shows } of searched) expect(says, chip).toBe(shows);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});

async function openAsync(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 2400 } });
  await page.addInitScript(installSyncStub, { count: 40 });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}
