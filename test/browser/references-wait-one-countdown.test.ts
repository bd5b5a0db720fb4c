// The library asks the reference check to slow down (429) on one email while others are answered:
// the check counts its wait down ("Asking again in 29 seconds"), and the next emails' requests wait
// in the plugin for the same pause, so Browse's held notice counted the same wait down above it
// too: two countdowns of one wait, and two announcements. The check's own notice says it alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';
import { librarySlowDownFor } from './support/library-slow-down';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=6`)).json()) as { data: Array<{ id: number }> };
  ids = list.data.map((email) => email.id);
});

describe('References: the library asks the check to slow down while other emails are answered', () => {
  it('counts the wait down once, in the check (light, clean under axe)', async () => {
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=light&references=${ids.join(',')}`);
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 30_000 });
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    // The first email asked is refused with the longest wait the plugin holds every request for (a
    // minute); the next three are answered once the refusal is in, so the last two are asked for
    // during the pause.
    const asked: string[] = [];
    let answer!: () => void;
    const answering = new Promise<void>((resolve) => (answer = resolve));
    const stopRoute = await addRouteAsync(
      h.page,
      (url) => url.origin === new URL(h.emulator.libraryUrl).origin && /^\/v1\/emails\/\d+$/.test(url.pathname),
      async (route) => {
        asked.push(route.request().url());
        if (asked.length === 1) return route.fulfill(librarySlowDownFor(60));
        if (asked.length <= 4) await answering;
        return route.continue().catch(() => undefined);
      },
    );
    try {
      await ui.getByRole('button', { name: 'Check references' }).click();
      const progress = ui.getByTestId('references-progress');
      await expect.poll(() => textOf(progress), { timeout: 30_000 }).toMatch(/^The library asked us to slow down \(0 of 6 emails checked\)\.Asking again in \d+ seconds\./);
      await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(4);
      answer();
      await expect.poll(() => textOf(progress), { timeout: 30_000 }).toMatch(/^The library asked us to slow down \(3 of 6 emails checked\)\./);
      // The last two wait in the plugin for the same pause: said by the check, not again above it.
      await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(asked.length).toBe(4);
      const heldNotice = ui.locator('.library-held');
      expect(await heldNotice.evaluateAll((lines) => lines.map((line) => line.textContent).join(''))).toBe('');
      await checkAxeAsync(ui, 'reference check waiting, others answered, light');
      await ui.getByRole('button', { name: 'Stop checking' }).click();
      await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toMatch(/^6 references to 6 emails; 0 removed from the library\. Couldn’t check 3 emails/);
    } finally {
      answer();
      await stopRoute();
    }
  }, 120_000);
});
