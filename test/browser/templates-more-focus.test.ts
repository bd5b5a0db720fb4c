// Templates' Show more, pressed from the keyboard, whatever order the window's paints and the
// builder's answers come in: when the page it brings is the last, the button goes and the keyboard
// goes on at the first template that page added. The window's clock is stopped where a busy or
// hidden window's would be, once the first page's answer is on its way (the sandbox's side needs
// running timers until then), so the order is played every time.
import { describe, expect, it } from 'vitest';
import { openPlaygroundWithClockAsync, pauseClockAtAsync, pluginWindowAsync, secondAheadAsync } from './support/clocked-window';
import { evaluateHooks, useHarness } from './support/playground-harness';
import { builderAsync, builderControlAsync, focusedTemplatePlaceAsync } from './support/templates-steps';

const h = useHarness();

/** One page of the list (50) and one template more. */
const TEMPLATES = 51;

describe('Templates: Show more from the keyboard, bringing the last page', () => {
  it('goes on at the first template it added also when the window had not finished drawing the first page as it was pressed', async () => {
    // The demo document, empty storage, the emulator's seed; then another integration fills the
    // workspace to one page and one template more, a second apart, newest first.
    const { context, page } = await openPlaygroundWithClockAsync(h, '?command=templates&theme=light&demo-keys=1');
    try {
      for (let total = (await builderAsync(h, '/templates?per_page=1')).meta.total; total < TEMPLATES; total++) {
        await builderControlAsync(h, 'clock', { advance_seconds: 1 });
        expect((await builderAsync(h, '/templates', 'POST', { name: `Campaign ${total}` })).status).toBe(201);
      }
      let ui = await pluginWindowAsync(page);
      // The first page's answer, once it is on its way: the window's clock stands still from
      // there, as a busy or hidden window's can, so the page it draws next it has not yet
      // finished with (its effects wait for the paint) when the person presses Show more.
      let paused = false;
      await page.route(
        (url) => url.pathname === '/api/templates' && url.searchParams.get('page') === '1',
        async (route) => {
          const response = await route.fetch();
          if (!paused) {
            paused = true;
            await pauseClockAtAsync(context.clock, secondAheadAsync(page));
          }
          await route.fulfill({ response });
        },
      );
      // The person runs the plugin again to see them.
      await evaluateHooks(page, (hooks) => hooks.relaunchAsync());
      ui = await pluginWindowAsync(page);
      const more = ui.getByRole('button', { name: 'Show more' });
      await more.waitFor({ timeout: 20_000 });
      expect(paused).toBe(true);
      const rows = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem');
      expect(await rows.count()).toBe(TEMPLATES - 1);
      await more.focus();
      await page.keyboard.press('Enter');
      await context.clock.resume();
      // The last page came: Show more went with it.
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(TEMPLATES);
      expect(await more.count()).toBe(0);
      await expect.poll(() => focusedTemplatePlaceAsync(ui), { timeout: 10_000 }).toBe(`row ${TEMPLATES - 1}`);
    } finally {
      await context.close();
    }
  });
});
