// The Sync list in the order a designer reads names: Card 2 after Card 1, not after Card 199
// (numbers in number order, as Figma's layers panel reads them).
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

describe('a file of numbered components', () => {
  it('lists them in number order', async () => {
    // Generated cards: Card 0, Card 1, a set of three, Card 5, Card 6, a set, Card 10, Card 11…
    await h.openFreshAsync('?components=40');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await ui.getByRole('button', { name: /^Sync \d[\d,]* changes$/ }).waitFor({ timeout: 60_000 });
    await ui.getByRole('searchbox', { name: 'Search by name' }).fill('Card');
    const rows = ui.getByRole('grid', { name: 'Components that differ' }).getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).map((text) => /^Card \d+/.exec(text)?.[0]).filter(Boolean).slice(0, 6))
      .toEqual(['Card 0', 'Card 1', 'Card 5', 'Card 6', 'Card 10', 'Card 11']);
  }, 120_000);
});
