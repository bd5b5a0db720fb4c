// Likes name each email's brand by its slug alone, and only the library's top brands named them:
// in a library of thousands of brands, most liked emails' rows showed no brand. The demo library
// has 60 brands and its likes are all among the top 50, so the top list is shortened here to 3
// (the route gives `GET /v1/brands` a smaller page): the rest are found on their own pages.
import { describe, expect, it } from 'vitest';
import { openBrowseAsync, sectionButton } from './support/browse-steps';
import { useHarness } from './support/playground-harness';
import { shortPagesAsync } from './support/short-pages';

const h = useHarness();

describe('Browse › Me › Likes, brands past the top ones', () => {
  it('names the brand on every row, each brand asked for once', async () => {
    const ui = await openBrowseAsync(h);
    const stop = await shortPagesAsync(h.page, '/v1/brands', 3);
    const lookups: string[] = [];
    const note = (request: { method(): string; url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' && /^\/v1\/brands\/[^/]+$/.test(path)) lookups.push(path);
    };
    h.page.on('request', note);
    try {
      const me = ui.getByRole('region', { name: 'Me' });
      await sectionButton(ui, 'Me').click();
      await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Likes', exact: true }).click();
      const rows = me.getByRole('list', { name: 'Liked emails' }).getByRole('listitem');
      await rows.first().waitFor({ timeout: 20_000 });
      // Every row: "Brand · Captured …".
      await expect
        .poll(async () => (await rows.locator('.email-card-date').allTextContents()).filter((text) => !/^[^·]+ · Captured /.test(text)), { timeout: 20_000 })
        .toEqual([]);
      expect(lookups.length).toBeGreaterThan(0);
      expect(new Set(lookups).size).toBe(lookups.length);
    } finally {
      h.page.off('request', note);
      await stop();
    }
  });
});
