// The accessibility sweep, continued: a brand's page as a designer opens it, with its insights
// (every chart) and its emails, then a second page of them, under axe in both themes. The sweeps
// checked a brand without insights, never one with its charts drawn.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, checkKeyboardAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync, startingWith } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';

const h = useHarness();

describe.each(['light', 'dark'] as const)('a brand’s page, %s theme', (theme) => {
  it('is clean under axe with its insights’ charts and its emails, and after More', async () => {
    const { data: brands } = await readLibraryAsync<{ data: Array<{ name: string; email_count: number }> }>(h.emulator.libraryUrl, '/v1/brands?per_page=10');
    const brand = brands.find((known) => known.email_count > 40)!;
    expect(brand, 'a brand of more than 40 emails').toBeDefined();
    const ui = await openBrowseAsync(h, theme);
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand.name);
    await ui.getByRole('list', { name: `Brands matching “${brand.name}”` }).getByRole('button', { name: startingWith(brand.name) }).click();
    const page = ui.getByRole('article', { name: brand.name });
    const emails = page.getByRole('list', { name: `Emails from ${brand.name}` }).getByRole('listitem');
    await expect.poll(() => emails.count(), { timeout: 20_000 }).toBe(20);
    const insights = page.getByRole('region', { name: 'Insights' });
    await insights.waitFor({ timeout: 20_000 });
    // Every chart the insights draw, the sends over time among them (it needs the emails listed).
    await expect.poll(() => insights.getByRole('figure').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(9);
    await checkAxeAsync(ui, `a brand’s page with its insights and emails (${theme})`);
    await checkKeyboardAsync(h.page, ui, `a brand’s page (${theme})`);
    await page.getByRole('button', { name: 'More emails' }).click();
    await expect.poll(() => emails.count(), { timeout: 20_000 }).toBe(40);
    await checkAxeAsync(ui, `a brand’s page after More (${theme})`);
  });
});
