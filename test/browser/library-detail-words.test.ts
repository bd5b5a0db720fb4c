// An email's detail: "From news@…" is its sender, so the service that shows it is credited
// "Via MailVault" (it read as a second sender, "From MailVault", two lines below), its name linked
// to its site as the library gives them; and the width toggle says "Phone", as README does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openBrowseAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { textOf, useHarness } from './support/playground-harness';

const h = useHarness();

describe('an email’s detail', () => {
  it('credits the service "Via", apart from the sender, and names the width "Phone" as README does', async () => {
    const ui = await openBrowseAsync(h, 'light');
    const list = await readLibraryAsync<{ data: Array<{ id: number }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=1', null);
    const detail = await readLibraryAsync<{ data: { from_email: string; brand: { name: string } }; meta: { attribution: { source: string; url: string } } }>(h.emulator.libraryUrl, `/v1/emails/${list.data[0]!.id}`, null);
    const { source, url } = detail.meta.attribution;
    // Under the results too, the service is credited the same way.
    await expect.poll(() => textOf(ui.locator('.library-credit')), { timeout: 15_000 }).toBe(`Via ${source} · each email belongs to its brand`);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();

    const credit = ui.getByTestId('email-attribution');
    await expect.poll(() => textOf(credit), { timeout: 15_000 }).toBe(`This email belongs to ${detail.data.brand.name}, its sender. Via ${source} · Its page in the library`);
    expect(await credit.getByRole('link', { name: source }).getAttribute('href')).toBe(url);
    // "From" is the sender's alone.
    expect(await ui.getByRole('article').locator('dt', { hasText: /^From$/ }).count()).toBe(1);
    expect(await textOf(ui.getByRole('article').locator('dd').first())).toBe(detail.data.from_email);
    expect(await textOf(credit)).not.toMatch(/\bFrom\b/);

    await ui.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'HTML' }).click();
    const width = ui.getByRole('group', { name: 'Width' });
    await width.getByRole('button', { name: 'Desktop' }).waitFor({ timeout: 15_000 });
    expect(await width.getByRole('button').allTextContents()).toEqual(['Desktop', 'Phone']);
    // README names the widths the same way.
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toMatch(/desktop \(640 px[^)]*\) or phone width/);
  }, 60_000);
});
