// Browse with no library address saved in Settings (the built-in one is a stand-in no library
// answers at): it says the address is missing and opens Settings on the address field, rather
// than blaming the designer's internet connection. The real dist/ui.html in the playground against the library
// emulator, by roles and labels; what went out read from the page's requests.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse without a library address', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the address is missing and leads to the address field in Settings, where saving one shows the library (${theme})`, async () => {
      const asked: string[] = [];
      const watch = (request: Request) => void (request.url().includes('/v1/') && asked.push(request.url()));
      h.page.on('request', watch);
      try {
        // A first visit: the previous test saved an address, and a fresh page that still read it would ask the library before its reset.
        await h.openFirstVisitAsync(`?command=browse&theme=${theme}`);
        const ui = await h.uiFrameAsync();
        const alert = ui.getByTestId('library-problem').getByRole('alert');
        await expect.poll(() => textOf(alert), { timeout: 20_000 }).toBe('The email library’s address is missing: enter it in Settings.');
        expect(await ui.getByText(/internet connection|could not reach/).count()).toBe(0);
        await checkAxeAsync(ui, `Browse without a library address, ${theme}`);
        // Nothing asked of an address that is not there.
        expect(asked).toEqual([]);

        await ui.getByRole('button', { name: 'Open Settings' }).click();
        // Settings opens on the library's address (its section is below the builder's, out of
        // sight), not on its key, with the stand-in selected: what is typed next is the address, and Enter saves it.
        const address = ui.getByTestId('settings-library-base-url');
        await expect.poll(() => address.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
        const box = await address.evaluate((element) => element.getBoundingClientRect().toJSON() as { top: number; bottom: number });
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(await ui.evaluate(() => window.innerHeight));
        await h.page.keyboard.type(h.emulator.libraryUrl);
        expect(await address.inputValue()).toBe(h.emulator.libraryUrl);
        await h.page.keyboard.press('Enter');
        await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toContain('address saved');
        await ui.getByTestId('nav-browse').click();
        await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
        expect(await ui.getByTestId('library-problem').count()).toBe(0);
      } finally {
        h.page.off('request', watch);
      }
    });
  }
});
