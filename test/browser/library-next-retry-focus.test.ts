// An email open at the last result loaded, the next results having failed: Try again, pressed from
// the keyboard, goes on at Next (to the first result it brought), not at the top of the page (the
// notice it was on went while it asked), as every other Try again in Browse does: the search's
// own, under the cards, goes on at the first card it brought.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { focusedPlaceAsync, refuseSecondSearchPageAsync } from './support/browse-steps';

const h = useHarness();

/** Results read five at a time, so the last one loaded is a few presses away. */
const PAGE = 5;

/** Browse opened, the search's first page (of PAGE cards) shown; the next page is the one the route fails. */
async function openWithFirstPageAsync(): Promise<{ ui: Frame; cards: Locator }> {
  await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
  const ui = await h.uiFrameAsync();
  const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
  await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(PAGE);
  return { ui, cards };
}

describe('The search: Try again on the next results', () => {
  it('goes on at the first card it brought', async () => {
    const state = await refuseSecondSearchPageAsync(h.page, PAGE);
    try {
      const { ui } = await openWithFirstPageAsync();
      const notice = ui.getByRole('region', { name: 'Search the library' }).getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      state.failing = false;
      await notice.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => ui.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 'the page'), { timeout: 10_000 }).toBe(String(PAGE + 1));
    } finally {
      await state.stopAsync();
    }
  });
});

describe('An email at the last result loaded: Try again on the next results', () => {
  it('goes on at Next, to the first result it brought', async () => {
    const state = await refuseSecondSearchPageAsync(h.page, PAGE);
    try {
      const { ui, cards } = await openWithFirstPageAsync();
      await cards.nth(PAGE - 1).getByRole('button').first().focus();
      await h.page.keyboard.press('Enter');
      const position = ui.getByRole('navigation', { name: 'Results' });
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${PAGE} of ${PAGE}\\+`));
      const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
      await notice.waitFor({ timeout: 10_000 });
      // The email come (its heading takes the keyboard when it does).
      await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
      state.failing = false;
      await notice.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      const next = ui.getByRole('button', { name: 'Next', exact: true });
      await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('BUTTON Next');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${PAGE + 1} of `));
    } finally {
      await state.stopAsync();
    }
  });
});
