// A brand's page opened from one of its own emails (the email's brand link), and the way back:
// the keyboard lands on the page's heading, and each Back (or Escape) goes where the designer
// came from, the row they pressed taking the keyboard, as far back as the section they started in.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstBrandsAsync, focusedPlaceAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';

const h = useHarness();

/** Where the keyboard is once the window has drawn what a key did. */
const focusPoll = (ui: Frame) => expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 });

/** On a brand's page: its first email opened, then its brand link pressed from the keyboard. */
async function throughItsEmailAsync(ui: Frame, name: string): Promise<void> {
  await ui.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });
  await ui.getByRole('list', { name: `Emails from ${name}` }).getByRole('button').first().click();
  const link = ui.getByRole('button', { name: `${name}: the brand’s page` });
  await link.waitFor({ timeout: 20_000 });
  await link.focus();
  await h.page.keyboard.press('Enter');
  await focusPoll(ui).toBe(`H2 ${name}`);
}

describe('Browse: a brand’s page opened from its own email', () => {
  it('takes the keyboard to its heading, and Escape goes back through the email to the Brands list’s row', async () => {
    const ui = await openBrowseAsync(h);
    const [brand] = await firstBrandsAsync(h);
    await openBrandAsync(ui, brand!.name);
    await throughItsEmailAsync(ui, brand!.name);
    await h.page.keyboard.press('Escape');
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await h.page.keyboard.press('Escape');
    await focusPoll(ui).toBe(`row 0 of Emails from ${brand!.name}`);
    await h.page.keyboard.press('Escape');
    await focusPoll(ui).toBe(`row 0 of Brands matching “${brand!.name}”`);
  });

  it('opened first from Me, still goes back to Me', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const followed = ui.getByRole('list', { name: 'Followed brands' }).getByRole('button').first();
    await followed.waitFor({ timeout: 20_000 });
    const name = (await followed.locator('.brand-row-name').textContent())!;
    await followed.click();
    await throughItsEmailAsync(ui, name);
    await h.page.keyboard.press('Escape');
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await h.page.keyboard.press('Escape');
    await focusPoll(ui).toBe(`row 0 of Emails from ${name}`);
    expect(await ui.getByRole('navigation', { name: 'Brand' }).getByRole('button').textContent()).toBe('← Back to Me');
    await h.page.keyboard.press('Escape');
    await focusPoll(ui).toBe('row 0 of Followed brands');
    expect(await ui.getByRole('button', { name: 'Me', exact: true }).getAttribute('aria-current')).toBe('page');
  });
});
