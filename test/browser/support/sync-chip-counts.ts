// The Sync list's chip groups ("Show:", "Changed:"): what each chip says it counts against what pressing it shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Each chip of `group` with the count it shows and how many rows pressing it lists; after each,
 * the group is let go again ("Show:" by pressing All, "Changed:" by pressing the chip again).
 */
export async function chipsAndRowsAsync(page: Page, group: 'Show:' | 'Changed:'): Promise<Array<{ chip: string; says: number; shows: number }>> {
  const chips = page.getByRole('group', { name: group });
  const labels = await chips.getByRole('button').allTextContents();
  const found: Array<{ chip: string; says: number; shows: number }> = [];
  for (const label of labels) {
    const [, chip, count] = /^(.+) ([\d,]+)$/.exec(label)!;
    const button = chips.getByRole('button', { name: label, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    found.push({ chip: chip!, says: Number(count!.replace(/,/g, '')), shows: await page.getByTestId('sync-row').count() });
    await chips.getByRole('button', { name: group === 'Show:' ? /^All / : new RegExp(`^${chip} `) }).click();
  }
  return found;
}
