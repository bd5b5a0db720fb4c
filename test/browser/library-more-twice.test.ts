// More pressed twice before the window had drawn its first press: the list asks for the next page
// once, not for the page after it, so no page is skipped. The window's clock is stopped where a
// busy or hidden window's would be, and the first page's answer is held, so the order is played
// every time.
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { JOURNEYS_PAGE, journeysFirstPageInStoppedWindowAsync } from './support/browse-steps';

const h = useHarness();

describe('Journeys: More pressed twice in a busy window', () => {
  it('brings every journey, skipping no page', async () => {
    const { context, page, rows, more, asked } = await journeysFirstPageInStoppedWindowAsync(h);
    try {
      expect(await rows.count()).toBe(JOURNEYS_PAGE);
      await more.focus();
      // A second press before the window has drawn the first: the button is already busy.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await context.clock.resume();
      await more.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await rows.count()).toBe(12);
      expect(asked).toEqual(['1', '2']);
    } finally {
      await context.close();
    }
  });
});
