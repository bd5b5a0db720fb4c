// The Sync list's row with the keyboard draws its focus ring inside the row (an inset shadow on
// `.sync-row-focus`, sync.css), the list keeping the keyboard for it (aria-activedescendant). The ring
// shows whole on a row in sight, in light and dark; a row the wheel scrolls partly under the list's
// top edge loses the ring's top side with the row's own top, its other sides still drawn. The
// focus-ring reader took an inset ring for none (it read outside the list, which draws no ring).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { focusRingSidesAsync } from './support/focus-ring';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('the Sync list’s row with the keyboard', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`draws its whole ring inside the row, and the sides the list’s edge leaves when the row is scrolled partly under it (${theme}; the inset ring was read as none)`, async () => {
      const page = await browser.newPage({ viewport: { width: 400, height: 600 }, colorScheme: theme });
      await page.addInitScript(installSyncStub, { count: 40 });
      await page.goto(UI_URL);
      const ui = page.mainFrame();
      const list = page.getByRole('grid', { name: 'Components that differ' });
      await list.waitFor();
      await list.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe('sync-row-2');
      expect(await focusRingSidesAsync(ui)).toEqual(['left', 'top', 'right', 'bottom']);
      await checkAxeAsync(ui, `the Sync list’s second row with the keyboard (${theme})`);

      // The wheel over the list scrolls the row half under its top edge; the keyboard stays on it.
      const row = page.locator('.sync-row-focus');
      const under = await row.evaluate((element) => element.getBoundingClientRect().top - element.closest('.sync-list')!.getBoundingClientRect().top - element.closest('.sync-list')!.clientTop + element.getBoundingClientRect().height / 2);
      const box = (await list.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, under);
      const cut = () =>
        row.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const list = element.closest('.sync-list')!;
          const edge = list.getBoundingClientRect().top + list.clientTop;
          return rect.top < edge && rect.bottom > edge + 1;
        });
      // The wheel's scroll is animated: on a loaded machine it outlasted the poll's default second.
      await expect.poll(cut, { timeout: 10_000 }).toBe(true);
      expect(await list.getAttribute('aria-activedescendant')).toBe('sync-row-2');
      expect(await focusRingSidesAsync(ui)).toEqual(['left', 'right', 'bottom']);
      await page.close();
    });
  }
});
