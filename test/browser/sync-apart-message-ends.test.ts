// "Banner: the deleted and the added component are shown apart…" stayed under the buttons after
// "Keep them apart" while another component's detail was open, until the next action: words about
// the list, read as if about the component open. They end once another component opens (one of
// the two rows kept apart still fits them).
import { describe, expect, it } from 'vitest';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

describe('the "shown apart" words after Keep them apart', () => {
  it('stay with the two rows kept apart and end once another component opens', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    await page.addInitScript(installSyncStub, { count: 3, replaced: true });
    await page.goto(UI_URL);
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const message = page.getByTestId('sync-message');
    const apart = 'Banner: the deleted and the added component are shown apart, each with its own choice.';
    const back = page.getByRole('button', { name: '← Back to the list' });

    await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).click();
    await page.getByRole('button', { name: 'Keep them apart' }).click();
    await expect.poll(() => page.getByTestId('sync-row').filter({ hasText: 'Banner' }).count()).toBe(2);
    await expect.poll(() => message.textContent()).toContain(apart);

    // One of the two rows it is about: the words still fit.
    await page.getByTestId('sync-row').filter({ has: page.getByRole('checkbox', { name: 'Push Banner' }) }).click();
    await back.waitFor();
    expect(await message.textContent()).toContain(apart);
    await back.click();

    // Another component: they end.
    await page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).click();
    await back.waitFor();
    await expect.poll(() => message.textContent()).not.toContain('shown apart');
    // And stay ended back in the list.
    await back.click();
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    expect(await message.textContent()).not.toContain('shown apart');
    await page.close();
  });
});
