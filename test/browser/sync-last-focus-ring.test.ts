// The Sync screen at 320 × 240, the keyboard at its end: "Recent syncs (1)" is the last control,
// scrolled to the bottom of the screen's box, and the box clipped the focus ring's bottom side
// (the list in the screen's height, what is under it ran past the screen and its margin).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { focusRingSidesAsync } from './support/focus-ring';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('the Sync screen’s last control in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows all four sides of the focus ring on “Recent syncs”, closed and open (${theme}; the bottom was cut off)`, async () => {
      const page = await browser.newPage({ viewport: { width: 320, height: 240 }, colorScheme: theme });
      await page.addInitScript(installSyncStub, { count: 40 });
      await page.goto(UI_URL);
      await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
      const ui = page.mainFrame();
      // From the buttons under the list, Tab goes on to the history, the screen scrolling to it.
      await page.getByRole('button', { name: 'Copy summary' }).focus();
      await page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('summary Recent syncs (1)');
      expect(await focusRingSidesAsync(ui)).toEqual(['left', 'top', 'right', 'bottom']);

      // Opened, it stays where it is, its ring whole.
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('details.sync-history').getAttribute('open')).toBe('');
      // The list is brought up by the toggle event, a task after the attribute: read the ring once it has.
      await expect
        .poll(() => page.locator('details.sync-history li').first().evaluate((entry) => entry.getBoundingClientRect().bottom <= entry.closest('main')!.getBoundingClientRect().bottom))
        .toBe(true);
      expect(await focusRingSidesAsync(ui)).toEqual(['left', 'top', 'right', 'bottom']);
      await checkAxeAsync(ui, `the history open at 320 × 240, ${theme}`);
      await page.close();
    });
  }
});
