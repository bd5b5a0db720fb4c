// Placing an email whose screenshot's download the library answered with a long "slow down" (a
// 429 asking ten minutes, too long for the placing to wait out). The summary said "Try placing it
// again in 10 minutes": the words stayed on screen and went untrue, and Insert on canvas stayed
// live, a press only asking the library again. Now the summary says by when (the clock's time, as
// Browse and Sync do), Insert on canvas is held until then, and once the wait is over the bar says
// so and Insert places the email. The page's clock is the test's: the ten minutes pass at once.
// Placing several, the wait met on the second stops the rest: they were downloaded, each refused
// again (a burst of failed requests the library asked us not to make). The screenshots asked for
// are read from the emulator's request log, where the requests landed.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, openFirstEmailAsync, placedReferencesAsync } from './support/canvas-references';
import { emulatorFaults } from './support/emulator-faults';
import { emailIdOf, markImageRequestsAsync } from './support/emulator-image-requests';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let key: string;

beforeAll(async () => {
  // Installed before each test opens the playground afresh, so the window's timers are the clock's.
  await h.context.clock.install();
  key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
});

describe('Placing an email the library asked to slow down for, for ten minutes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says by when it can be placed again, holds Insert on canvas until then, and places it after (${theme})`, async () => {
      const ui = await openBrowseOnCurrentPageAsync(h, theme);
      const first = await openFirstEmailAsync(ui, h.emulator.libraryUrl, key);
      // The page's clock at 12:05 on a Tuesday (this machine's time zone, as the window's).
      await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
      const insert = ui.getByRole('button', { name: 'Insert on canvas' });
      // The bar's words (once the wait is over, a status line beside them says so).
      const status = ui.getByTestId('insert-status').getByRole('status').first();
      const placedBefore = (await placedReferencesAsync(h.page)).length;
      const faults = emulatorFaults(h.emulator);
      const log = await markImageRequestsAsync(h.emulator);
      try {
        await faults.previewAsync(first.id, '429_long');
        await insert.click();
        await expect
          .poll(() => textOf(status), { timeout: 20_000 })
          .toMatch(/ could not be placed\. The screenshot could not be loaded: the library asked Envelope to slow down\. You can try again after 12:1[56], in about 10 minutes\.$/);
        // Held: a press places nothing and leaves the summary as it is.
        await expect.poll(() => insert.getAttribute('aria-disabled')).toBe('true');
        await insert.focus();
        await h.page.keyboard.press('Enter');
        expect(await textOf(status)).toMatch(/You can try again after 12:1[56], in about 10 minutes\.$/);
        await checkAxeAsync(ui, `Insert on canvas held by the library’s “slow down” for a screenshot, ${theme}`);
        // The library was asked once, and refused; the held press asked it nothing (read after axe's
        // check, time enough for a request the press sent to land).
        const screenshots = (await log.sinceAsync()).filter((request) => request.kind === 'screenshot');
        expect(screenshots.map((request) => [emailIdOf(request), request.status, request.fault])).toEqual([[first.id, 429, '429_long']]);
      } finally {
        await faults.clearAsync();
      }
      expect((await placedReferencesAsync(h.page)).length).toBe(placedBefore);
      // The wait over: said, Insert on canvas pressable again, and it places the email.
      await h.context.clock.fastForward('10:01');
      await expect.poll(() => textOf(ui.getByTestId('insert-status').getByRole('status').filter({ hasText: 'You can try again now.' })), { timeout: 10_000 }).toBe('You can try again now.');
      expect(await insert.getAttribute('aria-disabled')).toBeNull();
      await checkAxeAsync(ui, `The placing’s “slow down” over, ${theme}`);
      await insert.click();
      await expect.poll(() => textOf(status), { timeout: 60_000 }).toBe('Placed 1 reference on the canvas.');
      expect((await placedReferencesAsync(h.page)).map((reference) => reference.record?.emailId)).toContain(first.id);
    }, 120_000);
  }
});

describe('Placing three emails when the second one’s screenshot is refused for ten minutes', () => {
  it('places the first, asks for no more screenshots, and says the other two wait until the same time', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 20_000 });
    const ids = (await readLibraryAsync<{ data: Array<{ id: number }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=3', key)).data.map(({ id }) => id);
    const subjects = (await cards.locator('.email-card-subject').allTextContents()).slice(0, 3).map((subject) => subject.trim());
    for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox', { name: `Select “${subjects[index]!}”` }).check();
    await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
    const placedBefore = (await placedReferencesAsync(h.page)).length;
    const faults = emulatorFaults(h.emulator);
    const log = await markImageRequestsAsync(h.emulator);
    try {
      await faults.previewAsync(ids[1]!, '429_long');
      await ui.getByRole('button', { name: 'Insert 3' }).click();
      const status = ui.getByTestId('insert-status').getByRole('status').first();
      await expect
        .poll(() => textOf(status), { timeout: 60_000 })
        .toMatch(/^Placed 1 reference on the canvas\. 2 could not be placed: .+ and .+: The screenshot could not be loaded: the library asked Envelope to slow down\. You can try again after 12:1[56], in about 10 minutes\.$/);
      // The screenshots the library was asked for, by email, with its answers: none after the refusal.
      const screenshots = (await log.sinceAsync()).filter((request) => request.kind === 'screenshot');
      expect(screenshots.map((request) => [emailIdOf(request), request.status, request.fault])).toEqual([
        [ids[0], 200, null],
        [ids[1], 429, '429_long'],
      ]);
    } finally {
      await faults.clearAsync();
    }
    expect((await placedReferencesAsync(h.page)).length).toBe(placedBefore + 1);
  }, 120_000);
});
