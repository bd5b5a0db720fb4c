// A brand's insights that failed alone, asked again from the keyboard: once they come, the
// keyboard goes on at them, not at the top of the page (the notice it was on went).
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { firstBrandsAsync, focusedPlaceAsync, openBrandAsync, openBrowseAsync, unavailableAnswer } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

describe('Brands: Try again on insights that could not be loaded', () => {
  it('goes on at the insights it brought', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    let failing = true;
    const stopInsightsAsync = await addRouteAsync(h.page, insights, async (route: Route) => (failing ? route.fulfill(unavailableAnswer) : route.continue()));
    try {
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const article = ui.getByRole('article', { name: brand.name });
      const notice = article.getByTestId('library-problem');
      await expect.poll(() => textOf(notice), { timeout: 20_000 }).toMatch(/^Insights could not be loaded\./);
      failing = false;
      await notice.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      await article.getByRole('region', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('H3 Insights');
    } finally {
      await stopInsightsAsync();
    }
  });
});
