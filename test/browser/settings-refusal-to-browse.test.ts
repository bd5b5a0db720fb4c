// Browse opened after Settings' Test connection of the library was refused for hours by a 429.
// The test runs in the plugin's sandbox; Browse's window calls the library itself. The sandbox kept
// that refusal to itself, so Browse, opened right after, asked the library afresh and earned another
// 429 (the emulator counted the request). The sandbox now tells the window of it: Browse sends
// nothing until the wait ends (the emulator counts no new request), says the wait in its usual
// words, and once the wait is over loads its results as before.
// (settings-test-during-refusal.test.ts is the other way round: Browse refused, then the test.)
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

describe('Browse opened after the library’s Test connection was refused for hours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the library asked to slow down and after what time to try again, without asking it again, and loads once the wait is over (${theme})`, async () => {
      const faults = emulatorFaults(h.emulator);
      const opened = await openPlaygroundWithClockAsync(h, `?command=settings&theme=${theme}&demo-keys=1`);
      context = opened.context;
      const ui = await pluginWindowAsync(opened.page);
      const library = ui.getByRole('region', { name: 'Email library' });
      const test = library.getByRole('button', { name: 'Test connection' });
      await test.waitFor({ timeout: 20_000 });
      // The page's clock at 12:05 on a Tuesday (this machine's time zone, as the window's).
      await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
      const notice = ui.getByTestId('library-problem');
      try {
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
        await test.click();
        await expect
          .poll(() => textOf(library.getByRole('status')), { timeout: 20_000 })
          .toMatch(/^The email library asked Envelope to slow down for this key\. You can try again after 14:0[56], in about 2 hours\.$/);
        const sentBefore = await libraryRequestCountAsync(h.emulator.libraryUrl);
        await ui.getByTestId('nav-browse').click();
        await expect
          .poll(() => textOf(notice.getByRole('alert')), { timeout: 20_000 })
          .toMatch(/^The library asks us to slow down for a while\. You can try again after 14:0[56], in about 2 hours\.$/);
        // Answered from the refusal the test met: the library was not asked again.
        expect(await libraryRequestCountAsync(h.emulator.libraryUrl)).toBe(sentBefore);
        await checkAxeAsync(ui, `Browse, refused for hours by the library’s test in Settings, ${theme}`);
        expect(await libraryRequestCountAsync(h.emulator.libraryUrl)).toBe(sentBefore);
      } finally {
        await faults.clearAsync();
      }
      // The wait over, Try again brings the newest emails.
      await context.clock.fastForward('02:00:01');
      await expect.poll(() => textOf(notice.getByRole('status')), { timeout: 10_000 }).toBe('You can try again now.');
      await notice.getByRole('button', { name: 'Try again' }).click();
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
      expect(await notice.count()).toBe(0);
    }, 90_000);
  }
});
