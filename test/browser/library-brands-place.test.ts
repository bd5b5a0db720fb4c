// The Brands list, come back to, shows where the designer had scrolled it to: after a brand's page
// (its Back, or Escape) and after another Browse section, as Search, Me and Journeys do. It came
// back at its top, the pressed row scrolled just into sight at the window's foot. The real
// dist/ui.html in the playground against the library emulator, driven by the wheel, roles and
// labels; the outcome checked where it lands (what the window shows).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { expectAboutAsync, inSight, wheelDownAsync } from './support/kept-place';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

/** Brands' top brands, the list scrolled down past its tenth row, at rest. */
async function scrolledBrandsAsync(ui: Frame) {
  await sectionButton(ui, 'Brands').click();
  const rows = ui.getByRole('list', { name: 'Top brands' }).getByRole('listitem');
  await rows.nth(20).waitFor({ timeout: 15_000 });
  const before = await wheelDownAsync(h.page, ui, rows, 10);
  return { rows, before };
}

describe('Brands: the list keeps its place', () => {
  it("back from a brand's page (its Back button, then Escape), the list shows the rows it showed, the row pressed with the keyboard", async () => {
    const ui = await openBrowseAsync(h);
    const { rows, before } = await scrolledBrandsAsync(ui);
    // A row in the middle of what the window shows, pressed with the pointer.
    const [name] = before[Math.floor(before.length / 2)]!;
    const row = rows.filter({ hasText: name }).getByRole('button');
    const brand = (await row.locator('.brand-row-name').textContent())!;
    await row.click();
    await ui.getByRole('heading', { level: 2, name: brand }).waitFor({ timeout: 20_000 });
    await ui.getByRole('navigation', { name: 'Brand' }).getByRole('button', { name: '← All brands' }).click();
    await expectAboutAsync(rows, before);
    await expect.poll(async () => focusedPlaceAsync(ui)).toBe(`row ${(await rows.allTextContents()).indexOf(name)} of Top brands`);
    // The keyboard's way: Enter on the row, Escape back.
    await h.page.keyboard.press('Enter');
    await ui.getByRole('heading', { level: 2, name: brand }).waitFor({ timeout: 20_000 });
    await h.page.keyboard.press('Escape');
    await expectAboutAsync(rows, before);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: after another section (Me), the list shows the rows it showed`, async () => {
      const ui = await openBrowseAsync(h, theme);
      const { rows, before } = await scrolledBrandsAsync(ui);
      await sectionButton(ui, 'Me').click();
      await ui.getByRole('region', { name: 'Me' }).waitFor();
      await sectionButton(ui, 'Brands').click();
      await rows.nth(20).waitFor({ timeout: 15_000 });
      await expectAboutAsync(rows, before);
      await checkAxeAsync(ui, `brands-place-${theme}`);
    });
  }

  it('a new search starts at its top', async () => {
    const ui = await openBrowseAsync(h);
    const { rows } = await scrolledBrandsAsync(ui);
    const search = ui.getByRole('searchbox', { name: 'Search brands' });
    await search.fill('a');
    const found = ui.getByRole('list', { name: 'Brands matching “a”' }).getByRole('listitem');
    await found.first().waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await inSight(found))[0]?.[0]).toBe(await found.first().textContent());
    expect(await rows.count()).toBe(0);
  });
});
