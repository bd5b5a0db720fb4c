// A row taken in part at the window's default width (400 px): it says how much is left, then who
// and when, whole (it was "Taken in part: 1 step left to do by hand · Skipped fo…", cut before who
// and when, and "Skipped for now" beside "Taken in part" read as a contradiction); its tooltip
// says it in full, with what leaving it unticked means.
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('a row taken in part at 400 px', () => {
  it('says the steps left, then who and when, whole; the tooltip says it in full', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    await page.addInitScript(installSyncStub, { count: 2, kinds: ['local-change'], takenInPartSteps: ['Set the fill to #ff2200 by hand.'] });
    await page.goto(UI_URL);
    const row = page.getByTestId('sync-row').filter({ hasText: 'Header' });
    await row.waitFor();
    const sub = await row.locator('.sync-sub').evaluate((line: HTMLElement) => ({
      text: [...line.childNodes].filter((part) => !(part instanceof HTMLElement && part.classList.contains('visually-hidden'))).map((part) => part.textContent).join(''),
      title: line.title,
      whole: line.scrollWidth <= line.clientWidth,
    }));
    expect(sub.text).toBe('Taken in part: 1 step left · Robin Vale · just now');
    expect(sub.whole).toBe(true);
    expect(sub.title).toContain('Taken in part: 1 step left to do by hand; not taken again unless you choose to take it');
    expect(sub.title).toContain('Robin Vale');
    // Ticked to take again, the row says so instead.
    await page.getByRole('checkbox', { name: 'Take Header' }).check();
    await expect.poll(() => row.locator('.sync-sub').textContent()).toContain('Taken in part: 1 step left · Will be taken');
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});
