// Templates in the smallest window (320 × 240), light and dark. Saving by keyboard: the button
// that takes the pressed one's place gets the keyboard; unlinking: the words saying so get it (on
// Save as template, a second Enter saved a new template: templates-unlink-enter-twice). Deleting from its row the template
// of the selected frame, which was just saved: the keyboard goes to the row that takes its place;
// the save section's "Saved …" goes (its template is gone) and used to pull the screen up to the
// older notice above it ("This frame was linked to …"), leaving the focused button out of sight.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { smallestWindowAsync } from './support/window-steps';
import { useHarness, textOf } from './support/playground-harness';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

/** The control with the keyboard, and whether all of it shows inside the scrolling screen. */
const focusedInSight = (ui: Frame) =>
  ui.evaluate(() => {
    const focused = document.activeElement!;
    const rect = focused.getBoundingClientRect();
    const view = focused.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    const whole = rect.height > 0 && rect.top >= Math.max(0, view.top) - 0.5 && rect.bottom <= Math.min(window.innerHeight, view.bottom) + 0.5;
    return `${focused.getAttribute('aria-label') ?? focused.textContent ?? ''}${whole ? '' : ' (out of sight)'}`;
  });

/** Whether all of the status line shows inside the scrolling screen. */
const resultInSight = (ui: Frame) =>
  ui.getByTestId('templates-save-result').evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const view = element.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    return rect.height > 0 && rect.top >= Math.max(0, view.top) - 0.5 && rect.bottom <= Math.min(window.innerHeight, view.bottom) + 0.5;
  });

describe('Templates in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`after Save by keyboard the button that took the pressed one’s place has the keyboard, after Unlink what was said has it, each in sight with what was said (it went to the section’s heading, scrolled away) (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await smallestWindowAsync(h.page, ui);
      await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
      await h.page.locator('[data-role="layers"] li[data-depth="0"]').filter({ hasText: EMAIL }).click();
      await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 10_000 }).toBe(EMAIL);
      await ui.getByRole('button', { name: 'Save as template' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 30_000 }).toMatch(/^Saved “/);
      await expect.poll(() => focusedInSight(ui), { timeout: 10_000 }).toBe('Update template');
      expect(await resultInSight(ui)).toBe(true);
      await checkAxeAsync(ui, `Templates in the smallest window after a save, ${theme}`);

      await h.page.keyboard.press('Tab');
      await expect.poll(() => focusedInSight(ui)).toBe('Unlink');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 20_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      await expect.poll(() => focusedInSight(ui), { timeout: 10_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      await checkAxeAsync(ui, `Templates in the smallest window after an unlink, ${theme}`);
      // Save as template is just above it.
      await h.page.keyboard.press('Shift+Tab');
      await expect.poll(() => focusedInSight(ui)).toBe('Save as template');
      expect(await resultInSight(ui)).toBe(true);
    });

    it(`deleting the selected frame’s template from its row keeps the keyboard’s place in sight (the screen jumped to the save section above) (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const list = ui.getByRole('list', { name: 'Templates in the workspace' });
      await list.waitFor({ timeout: 20_000 });
      await smallestWindowAsync(h.page, ui);
      await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
      await h.page.locator('[data-role="layers"] li[data-depth="0"]').filter({ hasText: EMAIL }).click();
      await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 10_000 }).toBe(EMAIL);
      await ui.getByRole('button', { name: 'Save as template' }).click();
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 30_000 }).toMatch(/^Saved “/);

      const row = list.getByRole('listitem').filter({ hasText: EMAIL });
      await row.getByRole('button', { name: `Delete “${EMAIL}”` }).click();
      await ui.getByRole('group', { name: `Delete “${EMAIL}”?` }).getByRole('button', { name: `Delete “${EMAIL}”` }).click();
      await ui.getByText(`This frame was linked to “${EMAIL}”, which was deleted; the link is removed.`).waitFor({ timeout: 20_000 });
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 10_000 }).toBe('');
      await expect.poll(() => focusedInSight(ui), { timeout: 10_000 }).toMatch(/^Open “/);
      expect(await focusedInSight(ui)).not.toContain('out of sight');
      await checkAxeAsync(ui, `Templates in the smallest window after a deletion, ${theme}`);
    });
  }
});
