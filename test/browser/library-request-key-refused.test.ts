// Brand requests with a library key the library refuses: asking needs a key, so neither My
// requests' notice nor a refused request offers to go on without one; both say what works without.
// Once Browse goes on without the key, Requests says the saved key was refused (it said "Add the
// key", as if none were saved).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { saveRefusedLibraryKeyAsync } from './support/browse-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const WORKS_WITHOUT = 'Emails, brands and journeys can be browsed without a key.';

describe.each(['light', 'dark'] as const)('Brand requests with a refused library key (%s)', (theme) => {
  it('say what works without a key, and then that the saved key was refused', async () => {
    const ui = await saveRefusedLibraryKeyAsync(h, theme);
    await ui.getByTestId('nav-browse').click();
    const sections = ui.getByRole('navigation', { name: 'Library' });
    await sections.getByRole('button', { name: 'Requests', exact: true }).click();
    const requests = ui.getByRole('region', { name: 'Brand requests' });

    // My requests, read with the key: refused, with no way on without it.
    const notice = requests.getByTestId('library-problem');
    await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 15_000 }).toBe(`The library API key was not accepted. Check the key in Settings; it may have been revoked. ${WORKS_WITHOUT}`);
    expect(await notice.getByRole('button', { name: 'Browse without the key' }).count()).toBe(0);

    // A request sent with it: the same.
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand').fill('Harbour Lane Soap');
    await form.getByLabel('Website').fill('harbourlanesoap.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    const outcome = ui.getByTestId('request-outcome');
    await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain(`Your form is kept. ${WORKS_WITHOUT}`);
    expect(await outcome.getByRole('button', { name: 'Browse without the key' }).count()).toBe(0);
    await checkAxeAsync(ui, `brand requests, the key refused (${theme})`);

    // Browse goes on without the key, from the emails' notice.
    await sections.getByRole('button', { name: 'Emails', exact: true }).click();
    await ui.getByTestId('library-problem').getByRole('button', { name: 'Browse without the key' }).click();
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 15_000 });
    await sections.getByRole('button', { name: 'Requests', exact: true }).click();
    const refused = requests.getByTestId('requests-key-refused');
    await expect.poll(() => textOf(refused.locator('strong')), { timeout: 10_000 }).toBe('Asking for a brand needs a key, and the email library did not accept the one saved.');
    expect(await textOf(refused.locator('p'))).toBe(`Replace it under Settings → Email library, then come back here. ${WORKS_WITHOUT}`);
    expect(await requests.getByTestId('requests-need-key').count()).toBe(0);
    await checkAxeAsync(ui, `brand requests, browsing without the refused key (${theme})`);

    await refused.getByRole('button', { name: 'Open Settings' }).click();
    const keyField = ui.getByTestId('settings-library-key');
    await expect.poll(() => keyField.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
