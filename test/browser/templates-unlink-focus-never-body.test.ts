// Templates: Unlink swaps Update template and Unlink for the "Save as template" form; the keyboard
// goes to the words saying the frame was unlinked. On its way there it passed through the page's
// body once (a screen reader heard the document, and a key typed then went nowhere). Driven by the
// keyboard; a watch in the window notes where the focus is each time its content changes (as
// templates-save-focus-never-body's does).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { demoEmailSavedAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { focusSeenAsync, watchFocusAsync } from './support/focus-watch';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

describe('Templates: unlinking keeps the focus off the page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Unlink by keyboard: the focus goes to the words saying so, never through the page (${theme})`, async () => {
      const { ui, section, result } = await demoEmailSavedAsync(h, theme);
      await section.getByRole('button', { name: 'Unlink' }).focus();
      await watchFocusAsync(ui);

      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(result), { timeout: 20_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      await section.getByRole('button', { name: 'Save as template' }).waitFor();
      await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('templates-save-result');
      await checkAxeAsync(ui, `Templates unlinked by keyboard, ${theme}`);

      const seen = await focusSeenAsync(ui);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.filter((place) => place === 'the page')).toEqual([]);
    });
  }
});
