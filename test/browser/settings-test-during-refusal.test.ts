// Settings: Test connection of the library pressed while Browse is refused for hours by a 429.
// Browse's window calls the library itself and keeps that refusal to itself; the test runs in the
// plugin's sandbox, which does not know of it. It asks the library afresh, is refused in turn,
// and says so with the wait the library gave it: true, and in step with what Browse says.
// (A guard: it passed on the code it was written against.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { emulatorFaults } from './support/emulator-faults';
import { type Harness, startHarnessAsync, textOf } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

describe('Test connection while Browse is refused for hours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the library asked to slow down for this key and when to try again, not that it is connected (${theme})`, async () => {
      const faults = emulatorFaults(h.emulator);
      const ui = await openBrowseAsync(h, theme);
      try {
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
        await ui.getByLabel('Category').selectOption({ label: 'Travel' });
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toMatch(/in about 2 hours\.$/);
        await ui.getByTestId('nav-settings').click();
        const library = ui.getByRole('region', { name: 'Email library' });
        await library.getByRole('button', { name: 'Test connection' }).click();
        await expect
          .poll(() => textOf(library.getByRole('status')), { timeout: 20_000 })
          .toBe('The email library asked Envelope to slow down for this key. Try again in 2 hours.');
        // Hours are said in words, not counted down second by second.
        expect(await ui.getByTestId('settings-library-countdown').count()).toBe(0);
        await checkAxeAsync(ui, `Settings, the library’s test refused for hours, ${theme}`);
      } finally {
        await faults.clearAsync();
      }
    });
  }
});
