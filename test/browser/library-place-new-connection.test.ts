// The search's results read again through a new connection (another library key saved in
// Settings) show the same search where the designer left it: scrolled to the same cards, the
// keyboard going back to the card it was on. They came back at the top, on the first card. A new
// search still starts at its top. The real dist/ui.html in the playground against the library
// emulator, driven by the keyboard and roles; the outcome checked where it lands (what the window shows).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstBrandsAsync, openBrowseAsync, switchToOtherAccountAsync } from './support/browse-steps';
import { expectAboutAsync, inSight } from './support/kept-place';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

/** The words of the card that has the keyboard ('' when none has). */
const focusedCard = (ui: Frame): Promise<string> => ui.evaluate(() => document.activeElement?.closest('.email-grid li')?.textContent ?? '');

describe.each(['light', 'dark'] as const)('The search read again through a new connection (%s)', (theme) => {
  it('keeps its scroll and the card the keyboard was on; a new search starts at its top', async () => {
    const ui = await openBrowseAsync(h, theme);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.nth(8).waitFor({ timeout: 10_000 });
    const field = ui.getByRole('searchbox', { name: 'Search emails' });
    // Into the results and down three rows, as a designer at the keyboard: the grid scrolls with the card.
    await field.press('ArrowDown');
    for (let row = 0; row < 3; row++) await h.page.keyboard.press('ArrowDown');
    const card = await focusedCard(ui);
    expect(card).not.toBe('');
    expect(card).not.toBe(await cards.first().textContent());
    // Come to rest (a place is kept once the scroll stops).
    await ui.waitForTimeout(1_000);
    const before = await inSight(cards);

    await switchToOtherAccountAsync(h, ui);
    await cards.first().waitFor({ timeout: 20_000 });
    await expectAboutAsync(cards, before);
    // Down arrow from the search field goes back to the card the keyboard was on.
    await field.press('ArrowDown');
    await expect.poll(() => focusedCard(ui)).toBe(card);
    await checkAxeAsync(ui, `the search read again through a new connection (${theme})`);

    // A new search still starts at its top, on its first card.
    const brand = (await firstBrandsAsync(h))[0]!.name;
    await field.fill(brand);
    // Its results (the brand's emails first), seen from their first card.
    await expect.poll(async () => { const first = await cards.first().textContent(); return first?.startsWith(brand) === true && (await inSight(cards))[0]?.[0] === first; }, { timeout: 10_000 }).toBe(true);
    await field.press('ArrowDown');
    await expect.poll(async () => (await focusedCard(ui)) === (await cards.first().textContent())).toBe(true);
  });
});
