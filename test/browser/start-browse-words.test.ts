// The welcome screen's Browse part promises only what Browse has: it said emails are searched "by
// brand, category and lifecycle stage", and Browse has no stage filter (a stage is a journey's, under
// Journeys). Each thing it names is found in Browse, reached by its own step, from the keyboard.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const screenTitle = (ui: Frame) => textOf(ui.getByRole('heading', { level: 1 }));

describe('the welcome screen’s Browse part', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`names only what Browse offers, and each is there once its step is taken (${theme})`, async () => {
      await h.openFirstVisitAsync(`?theme=${theme}&demo-keys=1&command=settings`);
      const ui = await h.uiFrameAsync();
      await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Settings');
      await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
      await expect.poll(() => screenTitle(ui)).toBe('Welcome to Envelope');
      const browse = ui.getByRole('region', { name: 'Browse email inspiration' });
      await expect
        .poll(() => textOf(browse.locator('p').first()), { timeout: 10_000 })
        .toBe('Search brand marketing emails by words, brand, category and date, follow a brand’s journey stage by stage, and bring references into this file.');
      await checkAxeAsync(ui, `the welcome screen, set up, ${theme}`);
      await browse.getByRole('button', { name: 'Start browsing' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => screenTitle(ui)).toBe('Browse');
      // Words, brand, category and date: the search and its three filters.
      for (const label of ['Search emails', 'Brand', 'Category', 'Captured since']) await expect.poll(() => ui.getByLabel(label, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
      // A brand's journey, stage by stage: Journeys, one brand's stages under their names.
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      const journeys = ui.getByRole('list', { name: 'Brands with a journey' });
      await journeys.getByRole('button').first().click({ timeout: 10_000 });
      await expect.poll(() => ui.getByRole('heading', { level: 2 }).filter({ hasText: ': journey' }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => ui.getByRole('region', { name: 'Journeys' }).getByRole('region').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    });
  }
});
