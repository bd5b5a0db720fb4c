// A conflict whose version cannot be taken whole, opened at the plugin's default size (400 × 600):
// the steps that taking theirs would leave by hand listed in full above the pictures, even with
// Keep mine or Skip chosen, and pushed the pictures out of sight. Now one line says them (opened
// on demand) until Take theirs is chosen, and the pictures show without scrolling.
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { outOfSightAsync } from './support/out-of-sight';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

const steps = [
  'Hero › Title: font size 32 → 40',
  'Hero › Title: line height 40 → 48',
  'Hero › Image: corner radius 0 → 12',
  'Hero › Button: padding left 16 → 24',
  'Hero › Button: padding right 16 → 24',
  'Hero › Caption: text "Shop now" → "Shop the summer"',
];

describe.each(['light', 'dark'] as const)('a conflict with steps by hand at 400 × 600, %s theme', (theme) => {
  it('shows its pictures without scrolling while theirs is not chosen, and lists the steps once it is', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript(installSyncStub, { count: 20, bothPictures: true, pictureSize: [320, 240] as [number, number], conflictManualSteps: steps });
    await page.goto(UI_URL);
    await page.getByText('Button / Primary 4', { exact: true }).click();
    const detail = page.getByTestId('sync-detail');
    await detail.getByRole('radio', { name: 'Keep mine' }).check();
    const pictures = detail.locator('.sync-pictures img');
    await expect.poll(() => pictures.count()).toBe(2);
    for (const picture of await pictures.all()) await picture.evaluate((image) => (image as HTMLImageElement).decode());
    for (const picture of await pictures.all()) expect(await outOfSightAsync(picture), `${await picture.getAttribute('alt')} at 400 × 600`).toBe(0);
    // Said before theirs is taken: one line, which opens to the steps.
    const later = detail.getByTestId('sync-manual-steps');
    expect(await later.textContent()).toContain('Taking theirs leaves 6 changes to make by hand');
    expect(await later.getByText(steps[0]!).isVisible()).toBe(false);
    await later.getByText('Taking theirs leaves 6 changes to make by hand').click();
    expect(await later.getByText(steps[0]!).isVisible()).toBe(true);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    // Theirs chosen: listed in full.
    await detail.getByRole('radio', { name: 'Take theirs' }).check();
    await expect.poll(() => detail.getByTestId('sync-manual-steps').textContent()).toContain('Change these by hand afterwards');
    expect(await detail.getByText(steps[5]!).isVisible()).toBe(true);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});
