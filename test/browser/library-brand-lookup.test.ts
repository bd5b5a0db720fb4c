// The brand filter's lookup failed: the note is said to a screen reader (a status), and a Try again
// asks for the same name without retyping it; the brand found then filters the emails. A part of a
// name: the status says how many brands are suggested, not the same advice at every name typed.
import type { Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { firstBrandsAsync, openBrowseAsync, unavailableAnswer } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { readLibraryAsync } from './support/library-read';

const h = useHarness();

describe('Browse: the brand filter when brands could not be looked up', () => {
  it('says so in a status and tries again on Try again', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    let failing = true;
    const lookups = (url: URL) => url.pathname === '/v1/brands' && url.searchParams.has('q');
    const stopAsync = await addRouteAsync(h.page, lookups, (route: Route) => (failing ? route.fulfill(unavailableAnswer) : route.continue()));
    const filtered: string[] = [];
    const watch = (request: Request) => void (new URL(request.url()).searchParams.get('brand') === brand.slug && filtered.push(request.url()));
    h.page.on('request', watch);
    try {
      const ui = await openBrowseAsync(h);
      const field = ui.getByRole('combobox', { name: 'Brand' });
      await field.fill(brand.name);
      const note = ui.getByRole('search').getByRole('status').filter({ hasText: 'Brands could not be looked up' });
      await expect.poll(() => textOf(note), { timeout: 10_000 }).toBe('Brands could not be looked up; showing all brands.');
      await checkAxeAsync(ui, 'Browse, brands could not be looked up');
      failing = false;
      await ui.getByRole('search').getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
      await expect.poll(() => filtered.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await ui.getByText('Brands could not be looked up').count()).toBe(0);
      expect(await field.inputValue()).toBe(brand.name);
    } finally {
      h.page.off('request', watch);
      await stopAsync();
    }
  });
});

describe('Browse: the brand filter’s status while a name is typed', () => {
  it('says how many brands are suggested, and nothing once the name is a brand’s', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const part = brand.name.slice(0, 3);
    const suggested = (await readLibraryAsync<{ data: unknown[] }>(h.emulator.libraryUrl, `/v1/brands?q=${encodeURIComponent(part)}&per_page=50`)).data.length;
    expect(suggested).toBeGreaterThan(0);
    const ui = await openBrowseAsync(h);
    const field = ui.getByRole('combobox', { name: 'Brand' });
    // The brand filter's status: the one in the search form.
    const status = ui.getByRole('search').getByRole('status');
    await field.fill(part);
    await expect.poll(() => textOf(status)).toBe(suggested === 1 ? '1 suggested brand.' : `${suggested} suggested brands.`);
    await field.fill(brand.name);
    await expect.poll(() => textOf(status)).toBe('');
  });
});
