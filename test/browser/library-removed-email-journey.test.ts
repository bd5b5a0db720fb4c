// An email found removed that was the last of its journey stage: Back put the keyboard on the
// next stage's first row, as if it had been in that stage (a journey's stages are one list to
// step through). Now the row before it, in its own stage, takes it.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync, sectionButton } from './support/browse-steps';
import { libraryControlAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: the last email of a journey stage found removed', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Back puts the keyboard on the row before it in its stage, not on the next stage’s (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      try {
        const ui = await openBrowseAsync(h, theme);
        await sectionButton(ui, 'Journeys').click();
        await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
        await ui.getByLabel('Emails per stage').selectOption('3');
        const stages = ui.getByRole('region', { name: 'Journeys' }).locator('section');
        const rowsByStage = () =>
          stages.evaluateAll((sections) => sections.map((section) => ({ stage: section.getAttribute('aria-label'), ids: [...section.querySelectorAll<HTMLElement>('.brand-email')].map((row) => Number(row.dataset['emailId'])) })));
        // A stage of two rows or more with a stage of rows after it.
        const withNext = async () => {
          const all = await rowsByStage();
          return all.findIndex((stage, index) => stage.ids.length >= 2 && all.slice(index + 1).some((later) => later.ids.length > 0));
        };
        await expect.poll(withNext, { timeout: 20_000 }).toBeGreaterThanOrEqual(0);
        const stage = (await rowsByStage())[await withNext()]!;
        const last = stage.ids[stage.ids.length - 1]!;
        const before = stage.ids[stage.ids.length - 2]!;

        await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${last}/remove`);
        await ui.locator(`[data-email-id="${last}"]`).click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
        await h.page.keyboard.press('Escape');

        await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['emailId'])).toBe(String(before));
        expect(await ui.locator(`[data-email-id="${last}"]`).count()).toBe(0);
        await checkAxeAsync(ui, `a journey stage without its last email, ${theme}`);
      } finally {
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }
});
