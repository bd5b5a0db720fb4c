// A component added or deleted on one side has one version only. Its detail showed an empty box
// beside that version's picture, said "No picture of the version last synced" twice, explained
// that Overlay, Swipe and Difference need both pictures, and, for one only in the design system,
// gave a reason that does not apply ("Figma could not draw it, or it is no longer in this file").
// Now it shows the one picture there is and says why there is no other; with no picture either, the
// box in its place says so once and the line gives the reason. Driven through the
// playground, linked to the emulator's demo design system (components added there by a teammate).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('the detail of a component with one version', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows that version alone and says why there is no other, for one added here and one only in the design system, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}&demo-keys=1`);
      const ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).waitFor({ timeout: 30_000 });
      const detail = ui.getByTestId('sync-detail');
      const why = ui.getByTestId('sync-pictures-why');

      // Added here: never synced, so no earlier version.
      await ui.getByTestId('sync-row').filter({ hasText: 'Divider' }).click();
      await expect.poll(() => textOf(why), { timeout: 15_000 }).toBe('New in this file: it was never synced, so there is no earlier version to compare it with.');
      const pictures = detail.getByRole('region', { name: 'How it looks' });
      await expect.poll(() => pictures.locator('figure').count()).toBe(1);
      expect(await pictures.locator('figcaption').textContent()).toContain('This file');
      expect(await pictures.locator('.sync-picture-missing').count()).toBe(0);
      expect(await pictures.getByRole('group', { name: 'Compare the pictures' }).count()).toBe(0);
      // What it is, under What changed: more than the one row saying it was added (its size, at least).
      const changes = detail.getByTestId('sync-changes');
      await expect.poll(() => changes.getByRole('row').filter({ hasText: 'component added' }).count()).toBe(1);
      expect(await changes.getByRole('row').allTextContents()).toContainEqual(expect.stringMatching(/^Divider\s*size.*\d+ × \d+$/));
      await checkAxeAsync(ui, `a component added here, ${theme}`);

      // Only in the design system: this file never had it, so no reason about Figma drawing it.
      await ui.getByRole('button', { name: '← Back to the list' }).click();
      await ui.getByTestId('sync-row').filter({ hasText: 'Footer / Legal' }).click();
      // The builder keeps no picture of it: the box in its place says so, and the line above says why
      // without saying it again (it read "No picture of the design system’s version" twice in a row).
      await expect.poll(() => textOf(why), { timeout: 15_000 }).toBe('Only in the design system: this file has no version of it to compare with. The design system has no picture of it.');
      await expect.poll(() => pictures.locator('figure').count()).toBe(1);
      expect(await pictures.locator('figcaption').textContent()).toContain('Design system');
      expect(await pictures.getByText(/No picture of the design system’s version/).count()).toBe(1);
      expect(await textOf(pictures.locator('.sync-picture-missing'))).toBe('No picture of the design system’s version');
      // And what it is, as the design system has it.
      await expect.poll(() => changes.getByRole('row').allTextContents()).toContainEqual(expect.stringMatching(/^Footer \/ Legal\s*description.*"Address, unsubscribe and legal text\."$/));
      await checkAxeAsync(ui, `a component added in the design system, ${theme}`);
    }, 120_000);
  }
});
