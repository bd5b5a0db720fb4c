// Results (or a list in Me) every email of which was found removed while more were to come: they
// said "No emails left in these results: the library removed the one you opened", though the
// library had others, and nothing asked for them (the search loads on scroll, and no card was left
// to scroll to; Me's More went with the last row). Now the next ones come: the library's first
// page, read again (its pages moved up by the emails it removed). Pages are read one at a time
// here, so one removed email empties them.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';
import { shortPagesAsync } from './support/short-pages';

const h = useHarness();

/** Search results read this many at a time: more than the window shows, so the grid asks for no more by itself; fewer than a brand's page. */
const SEARCH_PAGE = 16;

type Listed = { data: Array<{ id: number; brand_slug: string }> };

/** The email, listed on its brand's page, removed by the library, then opened from there, found removed, and Back to the brand's page. */
async function openRemovedFromBrandPageAsync(ui: Awaited<ReturnType<typeof openBrowseAsync>>, id: number): Promise<void> {
  const row = ui.locator(`.brand-page [data-email-id="${id}"]`);
  await row.waitFor({ timeout: 10_000 });
  await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
  await row.click();
  await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
  await h.page.keyboard.press('Escape');
  await expect.poll(() => row.count()).toBe(0);
}

describe('Browse: a page of results all found removed, more to come', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`the search shows the next results, not "no emails left" (${theme})`, async () => {
      const stop = await shortPagesAsync(h.page, '/v1/emails', SEARCH_PAGE);
      try {
        const brand = (await firstBrandsAsync(h)).find((each) => each.email_count > 2 * SEARCH_PAGE + 20)!;
        const newestAsync = async () => (await readLibraryAsync<Listed>(h.emulator.libraryUrl, `/v1/emails?brand=${brand.slug}&per_page=${SEARCH_PAGE}`)).data.map((email) => email.id);
        const ui = await openBrowseAsync(h, theme);
        await ui.getByRole('search').getByLabel('Brand', { exact: true }).fill(brand.name);
        const cards = ui.getByRole('list', { name: 'Emails' }).locator('[data-result-id]');
        const shownIds = () => cards.evaluateAll((each) => each.map((card) => Number((card as HTMLElement).dataset['resultId'])));
        const first = await newestAsync();
        await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe(`${SEARCH_PAGE} emails so far; scroll for more.`);
        // (The grid draws the cards in sight.)
        const shownFirst = async () => {
          const shown = await shownIds();
          return shown.length > 0 && shown.every((id, index) => id === first[index]);
        };
        await expect.poll(shownFirst).toBe(true);

        // Each found removed in turn on the brand's page (Next from one to the next): they leave the results too.
        await openBrandAsync(ui, brand.name);
        await ui.locator(`.brand-page [data-email-id="${first[0]}"]`).waitFor({ timeout: 10_000 });
        for (const id of first) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
        await ui.locator(`.brand-page [data-email-id="${first[0]}"]`).click();
        for (const [index, id] of first.entries()) {
          await expect.poll(() => ui.locator(`.brand-page [data-email-id="${id}"]`).count(), { timeout: 10_000 }).toBe(0);
          if (index < first.length - 1) await ui.getByRole('button', { name: 'Next', exact: true }).click();
        }
        await h.page.keyboard.press('Escape');
        await sectionButton(ui, 'Emails').click();

        // The library's first results now show, with more to scroll to; no empty state.
        const next = await newestAsync();
        expect(next.some((id) => first.includes(id))).toBe(false);
        await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe(`${SEARCH_PAGE} emails so far; scroll for more.`);
        const shown = await shownIds();
        expect(shown.length).toBeGreaterThan(0);
        expect(shown).toEqual(next.slice(0, shown.length));
        expect(await ui.getByTestId('library-empty').count()).toBe(0);
        await checkAxeAsync(ui, `results read again after removed emails, ${theme}`);
      } finally {
        await stop();
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }

  it('Me’s newest from followed brands shows the next one, not "no emails left"', async () => {
    const stop = await shortPagesAsync(h.page, '/v1/me/follows/emails', 1);
    try {
      const ui = await openBrowseAsync(h);
      const key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
      const newest = (await readLibraryAsync<Listed>(h.emulator.libraryUrl, '/v1/me/follows/emails?per_page=2', key)).data;
      const [first, second] = newest as [Listed['data'][0], Listed['data'][0]];
      await sectionButton(ui, 'Me').click();
      const me = ui.getByRole('region', { name: 'Me' });
      const rows = me.getByRole('list', { name: 'Newest from followed brands' }).locator('[data-email-id]');
      const shownIds = () => rows.evaluateAll((each) => each.map((row) => Number((row as HTMLElement).dataset['emailId'])));
      await expect.poll(shownIds, { timeout: 10_000 }).toEqual([first.id]);

      // Found removed on its brand's page, opened from Me's followed brands: Me is there behind it.
      const followed = (await readLibraryAsync<{ data: Array<{ slug: string; name: string }> }>(h.emulator.libraryUrl, '/v1/me/follows', key)).data.find((brand) => brand.slug === first.brand_slug)!;
      await me.getByRole('list', { name: 'Followed brands' }).getByRole('button', { name: new RegExp(`^${followed.name}`) }).click();
      await openRemovedFromBrandPageAsync(ui, first.id);
      await ui.getByRole('button', { name: '← Back to Me' }).click();

      await expect.poll(shownIds, { timeout: 10_000 }).toEqual([second.id]);
      expect(await me.locator('.empty-state').count()).toBe(0);
      await expect.poll(() => me.getByRole('button', { name: 'More', exact: true }).count()).toBe(1);
      await checkAxeAsync(ui, 'Me read again after a removed email');
    } finally {
      await stop();
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
