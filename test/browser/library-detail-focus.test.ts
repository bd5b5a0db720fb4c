// An email's heading takes the keyboard when the email comes, but only if the keyboard is still
// where opening it (a card) or stepping to it (Previous, Next) left it: a person who went on
// while a slow answer was on its way (to Back, Previous) keeps the keyboard where they went.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { focusedPlaceAsync, refuseSecondSearchPageAsync, slowFramesAsync } from './support/browse-steps';
import { holdRequestsAsync, type HeldRequests } from './support/hold-requests';

const h = useHarness();

/** One email's answer (not the search's), held. */
const holdEmailAsync = () => holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => /^\/v1\/emails\/\d+$/.test(url.pathname));

/** Browse with its first results shown. */
async function openBrowseAsync(): Promise<Frame> {
  await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
  const ui = await h.uiFrameAsync();
  await expect.poll(() => ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(2);
  return ui;
}

/** Released, the email shown, and the window's effects of its drawing run (they follow the paint). */
async function releasedAsync(ui: Frame, held: HeldRequests): Promise<void> {
  await expect.poll(() => held.count(), { timeout: 10_000 }).toBe(1);
  await held.releaseAsync();
  await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
  await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
}

const subjectOfCard = (ui: Frame, index: number) => textOf(ui.locator(`[data-index="${index}"] .email-card-subject`));

describe('An email’s heading and the keyboard', () => {
  it('takes it once the email comes, opened from its card by the keyboard', async () => {
    const ui = await openBrowseAsync();
    const subject = await subjectOfCard(ui, 0);
    const held = await holdEmailAsync();
    await ui.locator('[data-index="0"]').focus();
    await h.page.keyboard.press('Enter');
    await releasedAsync(ui, held);
    await expect.poll(() => focusedPlaceAsync(ui)).toBe(`H2 ${subject}`);
  });

  it('leaves it where the person went while the email was on its way (Tab, from the page)', async () => {
    const ui = await openBrowseAsync();
    const held = await holdEmailAsync();
    await ui.locator('[data-index="0"]').focus();
    await h.page.keyboard.press('Enter');
    await ui.getByText('Loading the email…').waitFor({ timeout: 10_000 });
    await h.page.keyboard.press('Tab');
    const went = await focusedPlaceAsync(ui);
    expect(went).not.toBe('the page');
    await releasedAsync(ui, held);
    expect(await focusedPlaceAsync(ui)).toBe(went);
  });

  it('takes it from Next once the next email comes, as the arrows and Next always did', async () => {
    const ui = await openBrowseAsync();
    const second = await subjectOfCard(ui, 1);
    await ui.locator('[data-index="0"]').click();
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    const held = await holdEmailAsync();
    await ui.getByRole('button', { name: 'Next', exact: true }).focus();
    await h.page.keyboard.press('Enter');
    expect(await focusedPlaceAsync(ui)).toBe('BUTTON Next');
    await releasedAsync(ui, held);
    await expect.poll(() => focusedPlaceAsync(ui)).toBe(`H2 ${second}`);
  });

  it('leaves it on Previous, gone to from Next while the next email was on its way', async () => {
    const ui = await openBrowseAsync();
    await ui.locator('[data-index="0"]').click();
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    const held = await holdEmailAsync();
    await ui.getByRole('button', { name: 'Next', exact: true }).focus();
    await h.page.keyboard.press('Enter');
    const position = ui.getByRole('navigation', { name: 'Results' });
    await expect.poll(() => textOf(position)).toMatch(/^← Back to results2 of /);
    await h.page.keyboard.press('Shift+Tab');
    expect(await focusedPlaceAsync(ui)).toBe('BUTTON Previous');
    await releasedAsync(ui, held);
    expect(await focusedPlaceAsync(ui)).toBe('BUTTON Previous');
  });
});

/** Results read five at a time, the second page refused (outright: the client does not ask again) until `failing` is false. */
const PAGE = 5;

describe('An email’s heading and the next results’ Try again', () => {
  it('leaves the keyboard at Next, where that Try again took it, when the email comes after', async () => {
    const state = await refuseSecondSearchPageAsync(h.page, PAGE);
    try {
      const ui = await openBrowseAsync();
      await ui.locator(`[data-index="${PAGE - 2}"]`).click();
      await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
      // Next to the last email loaded, its answer held: the next results failed meanwhile.
      const held = await holdEmailAsync();
      await ui.getByRole('button', { name: 'Next', exact: true }).focus();
      await h.page.keyboard.press('Enter');
      const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
      await notice.waitFor({ timeout: 10_000 });
      state.failing = false;
      await notice.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('BUTTON Next');
      await releasedAsync(ui, held);
      expect(await focusedPlaceAsync(ui)).toBe('BUTTON Next');
    } finally {
      await state.stopAsync();
    }
  });
});

describe('Back from an email to the results, the window’s frames coming seconds late (a busy machine)', () => {
  for (const way of ['Escape', '← Back to results'] as const) {
    it(`gives the keyboard to the card of the email last shown as the grid shows again (${way}), not a frame later: meanwhile it was on the page`, async () => {
      const ui = await openBrowseAsync();
      await ui.locator('[data-index="0"]').focus();
      await h.page.keyboard.press('Enter');
      const position = ui.getByRole('navigation', { name: 'Results' });
      // Stepped on past the cards drawn: the grid draws that card as it comes back.
      for (let press = 0; press < 20; press++) await h.page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(/^← Back to results21 of /);
      await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
      await slowFramesAsync(ui);
      if (way === 'Escape') await h.page.keyboard.press('Escape');
      else await position.getByRole('button', { name: way }).press('Enter');
      expect(await focusedPlaceAsync(ui)).toMatch(/^row \d+ of Emails$/);
      expect(await ui.locator('[data-index="20"]').evaluate((card) => card === document.activeElement)).toBe(true);
    });
  }
});
