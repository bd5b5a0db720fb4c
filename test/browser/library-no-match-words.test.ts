// A search that finds nothing says what to try, naming only what the search set: it said "Try fewer
// words, another category or brand, or an earlier “captured since” date" to a designer who had
// typed words alone, as if picking a category or brand would find more. Driven through Browse.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync, openBrowseWithClockAsync } from './support/browse-steps';
import { stopWindowClockAsync } from './support/clocked-window';
import { textOf, useHarness } from './support/playground-harness';

const h = useHarness();

describe('a search that finds nothing', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`suggests undoing what it set, and nothing it did not set, ${theme}`, async () => {
      const ui = await openBrowseAsync(h, theme);
      const empty = ui.getByTestId('library-empty');
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('zzqqxx nothing like this');
      await expect.poll(() => textOf(empty.locator('p')), { timeout: 10_000 }).toBe('Try other words.');
      expect(await textOf(empty.locator('strong'))).toBe('No emails match this search.');
      await checkAxeAsync(ui, `no emails match words, ${theme}`);

      await ui.getByLabel('Category').selectOption({ label: 'Food' });
      await expect.poll(() => textOf(empty.locator('p')), { timeout: 10_000 }).toBe('Try other words or all categories.');
    }, 120_000);
  }
});

describe('a search that found nothing, its box emptied', () => {
  it('still speaks of the search that ran until the next one runs (typing waits for a pause)', async () => {
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      const empty = ui.getByTestId('library-empty');
      const box = ui.getByRole('searchbox', { name: 'Search emails' });
      await box.fill('zzqqxx nothing like this');
      await expect.poll(() => textOf(empty.locator('p')), { timeout: 10_000 }).toBe('Try other words.');
      // The clock held: the emptied box's search waits for its pause.
      await stopWindowClockAsync(context, ui);
      await box.fill('');
      // Drawn at once (Preact draws on a microtask; the held clock holds only the search's pause).
      await ui.evaluate(() => Promise.resolve());
      expect(await box.inputValue()).toBe('');
      expect(await textOf(empty.locator('p'))).toBe('Try other words.');
      await context.clock.resume();
      await expect.poll(() => empty.count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
