// Templates: "Unlink the frame" beside an update's failure (its template deleted, or another
// workspace's). The failure goes as the unlink starts, and the button pressed with it: the keyboard
// fell to the page's body (a screen reader heard the document, and a key typed then went nowhere).
// Driven by the keyboard; a watch in the window notes where the focus is each time its content
// changes (as templates-unlink-focus-never-body's does).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, changeFrameFillAsync, demoEmailSavedAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { focusSeenAsync, watchFocusAsync } from './support/focus-watch';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

/** The frame's fill changed in the playground, so that Update template has something to send. */

describe('Templates: unlinking from a failure keeps the focus off the page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Unlink the frame by keyboard: the focus goes to the words saying so, never through the page (${theme})`, async () => {
      const { ui, section, result } = await demoEmailSavedAsync(h, theme);
      // Deleted by another client: the update finds no such template, and offers to unlink the frame.
      const saved = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates')).data.find((template) => template.name === EMAIL)!;
      expect((await builderAsync(h, `/templates/${saved.id}`, 'DELETE')).status).toBe(204);
      await changeFrameFillAsync(h.page, '#e0f0ff');
      await section.getByRole('button', { name: 'Update template' }).click();
      await expect.poll(() => textOf(section.getByRole('alert')), { timeout: 30_000 }).toMatch(/^The builder finds no template/);
      await checkAxeAsync(ui, `Templates, an update finding no template, ${theme}`);
      await section.getByRole('button', { name: 'Unlink the frame' }).focus();
      await watchFocusAsync(ui);

      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(result), { timeout: 20_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      await section.getByRole('button', { name: 'Save as template' }).waitFor();
      await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('templates-save-result');
      await checkAxeAsync(ui, `Templates unlinked from a failure by keyboard, ${theme}`);

      const seen = await focusSeenAsync(ui);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.filter((place) => place === 'the page')).toEqual([]);
    });
  }
});
