// Placing the selected emails gives the keyboard back to the grid: to the card last ticked, where
// the person was, not to the card the grid remembered from before the boxes (the first one, after
// ticking boxes down the grid, a jump back up the results).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

function focusedCardAsync(ui: Frame): Promise<string | null> {
  return ui.evaluate(() => document.activeElement?.getAttribute('data-index') ?? document.activeElement?.tagName ?? null);
}

describe('Browse: placing the selected emails', () => {
  it('gives the keyboard back to the card last ticked', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(4);
    for (const index of [1, 3]) {
      await cards.nth(index).getByRole('checkbox').focus();
      await h.page.keyboard.press('Space');
    }
    const lastTicked = await cards.nth(3).locator('[data-index]').first().getAttribute('data-index');
    expect(lastTicked).not.toBeNull();
    const insert = ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 2' });
    await insert.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 90_000 }).toMatch(/^Placed 2 references on the canvas\./);
    await expect.poll(() => focusedCardAsync(ui)).toBe(lastTicked);
  });
});
