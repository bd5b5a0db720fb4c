// Templates: Enter pressed on Unlink, then again (or the key held, repeating). The Unlink button
// gives way to the "Save as template" form, and the focus went to its Save button: the second
// Enter saved the frame as a new template nobody asked for. Now the keyboard lands on the words
// saying the frame was unlinked, where Enter does nothing; the builder keeps its templates.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textNowAsync, textOf } from './support/playground-harness';
import { builderAsync, demoEmailSavedAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

const templateCountAsync = async () => (await builderAsync(h, '/templates')).meta.total;

describe('Templates: Enter pressed twice on Unlink', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`unlinks the frame and saves no new template; the keyboard is on the words saying so (${theme})`, async () => {
      // The email frame, saved as a template: linked.
      const { ui, section, result } = await demoEmailSavedAsync(h, theme);
      const before = await templateCountAsync();

      // Unlink, from the keyboard.
      await section.getByRole('button', { name: 'Unlink' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(result), { timeout: 20_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      await section.getByRole('button', { name: 'Save as template' }).waitFor();
      // The keyboard has gone somewhere (not left on the page) before Enter is pressed again.
      await expect.poll(() => ui.evaluate(() => document.activeElement !== document.body)).toBe(true);

      // Enter again, and once more as a held key repeats it.
      await h.page.keyboard.press('Enter');
      await h.page.keyboard.down('Enter');
      await h.page.keyboard.down('Enter');
      await h.page.keyboard.up('Enter');
      // Nothing was started (a save would show its button busy at once) and the words stand.
      expect(await section.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await textNowAsync(result)).toBe(`“${EMAIL}” is no longer linked to a template.`);
      expect(await templateCountAsync()).toBe(before);
      // The keyboard is on those words (Shift+Tab reaches Save as template just above).
      expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('templates-save-result');
      await checkAxeAsync(ui, `Templates, frame unlinked from the keyboard, ${theme}`);
    });
  }
});
