// A brand's page takes the keyboard for its heading when the brand comes, but only if the keyboard
// fell to the page (the row pressed went with the list): a designer who went on while a slow answer
// was on its way (back to the search field, to the header's sections) keeps the keyboard where they went.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { holdRequestsAsync, type HeldRequests } from './support/hold-requests';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

/** Brands' third top brand pressed by the keyboard, its emails' answer held (its insights go): the page shows Loading. */
async function brandHeldAsync(ui: Frame): Promise<HeldRequests> {
  await sectionButton(ui, 'Brands').click();
  const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').nth(2);
  await row.waitFor({ timeout: 15_000 });
  const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => url.pathname.startsWith('/v1/brands/') && !url.pathname.endsWith('/insights'));
  await row.focus();
  await h.page.keyboard.press('Enter');
  await ui.getByText('Loading the brand…').waitFor({ timeout: 10_000 });
  await expect.poll(() => held.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  return held;
}

/** Released, the brand shown, and the window's effects of its drawing run (they follow the paint). */
async function releasedAsync(ui: Frame, held: HeldRequests): Promise<void> {
  await held.releaseAsync();
  await ui.getByRole('article').getByRole('heading', { level: 2 }).waitFor({ timeout: 10_000 });
  await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
}

describe('A brand’s page and the keyboard, its answer slow', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`leaves the keyboard on the header’s section the designer went to while the brand was on its way (${theme})`, async () => {
      const ui = await openBrowseAsync(h, theme);
      const held = await brandHeldAsync(ui);
      await sectionButton(ui, 'Brands').focus();
      expect(await focusedPlaceAsync(ui)).toBe('BUTTON Brands');
      await releasedAsync(ui, held);
      expect(await focusedPlaceAsync(ui)).toBe('BUTTON Brands');
      await checkAxeAsync(ui, `a brand’s page come while the keyboard was on the header (${theme})`);
    });
  }

  it('leaves the keyboard where Tab took it from the page while the brand was on its way', async () => {
    const ui = await openBrowseAsync(h);
    const held = await brandHeldAsync(ui);
    expect(await focusedPlaceAsync(ui)).toBe('the page');
    await h.page.keyboard.press('Tab');
    const went = await focusedPlaceAsync(ui);
    expect(went).not.toBe('the page');
    await releasedAsync(ui, held);
    expect(await focusedPlaceAsync(ui)).toBe(went);
  });

  it('gives the heading the keyboard when it was left on the page (nothing else chosen)', async () => {
    const ui = await openBrowseAsync(h);
    const held = await brandHeldAsync(ui);
    await releasedAsync(ui, held);
    const heading = ui.getByRole('article').getByRole('heading', { level: 2 });
    // Polled: the heading takes the keyboard after its paint, which a loaded machine may bring late.
    const name = (await heading.textContent()) ?? '';
    await expect.poll(() => focusedPlaceAsync(ui)).toBe(`H2 ${name}`);
  });
});
