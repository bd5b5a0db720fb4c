// An email opened from a list (likes, a journey), stepped on through with Next, then Back: the
// keyboard lands on the row of the email last shown, where the designer got to, not on the row
// first opened (many Nexts later, the place was lost), as the search's grid does with its cards.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync } from './support/browse-steps';

const h = useHarness();

/** Opens the email of `row` from the keyboard, steps on twice with the arrow key, then goes back with Escape. */
async function stepTwiceAndBackAsync(ui: Frame, row: ReturnType<Frame['locator']>): Promise<string> {
  await row.focus();
  await h.page.keyboard.press('Enter');
  const position = ui.getByRole('navigation', { name: 'Results' }).locator('.email-detail-position');
  await position.waitFor({ timeout: 10_000 });
  const first = Number(/^(\d+) of/.exec((await position.textContent())!)![1]);
  for (const step of [1, 2]) {
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^${first + step} of`));
  }
  await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
  const shown = (await ui.getByRole('article').getByRole('heading', { level: 2 }).textContent())!;
  await h.page.keyboard.press('Escape');
  return shown;
}

/** The subject of the row that has the keyboard. */
const focusedSubject = (ui: Frame) => ui.evaluate(() => document.activeElement?.querySelector('.brand-email-subject')?.textContent ?? null);

describe('Browse: back from an email stepped on to', () => {
  it('in Likes, goes back to the row of the email last shown', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Likes' }).click();
    const rows = ui.getByRole('list', { name: 'Liked emails' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(4);
    await stepTwiceAndBackAsync(ui, rows.nth(1).getByRole('button').first());
    await expect.poll(() => focusedPlaceAsync(ui), { timeout: 10_000 }).toBe('row 3 of Liked emails');
  });

  it('in a journey, goes on into the next stage and back to that stage’s row', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
    const firstStage = ui.getByRole('region', { name: 'Journeys' }).locator('section').first().locator('ul.brand-emails button.brand-email');
    await firstStage.first().waitFor({ timeout: 20_000 });
    // The first stage's last email: two steps on are in the stages after it.
    const shown = await stepTwiceAndBackAsync(ui, firstStage.last());
    await expect.poll(() => focusedSubject(ui), { timeout: 10_000 }).toBe(shown);
  });
});
