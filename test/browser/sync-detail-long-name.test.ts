// A component's detail in the smallest window (320 × 240), its name long and without spaces
// ("Components/Buttons/…"): the heading wraps within the window. It ran past the window's edge,
// cut, and the screen scrolled sideways.
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

const NAME = 'Components/Email/Header/PromotionalBannerWithLogoAndNavigation/DarkMode';

describe('a long name without spaces in the detail', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`wraps within the smallest window, nothing cut or scrolled sideways (${theme})`, async () => {
      const page = await browser.newPage({ viewport: { width: 320, height: 240 } });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript(installSyncStub, { count: 2, kinds: ['local-change'], names: [NAME] });
      await page.goto(UI_URL);
      const grid = page.getByRole('grid', { name: 'Components that differ' });
      await grid.focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name: `${NAME} 0` });
      await heading.waitFor();
      const fits = await heading.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const screen = element.closest('main')!;
        return { whole: element.scrollWidth <= element.clientWidth, inWindow: box.left >= 0 && box.right <= innerWidth, sideways: screen.scrollWidth > screen.clientWidth };
      });
      expect(fits).toEqual({ whole: true, inWindow: true, sideways: false });
      expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
      await page.close();
    });
  }
});
