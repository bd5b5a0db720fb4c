// Me says a thing once, in Settings' own words: an empty collection said "0 emails." and then
// "This collection is empty."; without a key, Me sent the designer to "Settings → Library", and
// Settings has no "Library": its section is "Email library".
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync, openBrowseWithoutKeyAsync, sectionButton } from './support/browse-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();


describe.each(['light', 'dark'] as const)('Me’s words (%s)', (theme) => {
  it('an empty collection says it is empty once', async () => {
    const ui = await openBrowseAsync(h, theme);
    await sectionButton(ui, 'Me').click();
    const me = ui.getByRole('region', { name: 'Me' });
    await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
    // The demo account's collection with nothing saved in it yet.
    const empty = me.getByRole('list', { name: 'Collections' }).getByRole('button', { name: /^To review/ });
    await expect.poll(() => textOf(empty), { timeout: 10_000 }).toContain('0 emails');
    await empty.click();
    await expect.poll(() => textOf(me.locator('.empty-state')), { timeout: 10_000 }).toBe('This collection is empty.');
    expect(await me.getByText('0 emails.').count()).toBe(0);
    expect(await me.locator('.field-hint').count()).toBe(0);
    await checkAxeAsync(ui, `an empty collection, ${theme}`);
  });

  it('without a key, names the Settings section the key goes in, and Open Settings leads to it', async () => {
    const ui = await openBrowseWithoutKeyAsync(h, theme);
    await sectionButton(ui, 'Me').click();
    const needsKey = ui.getByTestId('me-needs-key');
    await expect.poll(() => textOf(needsKey.locator('p')), { timeout: 10_000 }).toBe('Add the key from your library account under Settings → Email library, then come back here.');
    await checkAxeAsync(ui, `Me without a key, ${theme}`);
    await needsKey.getByRole('button', { name: 'Open Settings' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
    const section = ui.getByRole('region', { name: 'Email library' });
    await expect.poll(() => section.getByTestId('settings-library-key').evaluate((field) => field === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
