// A conflict's "What changed" table and its pictures' captions at the window's default width
// (400 px): who changed their version must be readable, not cut to "Theirs by Robin Val…". Driven through the playground:
// a sync, an edit here and a teammate's edit in the builder emulator, then the conflict opened.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { heroConflictAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** Synced; then Hero's text changed here and its description by a teammate in the builder app; the conflict opened. */
async function heroConflictOpenAsync(ui: Frame): Promise<void> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
  await heroConflictAsync(h, ui);
  await ui.getByTestId('sync-row').filter({ hasText: 'Hero' }).click();
}

/** What a person sees of each head (not the words for screen readers only) that is cut, with an ellipsis or at its edge. */
function cutTextsAsync(heads: Locator): Promise<Array<string | null>> {
  return heads.evaluateAll((elements) =>
    elements.flatMap((head) =>
      [...head.querySelectorAll<HTMLElement>('*')]
        .filter((part) => !part.classList.contains('visually-hidden') && part.checkVisibility() && part.scrollWidth > part.clientWidth)
        .map((part) => part.textContent),
    ),
  );
}

describe('a conflict’s “What changed” table at the default width', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says in full who changed their version, nothing in its heads or the pictures’ captions cut (“Theirs by Robin Val…”), ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      expect(await ui.evaluate(() => window.innerWidth)).toBe(400);
      await heroConflictOpenAsync(ui);
      const changes = ui.getByRole('region', { name: 'What changed' });
      const table = changes.getByRole('table');
      await table.getByRole('columnheader', { name: 'Theirs (design system), by Robin Vale (builder app)' }).waitFor({ timeout: 15_000 });
      expect(await cutTextsAsync(table.locator('thead th'))).toEqual([]);
      // The two pictures' captions, side by side in half the width each: whose version, whole.
      const pictures = ui.getByRole('region', { name: 'How it looks' });
      await pictures.getByRole('button', { name: 'Side by side' }).click();
      const captions = pictures.locator('figcaption');
      await expect.poll(() => captions.count()).toBe(2);
      expect(await cutTextsAsync(captions)).toEqual([]);
      expect(await captions.locator('[aria-hidden="true"]').allTextContents()).toEqual(['Theirs', 'Mine (this file)']);
      // The teammate's name is read in the part, whole and in sight.
      const named = changes.getByText(/^Theirs: changed by Robin Vale \(builder app\)$/);
      await expect.poll(() => named.count()).toBe(1);
      expect(await named.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await axeViolationsAsync(ui)).toEqual([]);
    }, 120_000);
  }
});
