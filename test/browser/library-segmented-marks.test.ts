// Browse's segmented controls in an email's detail (Show: Screenshot / HTML, Width: Desktop /
// Phone): the one that is on is filled, the one with the keyboard has the focus ring and no fill,
// as Sync's ways of comparing pictures (one rule for both). The pressed one was a strong edge and
// the focus ring a like edge, so a keyboard user could not tell which was on. Measured in the
// computed colours, in both themes, and in forced colours.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, expectSegmentMarksAsync, fillContrastAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe.each(['light', 'dark'] as const)('an email’s Show and Width, %s theme', (theme) => {
  it('shows the one that is on filled and the one with the keyboard ringed, each 3:1 from the control', async () => {
    const ui = await openBrowseAsync(h, theme);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
    const show = ui.getByRole('group', { name: 'Show' });
    const screenshot = show.getByRole('button', { name: 'Screenshot' });
    const html = show.getByRole('button', { name: 'HTML' });
    await html.click();
    const width = ui.getByRole('group', { name: 'Width' });
    const desktop = width.getByRole('button', { name: 'Desktop' });
    const phone = width.getByRole('button', { name: 'Phone' });
    await desktop.waitFor();
    expect(await html.getAttribute('aria-pressed')).toBe('true');
    expect(await desktop.getAttribute('aria-pressed')).toBe('true');

    // From HTML (on), Shift+Tab puts the keyboard on Screenshot (off).
    await h.page.keyboard.press('Shift+Tab');
    await expectSegmentMarksAsync(h.page, ui, html, screenshot, `Show: HTML on, Screenshot focused, ${theme}`);
    await checkAxeAsync(ui, `an email, Screenshot focused, ${theme}`);

    // Tab to Phone (off), past Desktop (on).
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    await expectSegmentMarksAsync(h.page, ui, desktop, phone, `Width: Desktop on, Phone focused, ${theme}`);

    // Back on Desktop: filled and ringed, the ring still 3:1 (apart from the fill by a line of the control's grey).
    await h.page.keyboard.press('Shift+Tab');
    expect(await desktop.evaluate((element) => element === document.activeElement)).toBe(true);
    const both = await fillContrastAsync(ui, desktop);
    expect.soft(both.fillOnGround, 'Desktop’s fill, focused').toBeGreaterThanOrEqual(3);
    expect.soft(both.ring, 'the ring on the one that is on').toBeGreaterThanOrEqual(3);
  }, 120_000);
});
