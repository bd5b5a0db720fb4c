// Templates: after a deletion the keyboard goes on at the row that took the deleted one's place,
// whatever order the window's paints and the builder's answers come in. Here the list, read again
// on coming back to the tab, answers while the deletion is on its way, and the window's clock stands
// still from there, as a busy or hidden window's can: the list it draws has not finished (its effects
// wait for the paint) when the deletion's answer comes. The sandbox's side needs running timers
// until the first answer is on its way, so the clock is stopped only then.
import { describe, expect, it } from 'vitest';
import { openPlaygroundWithClockAsync, pauseClockAtAsync, pluginWindowAsync, secondAheadAsync } from './support/clocked-window';
import { useHarness } from './support/playground-harness';
import { focusedTemplatePlaceAsync } from './support/templates-steps';

const h = useHarness();

/** Resolves when `release` is called. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe('Templates: the keyboard after a deletion', () => {
  it('goes on at the row that took its place also when the window had not finished drawing the list read just before', async () => {
    const { context, page } = await openPlaygroundWithClockAsync(h, '?command=templates&theme=light&demo-keys=1');
    try {
      const ui = await pluginWindowAsync(page);
      const rows = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(2);
      const names = await rows.locator('button[aria-label^="Open “"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!.slice('Open “'.length, -1)));

      // From here, the list's next read and the deletion are held until let through.
      const listAnswer = gate();
      const deletionAnswer = gate();
      let listAsked = false;
      let deletionAsked = false;
      await page.route(
        (url) => url.pathname === '/api/templates' && url.searchParams.get('page') === '1',
        async (route) => {
          listAsked = true;
          // A later read of the list may still be here as the test ends and its browser closes: nothing left to answer then.
          try {
            const response = await route.fetch();
            await listAnswer.opened;
            await pauseClockAtAsync(context.clock, secondAheadAsync(page));
            await route.fulfill({ response });
          } catch {
            // The page or its context closed.
          }
        },
      );
      await page.route(
        (url) => url.pathname.startsWith('/api/templates/'),
        async (route) => {
          if (route.request().method() !== 'DELETE') return route.fallback();
          deletionAsked = true;
          await deletionAnswer.opened;
          await route.fetch().then((response) => route.fulfill({ response })).catch(() => undefined);
        },
      );

      // A look at another tab and back: the list reads again, its rows staying meanwhile.
      await ui.getByRole('button', { name: 'Settings' }).first().click();
      await ui.getByRole('button', { name: 'Templates' }).first().click();
      await expect.poll(() => listAsked, { timeout: 20_000 }).toBe(true);
      // The second template is deleted from the keyboard.
      const deleted = names[1]!;
      await ui.getByRole('button', { name: `Delete “${deleted}”` }).focus();
      await page.keyboard.press('Enter');
      await ui.getByRole('group', { name: `Delete “${deleted}”?` }).waitFor();
      await expect.poll(() => ui.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label') ?? '')).toBe(`Delete “${deleted}”?`);
      await page.keyboard.press('Enter');
      await expect.poll(() => deletionAsked, { timeout: 20_000 }).toBe(true);

      // The list answers first and is drawn; the window's clock stands still before its paint.
      listAnswer.release();
      await expect.poll(() => ui.getByText('Reading the templates…').count(), { timeout: 20_000 }).toBe(0);
      // Then the deletion's answer.
      deletionAnswer.release();
      await expect.poll(() => ui.getByText(`Deleted “${deleted}”.`, { exact: false }).count(), { timeout: 20_000 }).toBe(1);
      await context.clock.resume();

      // The row below it took its place: the keyboard is on it.
      await expect.poll(() => focusedTemplatePlaceAsync(ui), { timeout: 10_000 }).toBe('row 1');
      expect(await rows.nth(1).getByRole('button').first().getAttribute('aria-label')).toBe(`Open “${names[2]}”`);
    } finally {
      await context.close();
    }
  }, 90_000);
});
