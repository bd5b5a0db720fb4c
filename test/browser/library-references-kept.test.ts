// The reference check goes on while the designer looks at another Browse section (without a key
// it takes minutes: the library answers 20 requests a minute), and its outcome is still there
// when they come back to References. Leaving the section stopped it and forgot it.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { holdRequestsAsync } from './support/hold-requests';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();

describe('References: another section looked at during the check', () => {
  it('keeps the check going and its outcome shown on the way back', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
    const ids = list.data.map((email) => email.id);
    await h.openAsync(`?command=browse&demo-keys=1&references=${ids.join(',')}`);
    const ui = await h.uiFrameAsync();
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    // The library's answers about the placed emails wait while the designer goes elsewhere.
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => ids.some((id) => url.pathname === `/v1/emails/${id}`));
    try {
      await ui.getByRole('button', { name: 'References', exact: true }).click();
      await ui.getByRole('button', { name: 'Check references' }).click();
      await expect.poll(() => held.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await ui.getByRole('button', { name: 'Emails', exact: true }).click();
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
    } finally {
      await held.releaseAsync();
    }
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 20_000 }).toBe('3 references to 3 emails; 1 removed from the library.');
    await ui.getByRole('list', { name: 'References to removed emails' }).waitFor({ timeout: 10_000 });
    // And again, once more elsewhere and back: the list of references to remove is still there.
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    await ui.getByRole('list', { name: 'References to removed emails' }).waitFor({ timeout: 10_000 });
  });
});
