// The "Show:" chips each count the rows pressing them shows, within the "Changed:" chip pressed and
// the search typed, as the "Changed:" chips do; "All" counts the rows it shows. They counted every
// row: with "fill" pressed, "Local changes 10" stood beside a list of 3 and pressing it showed 3
// (a screen reader hears that count with the chip).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { chipsAndRowsAsync } from './support/sync-chip-counts';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('the “Show:” chips', () => {
  it('count the rows each shows within the kind of change pressed and the search typed, “All” too', async () => {
    // 40 rows of 9 kinds and a replaced pair (under "All", "Added here" and "Deleted here"); local changes, incoming changes and conflicts carry fill, text and size, or description.
    const page = await openAsync();
    await page.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: /^fill / }).click();
    const withFill = await chipsAndRowsAsync(page, 'Show:');
    expect(withFill.map(({ chip }) => chip)).toEqual(expect.arrayContaining(['All', 'Added here', 'Deleted here']));
    for (const { chip, says, shows } of withFill) expect(says, chip).toBe(shows);

    await page.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: /^fill / }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Card');
    const searched = await chipsAndRowsAsync(page, 'Show:');
    expect(searched.length).toBeGreaterThan(2);
    for (const { chip, says, shows } of searched) expect(says, chip).toBe(shows);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});

async function openAsync(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 2400 } });
  await page.addInitScript(installSyncStub, { count: 40, replaced: true });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}
