// Templates: Save as template swaps the form for Update template and Unlink; the keyboard goes to
// Update template, which took the pressed button's place. It went there after the window had drawn
// the change: for that moment the focus was on the page's body (a screen reader heard the
// document, and a key typed then went nowhere). Driven by the keyboard; a watch in the window
// notes where the focus is each time its content changes. (Unlink's way back:
// templates-unlink-focus-never-body.)
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { focusSeenAsync, watchFocusAsync } from './support/focus-watch';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

/** Where the focus is: the page body, or the focused control's words. */
const focusedAsync = (ui: Frame) =>
  ui.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body ? 'the page' : (active.getAttribute('aria-label') ?? active.textContent ?? '');
  });

describe('Templates: saving keeps the focus off the page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Save as template by keyboard: the focus goes to Update template, never through the page (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await selectLayerAsync(h.page, 'Emails', EMAIL);
      await expect.poll(() => ui.getByLabel('Template name').inputValue()).toBe(EMAIL);
      await ui.getByRole('button', { name: 'Save as template' }).focus();
      await watchFocusAsync(ui);

      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 30_000 }).toMatch(/^Saved “/);
      await expect.poll(() => focusedAsync(ui)).toBe('Update template');
      await checkAxeAsync(ui, `Templates saved by keyboard, ${theme}`);

      const seen = await focusSeenAsync(ui);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.filter((place) => place === 'the page')).toEqual([]);
    });
  }
});
