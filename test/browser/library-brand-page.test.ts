// A brand's page whose insights and next page of emails both failed: what it says, once, while
// its one Try again asks for both again. No real-time window: both are refused outright (a 503 is
// asked again by the client for seconds, which on a loaded machine ran into the checks' waits),
// and each key is pressed only once the control meant has the keyboard (effects run after the
// window draws: an Enter pressed before went to the page, or to the heading that took it after).
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { firstBrandsAsync, focusedPlaceAsync, focusedRow, openBrandAsync, openBrowseAsync, refusedAnswer } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

/** Which row of the list `label` has the keyboard in the plugin window (-1: none of them). */
const focusedRowHere = async (label: string) => focusedRow(await h.uiFrameAsync(), label);

describe('Brands: Try again after the insights and the next page of emails both failed', () => {
  it('does not say again at the top that the insights failed while it asks for them, and the keyboard goes on at the first new email (the insights’ notice came back above and took it)', async () => {
    const brand = (await firstBrandsAsync(h)).find((known) => known.email_count > 40)!;
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    const secondPage = (url: URL) => url.pathname === `/v1/brands/${brand.slug}` && url.searchParams.get('page') === '2';
    // Failing until the test lets them through; the insights asked again are held until it has looked.
    let failing = true;
    let letInsightsThrough: () => void = () => undefined;
    const insightsHeld = new Promise<void>((resolve) => (letInsightsThrough = resolve));
    const stopInsightsAsync = await addRouteAsync(h.page, insights, async (route: Route) => {
      if (failing) return route.fulfill(refusedAnswer);
      await insightsHeld;
      return route.fulfill({ response: await route.fetch() }).catch(() => undefined);
    });
    const stopSecondPageAsync = await addRouteAsync(h.page, secondPage, (route: Route) => (failing ? route.fulfill(refusedAnswer) : route.continue()));
    try {
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const article = ui.getByRole('article', { name: brand.name });
      const notices = article.getByTestId('library-problem');
      await expect.poll(() => textOf(notices), { timeout: 20_000 }).toMatch(/^Insights could not be loaded\./);
      // The brand's heading takes the keyboard once the brand shows: after that, not before, More.
      await expect.poll(() => focusedPlaceAsync(ui)).toBe(`H2 ${brand.name}`);
      await article.getByRole('button', { name: 'More emails' }).focus();
      await h.page.keyboard.press('Enter');
      const underEmails = article.getByRole('region', { name: 'Emails' }).getByTestId('library-problem');
      await expect.poll(() => textOf(underEmails.getByRole('alert')), { timeout: 10_000 }).toMatch(/The insights could not be loaded either\.$/);
      expect(await notices.count()).toBe(1);
      // More went with the failure: its notice's Try again takes the keyboard, once drawn.
      await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
      failing = false;
      await h.page.keyboard.press('Enter');
      const label = `Emails from ${brand.name}`;
      await expect.poll(() => article.getByRole('list', { name: label }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(40);
      // The insights are still being asked for: nothing says again that they failed.
      expect(await notices.count()).toBe(0);
      await expect.poll(() => focusedRowHere(label)).toBe(20);
      letInsightsThrough();
      await article.getByRole('region', { name: 'Insights' }).waitFor({ timeout: 10_000 });
    } finally {
      letInsightsThrough();
      await stopInsightsAsync();
      await stopSecondPageAsync();
    }
  });
});
