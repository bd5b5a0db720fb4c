// Back from a brand's page, to a brand's page, and back from an email to the row it was opened
// from: the keyboard lands as the screen shows, the window's frames coming seconds late (a busy
// machine). Left to the next frame, it sat on the page meanwhile (a screen reader read out the
// page, a key pressed then was lost).
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync, sectionButton, slowFramesAsync } from './support/browse-steps';

const h = useHarness();

/** Brands, its third top brand opened by the keyboard: the brand's page shown, its heading with the keyboard. */
async function openThirdBrandAsync(): Promise<{ ui: Frame; name: string }> {
  const ui = await openBrowseAsync(h);
  await sectionButton(ui, 'Brands').click();
  const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').nth(2);
  await row.waitFor({ timeout: 15_000 });
  await row.press('Enter');
  const heading = ui.getByRole('heading', { level: 2 });
  await heading.waitFor({ timeout: 10_000 });
  const name = (await heading.textContent()) ?? '';
  await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe(`H2 ${name}`);
  return { ui, name };
}

describe('Back from a brand’s page to Brands, the window’s frames coming seconds late', () => {
  for (const way of ['Escape', '← All brands'] as const) {
    it(`gives the keyboard to the brand’s row as the list shows again (${way}), not a frame later: meanwhile it was on the page`, async () => {
      const { ui } = await openThirdBrandAsync();
      await slowFramesAsync(ui);
      if (way === 'Escape') await h.page.keyboard.press('Escape');
      else await ui.getByRole('navigation', { name: 'Brand' }).getByRole('button', { name: way }).press('Enter');
      expect(await focusedPlaceAsync(ui)).toBe('row 2 of Top brands');
    });
  }
});

describe('To a brand’s page from its own email’s brand link, the window’s frames coming seconds late', () => {
  it('gives the keyboard to the page’s heading as it shows again, not a frame later: meanwhile it was on the page', async () => {
    const { ui, name } = await openThirdBrandAsync();
    await ui.getByRole('list', { name: `Emails from ${name}` }).getByRole('button').first().press('Enter');
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await slowFramesAsync(ui);
    await ui.getByRole('button', { name: `${name}: the brand’s page` }).press('Enter');
    expect(await focusedPlaceAsync(ui)).toBe(`H2 ${name}`);
  });
});

describe('Back from an email to the journey it was opened from, the window’s frames coming seconds late', () => {
  it('gives the keyboard to the row of the email last shown as the journey shows again, not a frame later: meanwhile it was on the page', async () => {
    const ui = await openBrowseAsync(h);
    await sectionButton(ui, 'Journeys').click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click({ timeout: 15_000 });
    await ui.getByRole('button', { name: 'Insert journey as board' }).waitFor({ timeout: 10_000 });
    const rows = ui.locator('[data-email-id]');
    const second = await rows.nth(1).getAttribute('data-email-id');
    await rows.first().press('Enter');
    const position = ui.getByRole('navigation', { name: 'Results' });
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    // Stepped on to the next email: its row, not the one opened, takes the keyboard back.
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent(), { timeout: 10_000 }).toMatch(/2 of /);
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await slowFramesAsync(ui);
    await h.page.keyboard.press('Escape');
    expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-email-id') ?? (document.activeElement === document.body ? 'the page' : document.activeElement?.tagName))).toBe(second);
  });
});

/** Whether `locator`'s element has the keyboard now. */
const hasKeyboard = (locator: Locator): Promise<boolean> => locator.evaluate((element) => element === document.activeElement);

describe('To another section from a button that goes with the screen, the window’s frames coming seconds late', () => {
  it('gives the keyboard to the category filter an email’s category chip set, as the search shows, not a frame later: meanwhile it was on the page', async () => {
    const ui = await openBrowseAsync(h);
    await ui.locator('[data-index="0"]').press('Enter');
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await slowFramesAsync(ui);
    await ui.getByRole('button', { name: /^Show .+ emails$/ }).first().press('Enter');
    expect(await focusedPlaceAsync(ui)).not.toBe('the page');
    expect(await hasKeyboard(ui.getByLabel('Category'))).toBe(true);
  });

  it('gives the keyboard to the request form’s next field when Brands could not find a brand (“Ask the library to add it”), as the form shows, not a frame later', async () => {
    const ui = await openBrowseAsync(h);
    await sectionButton(ui, 'Brands').click();
    await ui.getByLabel('Search brands').fill('Zephyr Candles');
    const ask = ui.getByRole('button', { name: 'Ask the library to add it' });
    await ask.waitFor({ timeout: 10_000 });
    await slowFramesAsync(ui);
    await ask.press('Enter');
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    expect(await focusedPlaceAsync(ui)).not.toBe('the page');
    expect(await hasKeyboard(form.getByLabel('Website'))).toBe(true);
  });
});
