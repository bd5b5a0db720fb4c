// A brand's page that could not be loaded at all, its insights having failed first: the one
// notice says the brand could not be loaded, not that the insights could not be loaded "either"
// on a page that shows nothing else. And a Try again pressed after the first load failed goes on at
// the brand's first email, as a journey's does (the heading took the keyboard, as on a first load),
// in sight once the insights above it have come.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { firstBrandsAsync, focusedPlaceAsync, focusSeen, openBrandAsync, openBrowseAsync, startingWith, unavailableAnswer } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { emulatorFaults } from './support/emulator-faults';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

describe('Brands: a brand whose emails and insights both failed', () => {
  it('says once that the brand could not be loaded, with one Try again that brings it', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    const emails = (url: URL) => url.pathname === `/v1/brands/${brand.slug}`;
    // The brand's emails are held until the insights have failed, then fail too.
    let failing = true;
    let letEmailsGo: () => void = () => undefined;
    const emailsHeld = new Promise<void>((resolve) => (letEmailsGo = resolve));
    const stopInsightsAsync = await addRouteAsync(h.page, insights, async (route: Route) => (failing ? route.fulfill(unavailableAnswer) : route.continue()));
    const stopEmailsAsync = await addRouteAsync(h.page, emails, async (route: Route) => {
      if (!failing) return route.continue();
      await emailsHeld;
      return route.fulfill(unavailableAnswer).catch(() => undefined);
    });
    try {
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const notices = ui.getByRole('article').getByTestId('library-problem');
      await expect.poll(() => textOf(notices), { timeout: 20_000 }).toMatch(/^Insights could not be loaded\./);
      letEmailsGo();
      await expect.poll(() => textOf(notices.getByRole('alert')), { timeout: 10_000 }).toBe('This brand could not be loaded. The library is unavailable right now. Try again in a little while.');
      expect(await notices.count()).toBe(1);
      failing = false;
      await notices.getByRole('button', { name: 'Try again' }).click();
      await ui.getByRole('article', { name: brand.name }).getByRole('region', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      expect(await notices.count()).toBe(0);
    } finally {
      letEmailsGo();
      await stopInsightsAsync();
      await stopEmailsAsync();
    }
  });
});

describe('Brands: Try again pressed after a brand’s page could not be loaded', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`goes on at the brand’s first email once it comes (${theme}; the heading took the keyboard)`, async () => {
      const brand = (await firstBrandsAsync(h))[0]!;
      const ui = await openBrowseAsync(h, theme);
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand.name);
      const row = ui.getByRole('list', { name: `Brands matching “${brand.name}”` }).getByRole('button', { name: startingWith(brand.name) });
      await row.waitFor({ timeout: 10_000 });
      // Every answer of the library from now on is no answer it can read (refused outright, not asked again).
      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 1, kinds: ['malformed'] });
      await row.press('Enter');
      const notice = ui.getByRole('article').getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 20_000 }).toMatch(/^This brand could not be loaded\./);
      await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
      await checkAxeAsync(ui, `a brand’s page that could not be loaded (${theme})`);
      await faults.clearAsync();
      await h.page.keyboard.press('Enter');
      const article = ui.getByRole('article', { name: brand.name });
      const label = `Emails from ${brand.name}`;
      await article.getByRole('list', { name: label }).getByRole('listitem').first().waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe(`row 0 of ${label}`);
      // In sight: the insights asked for again came above it after it was focused, and left it 800 px below the window's edge.
      await expect.poll(() => focusSeen(ui)).toMatch(/: in view$/);
      await checkAxeAsync(ui, `a brand’s page brought by Try again, its first email focused (${theme})`);
    });
  }
});
