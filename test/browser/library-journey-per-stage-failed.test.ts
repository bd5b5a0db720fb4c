// A journey's emails per stage changed, and the library could not answer for the new number: the
// stages on show (and what Insert journey as board places) are still the earlier number's, while
// the picker shows the new one. The notice said only "The library is unavailable right now…", so
// a designer inserting the board got 5 emails a stage having chosen 7. It now says which show.
// The real dist/ui.html in the playground against the emulator, driven by labels and roles.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync, sectionButton, unavailableAnswer } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe.each(['light', 'dark'] as const)('A journey’s other number of emails per stage that could not be loaded (%s)', (theme) => {
  it('says the stages shown are the earlier number’s, keeps the number chosen, and Try again brings it', async () => {
    let failing = false;
    const journey = (url: URL) => url.pathname.startsWith('/v1/journeys/');
    const stopAsync = await addRouteAsync(h.page, journey, async (route: Route) => {
      if (failing) return route.fulfill(unavailableAnswer).catch(() => undefined);
      return route.fetch().then((response) => route.fulfill({ response }), () => route.abort()).catch(() => undefined);
    });
    try {
      const ui = await openBrowseAsync(h, theme);
      await sectionButton(ui, 'Journeys').click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click({ timeout: 15_000 });
      const perStage = ui.getByLabel('Emails per stage');
      await perStage.selectOption('5');
      const firstStage = ui.getByRole('region', { name: 'Journeys' }).locator('section h3').first();
      await expect.poll(() => textOf(firstStage), { timeout: 10_000 }).toMatch(/\(5 of \d+ emails\)$/);

      failing = true;
      await perStage.selectOption('7');
      const notice = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toBe('Showing 5 emails per stage: 7 per stage could not be loaded. The library is unavailable right now. Try again in a little while.');
      expect(await perStage.inputValue()).toBe('7');
      expect(await textOf(firstStage)).toMatch(/\(5 of \d+ emails\)$/);
      await checkAxeAsync(ui, `a journey's other number per stage not loaded, ${theme}`);

      failing = false;
      await notice.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => textOf(firstStage), { timeout: 10_000 }).toMatch(/\(7 of \d+ emails\)$/);
      expect(await notice.count()).toBe(0);
    } finally {
      await stopAsync();
    }
  });
});
