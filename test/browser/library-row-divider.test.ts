// The line under an email's row on a brand's page and in a journey: the row's, under its Insert
// button too (it belonged to the row's button, and stopped short of Insert beside it).
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync, startingWith } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { useHarness } from './support/playground-harness';

const h = useHarness();

/**
 * Where the line under a row runs, and the row's own edges: the bottom borders drawn at the row's
 * bottom edge (the Insert button's own border sits higher, around it), joined.
 */
function dividerAndRow(row: Locator): Promise<{ row: [number, number]; line: [number, number] | null }> {
  return row.evaluate((item) => {
    const box = item.getBoundingClientRect();
    const spans = [item, ...item.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return style.borderBottomStyle !== 'none' && parseFloat(style.borderBottomWidth) > 0 && Math.abs(element.getBoundingClientRect().bottom - box.bottom) < 1;
      })
      .map((element) => element.getBoundingClientRect());
    const line: [number, number] | null = spans.length === 0 ? null : [Math.min(...spans.map((span) => span.left)), Math.max(...spans.map((span) => span.right))];
    return { row: [box.left, box.right] as [number, number], line };
  });
}

async function expectWholeRowDividersAsync(list: Locator): Promise<void> {
  const rows = list.getByRole('listitem');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(1);
  // The row holds its Insert button: the line has something to run under.
  expect(await rows.first().getByRole('button', { name: /^Insert “/ }).count()).toBe(1);
  for (const index of [0, 1]) {
    const { row, line } = await dividerAndRow(rows.nth(index));
    expect(line, `row ${index + 1}`).not.toBeNull();
    expect(Math.abs(line![0] - row[0]), `row ${index + 1}, left end`).toBeLessThan(1);
    expect(Math.abs(line![1] - row[1]), `row ${index + 1}, right end`).toBeLessThan(1);
  }
}

describe('Browse: the line under an email’s row', () => {
  it('runs the whole row, under Insert too, on a brand’s page', async () => {
    const [brand] = await firstBrandsAsync(h);
    const ui = await openBrowseAsync(h);
    await openBrandAsync(ui, brand!.name);
    await expectWholeRowDividersAsync(ui.getByRole('list', { name: `Emails from ${brand!.name}` }));
  });

  it('runs the whole row, under Insert too, in a journey', async () => {
    const { data: listed } = await readLibraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>(h.emulator.libraryUrl, '/v1/journeys?per_page=50');
    const { data } = await readLibraryAsync<{ data: { brand: { name: string } } }>(h.emulator.libraryUrl, `/v1/brands/${listed[0]!.brand_slug}?per_page=1`);
    const { data: journey } = await readLibraryAsync<{ data: { stages: Array<{ stage: string; emails: unknown[] }> } }>(h.emulator.libraryUrl, `/v1/journeys/${listed[0]!.brand_slug}?emails_per_stage=3`);
    const stage = journey.stages.find((each) => each.emails.length > 1)!;
    const ui = await openBrowseAsync(h);
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(data.brand.name) }).click();
    await expectWholeRowDividersAsync(ui.getByRole('list', { name: `${stage.stage} emails` }));
  });
});
