// The resize grip says the window's size to a screen reader: it said only how to resize, so a
// person who cannot see the window pressed arrows without knowing where it stood.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe('the resize grip’s value', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is the window's size in pixels, kept as the arrow keys resize it (it had none) (${theme})`, async () => {
      // A fresh start: no size kept from an earlier test.
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await h.uiFrameAsync();
      const grip = ui.getByRole('slider', { name: 'Resize the window: drag, or use the arrow keys' });
      await expect.poll(() => grip.count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => grip.getAttribute('aria-valuetext'), { timeout: 10_000 }).toBe('400 by 600 pixels');
      await grip.focus();
      await grip.press('ArrowRight');
      await expect.poll(() => grip.getAttribute('aria-valuetext'), { timeout: 10_000 }).toBe('416 by 600 pixels');
      await grip.press('Shift+ArrowUp');
      await expect.poll(() => grip.getAttribute('aria-valuetext'), { timeout: 10_000 }).toBe('416 by 536 pixels');
      expect(await grip.getAttribute('aria-valuenow')).toBe('416');
      await checkAxeAsync(ui, `the resize grip focused, ${theme}`);
    });
  }
});
