// A list emptied by emails found removed, left and come back to. Me's likes said, on the way back,
// "the library removed the emails you liked", as if more had gone than the one opened (the list
// kept every row it had ever shown, and any of them removed read as "all"); now it says what it
// said before it was left. A brand's page kept nothing: come back to, its Emails section was gone,
// unsaid; now it comes back with its pages, and says its emails were removed.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrandAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

type Emails = Array<{ id: number }>;

const removeAsync = (id: number) => libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);

/** The one row of a list opened, found removed, and Escape back to the list it left empty. */
async function openRemovedAsync(ui: Frame, id: number): Promise<void> {
  await removeAsync(id);
  await ui.locator(`[data-email-id="${id}"]`).click();
  await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
  await h.page.keyboard.press('Escape');
  await expect.poll(() => ui.locator(`[data-email-id="${id}"]`).count(), { timeout: 10_000 }).toBe(0);
}

describe.each(['light', 'dark'] as const)('Browse: a list emptied by removals, come back to (%s)', (theme) => {
  it('Me’s likes say the library removed the one opened, as before they were left', async () => {
    try {
      const ui = await openBrowseAsync(h, theme);
      // (After Browse opens: opening the playground resets the emulator.) All liked emails but one removed before Me reads them.
      const key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
      const [last, ...others] = (await readLibraryAsync<{ data: Emails }>(h.emulator.libraryUrl, '/v1/me/likes?per_page=50', key)).data.map((email) => email.id) as [number, ...number[]];
      for (const id of others) await removeAsync(id);
      await sectionButton(ui, 'Me').click();
      const me = ui.getByRole('region', { name: 'Me' });
      await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Likes' }).click();
      await ui.locator(`[data-email-id="${last}"]`).waitFor({ timeout: 10_000 });

      await openRemovedAsync(ui, last);
      const words = 'No liked emails left: the library removed the one you opened.';
      await expect.poll(() => textOf(me.locator('.empty-state')), { timeout: 10_000 }).toBe(words);

      await sectionButton(ui, 'Emails').click();
      await sectionButton(ui, 'Me').click();
      await expect.poll(() => textOf(me.locator('.empty-state')), { timeout: 10_000 }).toBe(words);
      await checkAxeAsync(ui, `Me's likes emptied, come back to, ${theme}`);
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });

  it('a brand’s page keeps its Emails section, saying the library removed the one opened', async () => {
    try {
      const ui = await openBrowseAsync(h, theme);
      const brands = (await readLibraryAsync<{ data: Array<{ name: string; slug: string; email_count: number }> }>(h.emulator.libraryUrl, '/v1/brands?per_page=50')).data;
      const brand = brands.filter((each) => each.email_count >= 2).sort((a, b) => a.email_count - b.email_count)[0]!;
      const [last, ...others] = (await readLibraryAsync<{ data: { emails: Emails } }>(h.emulator.libraryUrl, `/v1/brands/${brand.slug}?per_page=50`)).data.emails.map((email) => email.id) as [number, ...number[]];
      for (const id of others) await removeAsync(id);
      await openBrandAsync(ui, brand.name);
      await ui.locator(`.brand-page [data-email-id="${last}"]`).waitFor({ timeout: 10_000 });

      await openRemovedAsync(ui, last);
      const emails = ui.getByRole('region', { name: 'Emails', exact: true });
      const words = 'No emails from this brand are left: the library removed the one you opened.';
      await expect.poll(() => textOf(emails.locator('.empty-state')), { timeout: 10_000 }).toBe(words);

      await ui.getByRole('navigation', { name: 'Brand' }).getByRole('button').click();
      await openBrandAsync(ui, brand.name);
      await ui.getByRole('heading', { level: 2, name: brand.name }).waitFor({ timeout: 10_000 });
      await expect.poll(() => textOf(emails.locator('.empty-state')), { timeout: 10_000 }).toBe(words);
      await checkAxeAsync(ui, `a brand's emails emptied, come back to, ${theme}`);
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
