// An email opened from a reference on the canvas ("Open email in Envelope"): Back to results
// goes to the search, the keyboard on its first card, not fallen to the page.
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { focusedPlaceAsync } from './support/browse-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe('Browse: an email opened from the canvas', () => {
  it('goes back to the results with the keyboard on the first card', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    // The placed reference is selected: its relaunch button reopens the plugin on its email.
    const button = h.page.locator('[data-role="relaunch-buttons"] button', { hasText: 'Open email in Envelope' });
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    const relaunched = await h.uiFrameAsync();
    await relaunched.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 20_000 });
    // The results load meanwhile, under the email.
    await relaunched.locator('.email-card [data-index="0"]').waitFor({ state: 'attached', timeout: 20_000 });
    await relaunched.getByRole('button', { name: /Back to results/ }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focusedPlaceAsync(relaunched), { timeout: 10_000 }).toBe('row 0 of Emails');
  });
});
