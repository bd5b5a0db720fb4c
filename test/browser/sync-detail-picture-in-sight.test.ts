// Opening a row showed its property table first and its pictures under it, drawn up to 240 px
// tall: at the plugin's default size (400 × 600), a table of a few rows (Hero's fill and text
// changed) put the picture below the visible part of the screen, and the designer saw no picture
// until they scrolled. The pictures now come before the table and show whole on opening; the
// keyboard stays on the detail's heading and nothing scrolls.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { outOfSightAsync } from './support/out-of-sight';
import { heroChangedAtOpeningSizeAsync } from './support/sync-steps';

const h = useHarness();

describe.each(['light', 'dark'] as const)('a row opened at the default size, %s theme', (theme) => {
  it('shows its pictures without scrolling', async () => {
    // Hero's fill and text changed: a table of a few rows.
    const { ui } = await heroChangedAtOpeningSizeAsync(h, theme, async () => {
      await h.page.getByRole('textbox', { name: /^Text/ }).fill('Summer, brought outdoors');
      await h.page.getByRole('button', { name: 'Change text' }).click();
    });
    const detail = ui.getByTestId('sync-detail');
    const pictures = detail.locator('.sync-pictures img');
    await expect.poll(() => pictures.count()).toBe(2);
    for (const picture of await pictures.all()) await picture.evaluate((image) => (image as HTMLImageElement).decode());
    // Every property is still said (under the pictures).
    await expect.poll(() => detail.getByTestId('sync-changes').getByRole('row').count()).toBeGreaterThan(2);
    for (const picture of await pictures.all()) expect(await outOfSightAsync(picture), `${await picture.getAttribute('alt')} at 400 × 600`).toBe(0);
    // Shown without moving the keyboard or the screen: the heading keeps it, the Back link in sight.
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('sync-detail-title');
    expect(await outOfSightAsync(detail.getByRole('button', { name: '← Back to the list' }))).toBe(0);
    await checkAxeAsync(ui, `a row opened at 400 × 600, ${theme}`);
  }, 120_000);
});
