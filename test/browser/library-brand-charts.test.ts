// A brand's insights charts as a screen reader reads them: a column chart's title said with its
// picture, not again beside it; and a chart with nothing counted (no service providers, senders or
// subject words in the library's answer) says so, rather than a title over nothing.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

describe.each(['light', 'dark'] as const)('Brands: a chart with nothing counted (%s)', (theme) => {
  it('says “None yet.” under its title (the title stood over nothing)', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    const stopAsync = await addRouteAsync(h.page, insights, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { technology: { esp_breakdown: unknown[] }; subject_line: { top_words: unknown[] }; senders: unknown[] } };
      body.data.technology.esp_breakdown = [];
      body.data.subject_line.top_words = [];
      body.data.senders = [];
      await route.fulfill({ response, json: body });
    });
    try {
      const ui = await openBrowseAsync(h, theme);
      await openBrandAsync(ui, brand.name);
      const charts = ui.getByRole('region', { name: 'Insights' });
      await charts.waitFor({ timeout: 10_000 });
      for (const title of ['Email service providers', 'Senders', 'Top words in subject lines']) {
        await expect.poll(() => textOf(charts.getByRole('figure', { name: title, exact: true })), { timeout: 10_000 }).toBe(`${title}None yet.`);
      }
      await checkAxeAsync(ui, `a brand's charts with nothing counted, ${theme}`);
    } finally {
      await stopAsync();
    }
  });
});

describe('Brands: a column chart’s title', () => {
  it('is read with the chart’s words, not once more beside them as its caption (a screen reader read each title three times)', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const ui = await openBrowseAsync(h);
    await openBrandAsync(ui, brand.name);
    for (const title of ['Sends by day of the week', 'Sends by hour of the day (UTC)']) {
      const picture = ui.getByRole('img', { name: title, exact: false });
      await picture.waitFor({ timeout: 10_000 });
      expect(await picture.getAttribute('aria-label')).toMatch(new RegExp(`^${title.replace(/[()]/g, '\\$&')}\\. `));
      // The figure holds the picture alone: its caption is not a second text read beside it.
      const figure = ui.getByRole('figure', { name: title, exact: true });
      expect(await figure.ariaSnapshot()).not.toContain(`- text: ${title}`);
    }
  });
});
