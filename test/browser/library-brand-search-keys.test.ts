// Brands' search: a designer typed a brand's name and pressed the down arrow to go on to what was
// found, as Browse's search goes on to its results; nothing happened (the keyboard stayed in the
// field, Tab the only way on). Now the down arrow goes to the first brand found, and Enter opens it.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { focusedPlaceAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe('Brands: the down arrow in the search field', () => {
  it('goes on to the first brand found, which Enter opens', async () => {
    const ui = await openBrowseAsync(h);
    await sectionButton(ui, 'Brands').click();
    const field = ui.getByRole('searchbox', { name: 'Search brands' });
    await field.fill('Tickwell');
    const found = ui.getByRole('list', { name: 'Brands matching “Tickwell”' });
    await found.getByRole('button', { name: /^Tickwell Watches/ }).waitFor({ timeout: 10_000 });
    await field.focus();
    await h.page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedPlaceAsync(ui)).toBe('row 0 of Brands matching “Tickwell”');
    await checkAxeAsync(ui, 'Brands, the keyboard on the first brand found');
    await h.page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Tickwell Watches' }).waitFor({ timeout: 10_000 });
  });
});
