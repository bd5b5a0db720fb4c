// Me with a library key the library refuses: its lists need a key, so its notice offers no way on
// without one but says what works without; and once Browse goes on without the key, Me says the
// saved key was refused and where to replace it (it said "Add the key", as if none were saved).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { saveRefusedLibraryKeyAsync } from './support/browse-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe.each(['light', 'dark'] as const)('Me with a refused library key (%s)', (theme) => {
  it('says the saved key was refused, what still works, and leads to Settings', async () => {
    const ui = await saveRefusedLibraryKeyAsync(h, theme);
    await ui.getByTestId('nav-browse').click();
    const sections = ui.getByRole('navigation', { name: 'Library' });
    await sections.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });

    // Sending the key: the library refuses it, and Me's lists cannot go on without one.
    const notice = me.getByTestId('library-problem');
    await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 15_000 }).toBe(
      'The library API key was not accepted. Check the key in Settings; it may have been revoked. Emails, brands and journeys can be browsed without a key.',
    );
    expect(await notice.getByRole('button', { name: 'Browse without the key' }).count()).toBe(0);
    expect(await notice.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
    await checkAxeAsync(ui, `Me, the key refused (${theme})`);

    // Browse goes on without the key, from the emails' notice.
    await sections.getByRole('button', { name: 'Emails', exact: true }).click();
    await ui.getByTestId('library-problem').getByRole('button', { name: 'Browse without the key' }).click();
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 15_000 });
    await sections.getByRole('button', { name: 'Me', exact: true }).click();
    const refused = me.getByTestId('me-key-refused');
    await expect.poll(() => textOf(refused.locator('strong')), { timeout: 10_000 }).toBe('Your follows, likes and collections need a key, and the email library did not accept the one saved.');
    expect(await textOf(refused.locator('p'))).toBe('Replace it under Settings → Email library, then come back here. Emails, brands and journeys can be browsed without a key.');
    expect(await me.getByTestId('me-needs-key').count()).toBe(0);
    await checkAxeAsync(ui, `Me, browsing without the refused key (${theme})`);

    // Open Settings leads to the key field, for a new key.
    await refused.getByRole('button', { name: 'Open Settings' }).click();
    const keyField = ui.getByTestId('settings-library-key');
    await expect.poll(() => keyField.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
