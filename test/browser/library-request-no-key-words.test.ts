// Brand requests without a library key say where the key goes as Settings heads it: they said
// "Settings → Library", and Settings has no "Library": its section is "Email library".
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseWithoutKeyAsync } from './support/browse-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();


describe.each(['light', 'dark'] as const)('Brand requests without a key (%s)', (theme) => {
  it('name the Settings section the key goes in, and Open Settings leads to it', async () => {
    const ui = await openBrowseWithoutKeyAsync(h, theme);
    await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
    const needsKey = ui.getByTestId('requests-need-key');
    await expect.poll(() => textOf(needsKey.locator('p')), { timeout: 10_000 }).toBe('Add the key from your library account under Settings → Email library, then come back here.');
    await checkAxeAsync(ui, `brand requests without a key, ${theme}`);
    await needsKey.getByRole('button', { name: 'Open Settings' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
    // The section the words name, holding the field the keyboard is in.
    const section = ui.getByRole('region', { name: 'Email library' });
    await expect.poll(() => section.getByTestId('settings-library-key').evaluate((field) => field === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
