// A change made in this file is the designer's own: its row does not name whoever last synced the
// component as if they had changed it ("Will be pushed · Changed by Ana, 2 days ago" read as Ana's
// change, and pushed the row's own words out of a narrow window). The detail says who last synced it.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { changeFillAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

describe('a component changed here after it was synced', () => {
  it('its row says what will happen; its detail says who last synced it, not who changed it', async () => {
    await h.openFreshAsync('?theme=dark');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    await changeFillAsync(h, 'Header', '#ff2200');
    await ui.getByRole('button', { name: 'Check again' }).click();

    const row = ui.getByRole('grid', { name: 'Components that differ' }).getByRole('row').filter({ hasText: 'Header' });
    await expect.poll(() => textOf(row), { timeout: 30_000 }).toContain('Will be pushed');
    // Read once it is there (textOf's null would pass these).
    const said = await row.textContent({ timeout: 10_000 });
    expect(said).not.toContain('Changed by');
    expect(said).not.toContain('Playground user');

    await row.click();
    const detail = ui.getByTestId('sync-detail');
    await expect.poll(() => textOf(detail.getByText(/^Local change/)), { timeout: 15_000 }).toMatch(/^Local change · Last synced by Playground user, /);
    await checkAxeAsync(ui, 'a local change, dark theme');
  }, 120_000);
});
