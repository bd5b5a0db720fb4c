// A library notice with nothing to press while the library asks to wait (a countdown, or a wait of
// hours before its Try again), come in place of what the designer pressed (More): the keyboard
// was on the notice's box, which holds the alert, so a screen reader read the words twice, as the
// alert and as the keyboard's place. It is on the line under the words now (the countdown, or
// where Try again comes), the words said once; at the wait's end it goes on as before.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { firstBrandsAsync, focusedPlaceAsync, focusedRow, openBrandAsync } from './support/browse-steps';
import { checkAxeAsync, keyboardOnAlert } from './support/a11y-checks';

const h = useHarness();

/** A brand with more than one page of emails, its first page shown, More focused, in a window whose clock the test moves. */
async function moreOfBrandAsync(theme: 'light' | 'dark') {
  const { context, page } = await openPlaygroundWithClockAsync(h, `?command=browse&theme=${theme}&demo-keys=1`);
  try {
    const ui = await pluginWindowAsync(page);
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
    const name = (await firstBrandsAsync(h)).find((known) => known.email_count > 40)!.name;
    await openBrandAsync(ui, name);
    const rows = `Emails from ${name}`;
    await expect.poll(() => ui.getByRole('list', { name: rows }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(20);
    await ui.getByRole('button', { name: 'More emails' }).focus();
    return { context, page, ui, rows };
  } catch (error) {
    await context.close();
    throw error;
  }
}

describe('A library notice with nothing to press while the library asks to wait', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the keyboard on its countdown, the words said once, then on the first email the page brought, ${theme}`, async () => {
      const faults = emulatorFaults(h.emulator);
      const { context, page, ui, rows } = await moreOfBrandAsync(theme);
      try {
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 30 });
        await page.keyboard.press('Enter');
        const notice = ui.getByTestId('library-problem');
        await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toBe('The library asks us to slow down for a moment.');
        await expect.poll(() => focusedPlaceAsync(ui)).toMatch(/^P Trying again in \d+ seconds\.$/);
        expect(await keyboardOnAlert(ui)).toBe('no');
        await checkAxeAsync(ui, `a brand’s next page, counting down with the keyboard, ${theme}`);
        await faults.clearAsync();
        // The wait over, the notice asks again by itself and the keyboard goes on in what it brought.
        await context.clock.fastForward('00:31');
        await expect.poll(() => focusedRow(ui, rows), { timeout: 15_000 }).toBe(20);
      } finally {
        await faults.clearAsync();
        await context.close();
      }
    });

    it(`keeps the keyboard under the words through a wait of hours, said once, then on its Try again, ${theme}`, async () => {
      const faults = emulatorFaults(h.emulator);
      const { context, page, ui, rows } = await moreOfBrandAsync(theme);
      try {
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
        await page.keyboard.press('Enter');
        const notice = ui.getByTestId('library-problem');
        await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toMatch(/^The library asks us to slow down for a while\. You can try again after .+, in about 2 hours\.$/);
        await expect.poll(() => focusedPlaceAsync(ui)).toBe('P Try again shows here once the wait is over.');
        expect(await keyboardOnAlert(ui)).toBe('no');
        expect(await notice.getByRole('button').count()).toBe(0);
        await checkAxeAsync(ui, `a brand’s next page, a wait of hours with the keyboard, ${theme}`);
        await faults.clearAsync();
        // The wait over: its line goes, and the keyboard with it to the Try again that came.
        await context.clock.fastForward('02:00:01');
        await expect.poll(() => textOf(notice.getByRole('status')), { timeout: 10_000 }).toBe('You can try again now.');
        await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
        expect(await notice.getByText('Try again shows here once the wait is over.').count()).toBe(0);
        await checkAxeAsync(ui, `a brand’s next page, a wait of hours over, ${theme}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => focusedRow(ui, rows), { timeout: 15_000 }).toBe(20);
      } finally {
        await faults.clearAsync();
        await context.close();
      }
    });
  }
});
