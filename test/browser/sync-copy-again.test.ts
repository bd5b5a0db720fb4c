// Copy summary pressed again (pasted once, wanted again) says so again: the same words stayed
// in the status line unchanged, so a screen reader heard nothing the second time and the
// designer could not tell whether it had copied.
import { describe, expect, it } from 'vitest';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';
import { watchStatusRegionsAsync } from './support/status-regions';

const browser = useBrowser();

describe('Copy summary pressed twice', () => {
  it('is said each time, once each time', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    await page.addInitScript(installSyncStub, { count: 4, kinds: ['local-change'] });
    await page.goto(UI_URL);
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.resolve() }, configurable: true });
    });
    const regions = await watchStatusRegionsAsync(page.mainFrame());
    const copy = page.getByRole('button', { name: 'Copy summary' });
    const words = 'Summary copied: 4 components to sync.';
    for (let time = 1; time <= 3; time++) {
      await copy.press('Enter');
      await expect.poll(() => regions.said().then((said) => said.filter((text) => text.startsWith(words)).length)).toBe(time);
      expect(await page.getByText(words).isVisible()).toBe(true);
    }
    expect((await regions.said()).every((text) => text.startsWith(words))).toBe(true);
    await page.close();
  });
});
