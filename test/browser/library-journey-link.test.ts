// A journey's page names where it comes from: its own public page in the library, as an email's
// and a brand's page do. The real dist/ui.html in the playground against the library emulator,
// driven by roles and labels; the link checked against the library's own answer.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

describe('Journeys: a journey’s page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`links to the journey’s page in the library and says how many stages it has (${theme}; it had no link)`, async () => {
      const first = (await readLibraryAsync<{ data: Array<{ brand_slug: string }> }>(h.emulator.libraryUrl, '/v1/journeys?per_page=1')).data[0]!;
      const journey = (await readLibraryAsync<{ data: { url: string; stages: unknown[] } }>(h.emulator.libraryUrl, `/v1/journeys/${first.brand_slug}?emails_per_stage=3`)).data;
      const ui = await openBrowseAsync(h, theme);
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toMatch(/: journey$/);
      const link = ui.getByRole('link', { name: 'Its page in the library' });
      await link.waitFor({ timeout: 10_000 });
      expect(await link.getAttribute('href')).toBe(journey.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      await expect.poll(() => textOf(ui.locator('p', { has: link })), { timeout: 10_000 }).toBe(`${journey.stages.length} stages · Its page in the library`);
      await checkAxeAsync(ui, `a journey’s page, ${theme}`);
    });
  }
});
