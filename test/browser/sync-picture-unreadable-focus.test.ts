// The open component's new "after" picture cannot be read (a check brought a new one, broken): the
// pictures show apart and Swipe's slider goes with the stacking, while the modes stay (both
// versions have a picture). The keyboard on the slider goes to the mode pressed, Swipe, not to the
// page nor to the part's heading; Escape goes on from there.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';
import { swipeSliderMovedAsync } from './support/sync-steps';

const browser = useBrowser();

describe('the open component’s new picture that cannot be read, the keyboard on the Swipe slider', () => {
  it('goes to the mode pressed, Swipe, when the slider goes', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    // The second sync/detail (the one after the new comparison) brings an "after" picture that cannot be read.
    await page.addInitScript(installSyncStub, { count: 3, kinds: ['local-change'], bothPictures: true, unreadablePictureFrom: 2 });
    await page.goto(UI_URL);
    const ui = page.mainFrame();
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).click();
    const detail = page.getByTestId('sync-detail');
    const modes = detail.getByRole('group', { name: 'Compare the pictures' });
    const slider = await swipeSliderMovedAsync(page, detail, modes);

    // A teammate's edit: the badge moves, the screen compares again by itself and loads the detail again.
    await page.evaluate(() => (window as unknown as { syncStub: { emit(type: string, payload: unknown): void } }).syncStub.emit('sync/badge', { rows: 4 }));
    await expect.poll(() => slider.count(), { timeout: 15_000 }).toBe(0);
    // The modes stayed, Swipe pressed: the keyboard is there.
    expect(await modes.getByRole('button', { name: 'Swipe' }).getAttribute('aria-pressed')).toBe('true');
    expect(await focusedAsync(ui)).toBe('button Swipe');
    await checkAxeAsync(ui, 'the detail with a picture that cannot be read, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkAxeAsync(ui, 'the detail with a picture that cannot be read, dark');

    await page.keyboard.press('Escape');
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.close();
  });
});
