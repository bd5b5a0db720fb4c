// A key refused while placing emails, then a new key saved in Settings (the insert's summary still
// showing): the new key is not said refused, in Settings or by the summary, which offers Browse
// without the key only while the refusal is of the key Browse sends.
import { describe, expect, it } from 'vitest';
import { switchToOtherAccountAsync } from './support/browse-steps';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { revokeKeyForEmailReadsAsync } from './support/revoked-key';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('A new library key saved after one refused while placing', () => {
  it('is not said refused, and the summary no longer offers Browse without the key', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const [subject] = await cards.locator('.email-card-subject').allTextContents();
    const box = cards.first().getByRole('checkbox', { name: `Select “${subject!}”` });
    await box.check();
    const stopAsync = await revokeKeyForEmailReadsAsync(h);
    const status = ui.getByTestId('insert-status');
    try {
      await ui.getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => textOf(status.getByRole('status')), { timeout: 60_000 }).toMatch(/The library API key was not accepted\./);
      await expect.poll(() => status.getByRole('button', { name: 'Browse without the key' }).count()).toBe(1);
    } finally {
      await stopAsync();
    }
    // Browse reconnects with the new key: its grid is drawn anew.
    const before = await box.elementHandle();
    await switchToOtherAccountAsync(h, ui);
    await expect.poll(() => before!.evaluate((element) => element.isConnected), { timeout: 15_000 }).toBe(false);
    await cards.first().waitFor();
    // The summary stays (its words are about the attempt made), without a way on from a key no longer sent.
    await expect.poll(() => status.getByRole('button', { name: 'Browse without the key' }).count()).toBe(0);
    expect(await status.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-replace-key').waitFor();
    expect(await ui.getByTestId('settings-library-key-refused').count()).toBe(0);
  });
});
