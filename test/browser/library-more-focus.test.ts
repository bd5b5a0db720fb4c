// More, pressed from the keyboard, whatever order the window's paints and the library's answers
// come in: when the page it brings is the last, More goes and the keyboard goes on at the first
// row that page added. The window's clock is stopped where a busy or hidden window's would be, and
// the first page's answer is held, so the order is played every time.
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, JOURNEYS_PAGE, journeysFirstPageInStoppedWindowAsync } from './support/browse-steps';

const h = useHarness();

describe('Journeys: More from the keyboard, bringing the last page', () => {
  it('goes on at the first journey it brought also when the window had not finished drawing the first page as More was pressed', async () => {
    const { context, page, ui, rows, more } = await journeysFirstPageInStoppedWindowAsync(h);
    try {
      expect(await rows.count()).toBe(JOURNEYS_PAGE);
      await more.focus();
      await page.keyboard.press('Enter');
      await context.clock.resume();
      // The last page came: More went with it.
      await more.waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe(`row ${JOURNEYS_PAGE} of Brands with a journey`);
    } finally {
      await context.close();
    }
  });
});
