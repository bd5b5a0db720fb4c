// A component's changes open, the designer presses Check again (a teammate's edit is in) or Copy
// summary, the buttons under the changes: Escape then did nothing, the detail staying open, since
// only the detail itself heard it. "Escape or Back to the list returns" holds now from the buttons
// too, the keyboard staying on the button pressed, the list in sight with its filter.
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { changeFillAsync, linkToEmptyDesignSystemAsync, openRowDetailAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

/** The control with the keyboard, in words. */
const focused = (ui: Frame) => ui.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim() ?? ''}`);

describe('Escape from the buttons under an open component', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`goes back to the list, filter kept, the keyboard on the button pressed (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      await changeFillAsync(h, 'Header', '#ff2200');
      await changeFillAsync(h, 'Footer', '#ff2200');
      await ui.getByRole('button', { name: 'Check again' }).click();
      const fill = ui.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: 'fill 2' });
      await fill.click();
      await openRowDetailAsync(ui, 'Header');
      const detail = ui.getByTestId('sync-detail');

      // Check again, pressed from the keyboard while Header is open; then Escape.
      const check = ui.getByRole('button', { name: 'Check again' });
      await check.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
      expect(await focused(ui)).toBe('BUTTON: Check again');
      await h.page.keyboard.press('Escape');
      await expect.poll(() => detail.count()).toBe(0);
      await ui.getByRole('grid', { name: 'Components that differ' }).waitFor();
      expect(await fill.getAttribute('aria-pressed')).toBe('true');
      expect(await focused(ui)).toBe('BUTTON: Check again');
      await checkAxeAsync(ui, `the list after Escape from Check again, ${theme} theme`);

      // Copy summary, pressed while Footer is open; then Escape.
      await openRowDetailAsync(ui, 'Footer');
      await ui.getByRole('button', { name: 'Copy summary' }).click();
      await expect.poll(() => textOf(ui.getByTestId('sync-copy-message')), { timeout: 10_000 }).toMatch(/./);
      await h.page.keyboard.press('Escape');
      await expect.poll(() => detail.count()).toBe(0);
      expect(await focused(ui)).toBe('BUTTON: Copy summary');
    });
  }
});
