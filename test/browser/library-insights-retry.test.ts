// A brand's insights that failed alone, asked again from the keyboard: once they come, the
// keyboard goes on at them, not at the top of the page (the notice it was on went).
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, textOf, type Harness } from './support/playground-harness';
import { focusedPlaceAsync, startingWith } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

const unavailable = { status: 503, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'unavailable', message: 'Not now' } }) };

describe('Brands: Try again on insights that could not be loaded', () => {
  it('goes on at the insights it brought', async () => {
    const { data: brands } = await readLibraryAsync<{ data: Array<{ name: string; slug: string }> }>(h.emulator.libraryUrl, '/v1/brands?per_page=10');
    const brand = brands[0]!;
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    let failing = true;
    await h.page.route(insights, async (route: Route) => (failing ? route.fulfill(unavailable) : route.continue()));
    try {
      await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand.name);
      await ui.getByRole('list', { name: `Brands matching “${brand.name}”` }).getByRole('button', { name: startingWith(brand.name) }).click();
      const article = ui.getByRole('article', { name: brand.name });
      const notice = article.getByTestId('library-problem');
      await expect.poll(() => textOf(notice), { timeout: 20_000 }).toMatch(/^Insights could not be loaded\./);
      failing = false;
      await notice.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      await article.getByRole('region', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('H3 Insights');
    } finally {
      await h.page.unroute(insights);
    }
  });
});
