// Lists read page by page after emails they showed were found removed. The library's later pages
// move up by as many, so the next page, asked for by its number as if nothing had gone, started
// that many emails too late: those were never shown (a brand's list, Me's, the search's results).
// Now the page asked for is the one the next unseen email sits on, its repeats dropped. And a list
// of Me read again after removals that came back empty said "No liked emails yet.", as if the
// person had never liked one: now it says the library removed them.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrandAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';
import { shortPagesAsync } from './support/short-pages';

const h = useHarness();

/** A brand's emails read this many at a time: a few presses of More reach the end. */
const BRAND_PAGE = 4;
/** Search results read this many at a time: more than the window shows, so the grid asks for no more until scrolled. */
const SEARCH_PAGE = 16;

type Emails = Array<{ id: number }>;
type Brands = { data: Array<{ name: string; slug: string; email_count: number }> };

/** Every email of a brand the library lists now, in its order (read 50 at a time). */
async function brandEmailsAsync(slug: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; (page - 1) * 50 < count; page += 1) {
    ids.push(...(await readLibraryAsync<{ data: Emails }>(h.emulator.libraryUrl, `/v1/emails?brand=${slug}&per_page=50&page=${page}`)).data.map((email) => email.id));
  }
  return ids;
}

const idsOf = (rows: Locator) => rows.evaluateAll((each) => each.map((row) => Number((row as HTMLElement).dataset['emailId'])));

/** Each email (its row in `rows`, removed by the library already) opened and found removed, and back: its row leaves. */
async function findRemovedAsync(ui: Frame, rows: Locator, ids: number[]): Promise<void> {
  for (const id of ids) {
    const row = rows.and(ui.locator(`[data-email-id="${id}"]`));
    await row.click();
    await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
    await h.page.keyboard.press('Escape');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  }
}

/** More pressed until no more are to come (each press once its page is in). */
async function moreUntilDoneAsync(more: Locator): Promise<void> {
  for (let presses = 0; presses < 30; presses += 1) {
    await expect.poll(async () => (await more.count()) === 0 || (await more.getAttribute('aria-busy')) === null, { timeout: 10_000 }).toBe(true);
    if ((await more.count()) === 0) return;
    await more.click();
  }
  throw new Error('More never ran out');
}

describe('Browse: paging on after emails shown were found removed', () => {
  it('a brand’s page shows every email the library has left, each once', async () => {
    const brands = (await readLibraryAsync<Brands>(h.emulator.libraryUrl, '/v1/brands?per_page=50')).data;
    const brand = brands.filter((each) => each.email_count > 3 * BRAND_PAGE && each.email_count <= 50).sort((a, b) => a.email_count - b.email_count)[0]!;
    const stop = await shortPagesAsync(h.page, `/v1/brands/${brand.slug}`, BRAND_PAGE);
    try {
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const rows = ui.locator('.brand-page [data-email-id]');
      const firstPage = (await readLibraryAsync<{ data: { emails: Emails } }>(h.emulator.libraryUrl, `/v1/brands/${brand.slug}?per_page=${BRAND_PAGE}`)).data.emails.map((email) => email.id);
      await expect.poll(() => idsOf(rows), { timeout: 10_000 }).toEqual(firstPage);

      // Two of the first page removed by the library, and found so (opened, then back).
      const removed = [firstPage[1]!, firstPage[2]!];
      for (const id of removed) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      await findRemovedAsync(ui, rows, removed);

      await moreUntilDoneAsync(ui.getByRole('button', { name: 'More emails' }));
      const left = (await readLibraryAsync<{ data: { emails: Emails } }>(h.emulator.libraryUrl, `/v1/brands/${brand.slug}?per_page=50`)).data.emails.map((email) => email.id);
      expect(left.some((id) => removed.includes(id))).toBe(false);
      expect(await idsOf(rows)).toEqual(left);
    } finally {
      await stop();
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });

  it('the search, scrolled on, shows every email the library has left, each once', async () => {
    const brands = (await readLibraryAsync<Brands>(h.emulator.libraryUrl, '/v1/brands?per_page=50')).data;
    const brand = brands.filter((each) => each.email_count > 2 * SEARCH_PAGE).sort((a, b) => a.email_count - b.email_count)[0]!;
    const stop = await shortPagesAsync(h.page, '/v1/emails', SEARCH_PAGE);
    try {
      const ui = await openBrowseAsync(h);
      await ui.getByRole('search').getByLabel('Brand', { exact: true }).fill(brand.name);
      const grid = ui.getByRole('list', { name: 'Emails' });
      const cards = grid.locator('[data-result-id]');
      const firstPage = (await brandEmailsAsync(brand.slug, brand.email_count)).slice(0, SEARCH_PAGE);
      await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe(`${SEARCH_PAGE} emails so far; scroll for more.`);
      await grid.locator(`[data-result-id="${firstPage[0]}"]`).waitFor({ timeout: 10_000 });

      // Three of the first page removed by the library, and found so (opened, then back).
      const removed = [firstPage[1]!, firstPage[2]!, firstPage[3]!];
      for (const id of removed) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      for (const id of removed) {
        const card = grid.locator(`[data-result-id="${id}"]`);
        await card.click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
        await h.page.keyboard.press('Escape');
        await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
      }

      // Scrolled to the end (the grid draws the cards in sight: each one drawn on the way is noted).
      const left = await brandEmailsAsync(brand.slug, brand.email_count);
      const drawn = new Set<number>();
      const scroller = ui.getByTestId('email-grid');
      const noteDrawnAsync = async () => {
        for (const id of await cards.evaluateAll((each) => each.map((card) => Number((card as HTMLElement).dataset['resultId'])))) drawn.add(id);
      };
      await cards.first().hover();
      await expect
        .poll(
          async () => {
            await noteDrawnAsync();
            await h.page.mouse.wheel(0, 400);
            return textOf(ui.getByTestId('library-status'));
          },
          { timeout: 30_000 },
        )
        .toBe(`${left.length} emails.`);
      // Then on to the grid's last row: on a loaded machine the last page came in while the rows
      // it brought were still further down than the grid draws (CI: the last five never noted).
      await expect
        .poll(
          async () => {
            await noteDrawnAsync();
            if (await scroller.evaluate((box) => box.scrollTop + box.clientHeight >= box.scrollHeight - 1)) return true;
            await h.page.mouse.wheel(0, 400);
            return false;
          },
          { timeout: 30_000, message: 'the grid scrolled to its end' },
        )
        .toBe(true);
      expect(removed.some((id) => left.includes(id))).toBe(false);
      expect([...drawn].sort()).toEqual([...left].sort());
    } finally {
      await stop();
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`Me’s likes, read again after removals and found empty, say the library removed them (${theme})`, async () => {
      const stop = await shortPagesAsync(h.page, '/v1/me/likes', 1);
      try {
        const key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
        const liked = (await readLibraryAsync<{ data: Emails }>(h.emulator.libraryUrl, '/v1/me/likes?per_page=50', key)).data.map((email) => email.id);
        expect(liked.length).toBeGreaterThan(1);
        const first = (await readLibraryAsync<{ data: { subject_line: string; title: string; brand: { name: string } } }>(h.emulator.libraryUrl, `/v1/emails/${liked[0]}`)).data;
        const ui = await openBrowseAsync(h, theme);
        // The first liked email found in the search (found removed there later: not from Me's list, whose last row opened would read on itself).
        await ui.getByRole('search').getByLabel('Brand', { exact: true }).fill(first.brand.name);
        await ui.getByLabel('Search emails').fill(`${first.subject_line} ${first.title}`);
        const card = ui.getByRole('list', { name: 'Emails' }).locator(`[data-result-id="${liked[0]}"]`);
        await card.waitFor({ timeout: 10_000 });

        await sectionButton(ui, 'Me').click();
        const me = ui.getByRole('region', { name: 'Me' });
        await me.getByRole('button', { name: 'Likes', exact: true }).click();
        const rows = me.getByRole('list', { name: 'Liked emails' }).locator('[data-email-id]');
        await expect.poll(() => idsOf(rows), { timeout: 10_000 }).toEqual([liked[0]]);

        // Every liked email removed by the library; the one Me shows found so in the search: Me reads its likes again, and none are left.
        for (const id of liked) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
        await sectionButton(ui, 'Emails').click();
        await card.click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
        await h.page.keyboard.press('Escape');
        await sectionButton(ui, 'Me').click();
        await expect.poll(() => textOf(me.locator('.empty-state')), { timeout: 10_000 }).toBe('No liked emails left: the library removed the emails you liked.');
        expect(await rows.count()).toBe(0);
        await checkAxeAsync(ui, `Me's likes all removed, ${theme}`);
      } finally {
        await stop();
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }
});
