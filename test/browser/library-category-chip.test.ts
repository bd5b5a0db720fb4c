// An email's category chip ("Show Food emails") goes back to the search filtered by it: the chip
// goes with the email, so the keyboard goes on at the filter it set, not from the top of the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

describe('Browse: an email’s category chip', () => {
  it('shows the search filtered by the category, the keyboard on the category it set', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
    const chip = ui.getByRole('article').getByRole('button', { name: /^Show .+ emails$/ }).first();
    await chip.waitFor({ timeout: 20_000 });
    const category = (await chip.textContent())!.trim();
    await chip.focus();
    await h.page.keyboard.press('Enter');
    const filter = ui.getByRole('combobox', { name: 'Category' });
    await expect.poll(() => filter.inputValue(), { timeout: 10_000 }).toBe(category);
    // Where the keyboard is: the page, before (the chip went with the email).
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id || document.activeElement?.tagName), { timeout: 10_000 }).toBe('library-category');
  });
});
