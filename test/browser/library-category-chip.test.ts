// An email's category chip ("Show Food emails") goes back to the search filtered by it: the chip
// goes with the email, so the keyboard goes on at the filter it set, not from the top of the page.
// It searches that category alone: the other filters are cleared, and the fields show it.
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import type { Request } from 'playwright-core';
import { firstBrandsAsync, openBrowseAsync } from './support/browse-steps';

const h = useHarness();

describe('Browse: an email’s category chip', () => {
  it('shows the search filtered by the category, the keyboard on the category it set', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
    const chip = ui.getByRole('article').getByRole('button', { name: /^Show .+ emails$/ }).first();
    await chip.waitFor({ timeout: 20_000 });
    const category = (await chip.textContent())!.trim();
    await chip.focus();
    await h.page.keyboard.press('Enter');
    const filter = ui.getByRole('combobox', { name: 'Category' });
    await expect.poll(() => filter.inputValue(), { timeout: 10_000 }).toBe(category);
    // Where the keyboard is: the page, before (the chip went with the email).
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id || document.activeElement?.tagName), { timeout: 10_000 }).toBe('library-category');
  });

  it('searches that category alone: the words, brand and date typed before are cleared from their fields, and the library is asked for the category only', async () => {
    const brand = (await firstBrandsAsync(h)).find((known) => known.email_count > 0)!;
    const ui = await openBrowseAsync(h);
    const text = ui.getByRole('searchbox', { name: 'Search emails' });
    const brandField = ui.getByRole('combobox', { name: 'Brand' });
    const since = ui.getByLabel('Captured since');
    await text.fill(brand.name);
    await brandField.fill(brand.name);
    await since.fill('2000-01-01');
    const searches: URL[] = [];
    const watch = (request: Request) => void (new URL(request.url()).pathname === '/v1/emails' && searches.push(new URL(request.url())));
    h.page.on('request', watch);
    try {
      // The search the three filters make: its results are what the email is opened from.
      await expect.poll(() => searches.some((url) => url.searchParams.get('brand') === brand.slug && url.searchParams.has('q') && url.searchParams.has('since'))).toBe(true);
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
      const chip = ui.getByRole('article').getByRole('button', { name: /^Show .+ emails$/ }).first();
      await chip.waitFor({ timeout: 20_000 });
      const category = (await chip.textContent())!.trim();
      searches.length = 0;
      await chip.click();
      await expect.poll(() => ui.getByRole('combobox', { name: 'Category' }).inputValue()).toBe(category);
      expect([await text.inputValue(), await brandField.inputValue(), await since.inputValue()]).toEqual(['', '', '']);
      // What the results are for: the category, nothing else.
      await expect.poll(() => [...new Set(searches.map((url) => [...url.searchParams.keys()].filter((name) => name !== 'page' && name !== 'per_page').sort().join(' ')))]).toEqual(['category']);
    } finally {
      h.page.off('request', watch);
    }
  });
});
