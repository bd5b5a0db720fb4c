// A brand's insights with nothing counted in a chart (no service providers, senders or subject
// words in the library's answer): each such chart says so, rather than a title over nothing.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { startHarnessAsync, textOf, type Harness } from './support/playground-harness';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

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
