// Settings: Test connection of the library pressed while Browse is refused for hours by a 429.
// Browse's window calls the library itself; the test runs in the plugin's sandbox. The window kept
// that refusal to itself, so the test asked the library afresh, earned another 429 and spent the
// allowance. The window now tells the sandbox of it: the test sends nothing (the emulator counts no
// new request) and says the refusal with its wait, in step with what Browse says.
// The wait was said as "Try again in 2 hours.", which stays on the screen: a designer coming back
// later still read "in 2 hours", no longer true. It names the clock time it ends, as Browse does.
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { emulatorFaults } from './support/emulator-faults';
import { libraryRequestCountAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('Test connection while Browse is refused for hours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the library asked to slow down for this key and after what time to try again, without asking it again (${theme})`, async () => {
      const faults = emulatorFaults(h.emulator);
      const opened = await openPlaygroundWithClockAsync(h, `?command=browse&theme=${theme}&demo-keys=1`);
      context = opened.context;
      const ui = await pluginWindowAsync(opened.page);
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
      // The page's clock at 12:05 on a Tuesday (this machine's time zone, as the window's).
      await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
      try {
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
        await ui.getByLabel('Category').selectOption({ label: 'Travel' });
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toMatch(/You can try again after 14:0[56], in about 2 hours\.$/);
        await ui.getByTestId('nav-settings').click();
        const library = ui.getByRole('region', { name: 'Email library' });
        const sentBefore = await libraryRequestCountAsync(h.emulator.libraryUrl);
        await library.getByRole('button', { name: 'Test connection' }).click();
        await expect
          .poll(() => textOf(library.getByRole('status')), { timeout: 20_000 })
          .toMatch(/^The email library asked Envelope to slow down for this key\. You can try again after 14:0[56], in about 2 hours\.$/);
        // Answered from the refusal Browse met: the library was not asked again.
        expect(await libraryRequestCountAsync(h.emulator.libraryUrl)).toBe(sentBefore);
        // Hours are said by when they end, not counted down second by second.
        expect(await ui.getByTestId('settings-library-countdown').count()).toBe(0);
        await checkAxeAsync(ui, `Settings, the library’s test refused for hours, ${theme}`);
      } finally {
        await faults.clearAsync();
      }
    }, 90_000);
  }
});
