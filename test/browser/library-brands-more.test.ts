// Brands' list read 50 at a time with More, as Journeys' is: the demo library has about 60 brands,
// and "Top brands" ended at the 50th, with nothing said and no way to the rest. Driven by roles,
// labels and keys; what it lists is checked against what the emulator serves.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { focusedPlaceAsync, openBrowseAsync, sectionButton, startingWith } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { useHarness } from './support/playground-harness';

const h = useHarness();

/** The names of the top brands on the library's `page` of 50. */
async function topBrandNamesAsync(page: number): Promise<string[]> {
  const { data } = await readLibraryAsync<{ data: Array<{ name: string }> }>(h.emulator.libraryUrl, `/v1/brands?per_page=50&page=${page}`);
  return data.map((brand) => brand.name);
}

/** Whether every one of `names` has its row in `list`, once. */
const allListed = (ui: Frame, names: readonly string[]) => async () => {
  const list = ui.getByRole('list', { name: 'Top brands' });
  const counts = await Promise.all(names.map((name) => list.getByRole('button', { name: startingWith(name) }).count()));
  return counts.every((count) => count === 1);
};

describe.each(['light', 'dark'] as const)('Brands: the top brands past the first 50, %s theme', (theme) => {
  it('come with More, the keyboard on the first brand it brought, and are still listed after another section', async () => {
    const first = await topBrandNamesAsync(1);
    const rest = await topBrandNamesAsync(2);
    expect(first).toHaveLength(50);
    expect(rest.length, 'the demo library has more than 50 brands').toBeGreaterThan(0);
    const ui = await openBrowseAsync(h, theme);
    await sectionButton(ui, 'Brands').click();
    const brands = ui.getByRole('region', { name: 'Brands' });
    const rows = brands.getByRole('list', { name: 'Top brands' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(50);
    const more = brands.getByRole('button', { name: 'More', exact: true });
    // A way to the rest, under the list.
    await expect.poll(() => more.count()).toBe(1);
    await more.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(50 + rest.length);
    expect(await allListed(ui, [...first, ...rest])()).toBe(true);
    // The last page came: More goes, and the keyboard goes on at the first brand that page brought.
    await expect.poll(() => more.count()).toBe(0);
    await expect.poll(() => focusedPlaceAsync(ui)).toBe('row 50 of Top brands');
    expect(await ui.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(startingWith(rest[0]!));
    await checkAxeAsync(ui, `Brands, the top brands after More (${theme})`);
    // Another section and back: the pages read come back with the list.
    await sectionButton(ui, 'Me').click();
    await ui.getByRole('region', { name: 'Me' }).waitFor();
    await sectionButton(ui, 'Brands').click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(50 + rest.length);
    await expect.poll(allListed(ui, rest)).toBe(true);
  });
});
