// Settings: Test connection pressed again while its test waits for the service. The button says
// it is busy (aria-busy, aria-disabled), keeps the keyboard, and the press starts no second test:
// the builder is asked once. (A guard: the shared Button and useRequest's 'ignore' already did
// this when it was written; it passed on the code before it.)
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('Test connection pressed again while its test waits', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`asks the builder once; the button says it is busy and keeps the keyboard (${theme})`, async () => {
      await h.openFreshAsync(`?demo-keys=1&command=settings&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const builder = ui.getByRole('region', { name: 'Email builder' });
      const test = builder.getByRole('button', { name: 'Test connection' });
      // The builder's answer is held: the test waits as long as the checks here take.
      const asked = await holdRequestsAsync(h.page, h.emulator.builderUrl);
      try {
        await test.focus();
        await h.page.keyboard.press('Enter');
        await expect.poll(() => asked.count(), { timeout: 15_000 }).toBe(1);
        await expect.poll(() => test.getAttribute('aria-busy')).toBe('true');
        expect(await test.getAttribute('aria-disabled')).toBe('true');
        // Still in the Tab order, with the keyboard on it.
        expect(await test.evaluate((button) => document.activeElement === button && button.tabIndex === 0 && !(button as HTMLButtonElement).disabled)).toBe(true);
        // Pressed again from the keyboard, then clicked.
        await h.page.keyboard.press('Enter');
        await h.page.keyboard.press(' ');
        await test.click({ force: true });
        await checkAxeAsync(ui, `Settings, a connection test waiting, ${theme}`);
        await expect(textOf(builder.getByRole('status'))).resolves.toBe('Testing the email builder connection…');
      } finally {
        await asked.releaseAsync();
      }
      await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 20_000 }).toMatch(/^Connected to the builder: /);
      expect(asked.count()).toBe(1);
    });
  }
});
