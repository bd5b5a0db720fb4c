// The library refuses the check for an hour (a 429 whose wait is too long to sit through). Its words
// name the clock time once ("You can try again after 11:00, in about an hour."): they stay true
// while on screen, and an hour's countdown would only be noise. But Check again stayed usable all
// along: pressed before that time it could only be refused again, and it put "couldn’t check" in
// place of the removed email the library had answered for. Nothing said when the wait was over.
import type { Frame, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';
import { librarySlowDownFor } from './support/library-slow-down';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  await h.context.clock.install();
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

const summary = (ui: Frame) => ui.getByTestId('references-summary');
const checkAgain = (ui: Frame) => ui.getByRole('button', { name: 'Check again' });
const waitOver = (ui: Frame) => ui.getByRole('status').filter({ hasText: 'You can try again now.' });

describe('References: the library refuses the check for an hour', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps what it answered, holds Check again until the time it names, then says it works again (${theme}, clean under axe)`, async () => {
      const ui = await checkedWithOneRemovedAsync(h, ids, theme);
      // Later (past the minute answers are reused for), the library refuses the second email for an hour,
      // once the other two are answered.
      const asked: string[] = [];
      let refuse!: () => void;
      const othersAnswered = new Promise<void>((resolve) => (refuse = resolve));
      const stopRoute = await addRouteAsync(
        h.page,
        (url) => url.origin === new URL(h.emulator.libraryUrl).origin && /^\/v1\/emails\/\d+$/.test(url.pathname),
        async (route: Route) => {
          asked.push(route.request().url());
          if (!route.request().url().endsWith(`/v1/emails/${ids[1]!}`)) return route.continue().catch(() => undefined);
          await othersAnswered;
          return route.fulfill(librarySlowDownFor(3600));
        },
      );
      try {
        await h.context.clock.fastForward(61_000);
        await checkAgain(ui).click();
        await expect.poll(() => textOf(ui.getByTestId('references-progress')), { timeout: 30_000 }).toMatch(/2 of 3/);
        refuse();
        await expect
          .poll(() => textOf(summary(ui)), { timeout: 30_000 })
          .toMatch(/^4 references to 3 emails; 1 removed from the library\. Couldn’t check 1 email: The library asks us to slow down for a while\. You can try again after (?:[A-Z][a-z]+day )?\d\d:\d\d, in about an hour\. It is not counted as removed\.$/);
        const said = await textOf(summary(ui));
        // Held, with why: the summary describes it.
        expect(await checkAgain(ui).getAttribute('aria-disabled')).toBe('true');
        expect(await checkAgain(ui).getAttribute('aria-describedby')).toBe('references-summary');
        await checkAxeAsync(ui, `references refused for an hour, ${theme}`);
        // Pressed anyway, it asks nothing and keeps the list of what to remove.
        const before = asked.length;
        await checkAgain(ui).click({ force: true });
        await checkAgain(ui).focus();
        await h.page.keyboard.press('Enter');
        await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(asked.length).toBe(before);
        expect(await textOf(summary(ui))).toBe(said);
        expect(await ui.getByRole('button', { name: 'Remove 2 references' }).count()).toBe(1);
        expect(await waitOver(ui).count()).toBe(0);

        // Not before the time: a minute short of it, still held.
        await h.context.clock.fastForward(3_540_000);
        expect(await checkAgain(ui).getAttribute('aria-disabled')).toBe('true');
        await h.context.clock.fastForward(61_000);
        await expect.poll(() => waitOver(ui).count(), { timeout: 10_000 }).toBe(1);
        expect(await checkAgain(ui).getAttribute('aria-disabled')).toBeNull();
        expect(await checkAgain(ui).getAttribute('aria-describedby')).toBeNull();
        await checkAxeAsync(ui, `references: the hour is over, ${theme}`);
      } finally {
        refuse();
        await stopRoute();
      }
      // The library answers again: Check again checks them all.
      await checkAgain(ui).click();
      await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
      expect(await waitOver(ui).count()).toBe(0);
    }, 120_000);
  }
});
