// "More" under a paged list, as a keyboard user pages with it: where the focus lands when the next
// page fails, and that it stays in view under the rows it added on every screen that has it.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { firstBrandsAsync, focusSeen, focusedRow, openBrandAsync, openBrowseAsync } from './support/browse-steps';

const h = useHarness();

async function openBrandOfManyEmailsAsync(ui: Frame): Promise<string> {
  const brand = (await firstBrandsAsync(h)).find((known) => known.email_count > 40)!;
  await openBrandAsync(ui, brand.name);
  await expect.poll(() => ui.getByRole('list', { name: `Emails from ${brand.name}` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(20);
  return brand.name;
}

describe('More: the next page could not be loaded', () => {
  it('a brand’s page says so under its emails, where More was, with Try again focused there (it said so at the top, above the insights, and the window jumped up)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync(h);
    const name = await openBrandOfManyEmailsAsync(ui);
    const emails = ui.getByRole('list', { name: `Emails from ${name}` });
    await ui.getByRole('button', { name: 'More emails' }).focus();
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await h.page.keyboard.press('Enter');
      const notice = ui.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const rows = (await emails.boundingBox())!;
      const said = (await notice.boundingBox())!;
      expect(said.y).toBeGreaterThanOrEqual(rows.y + rows.height);
      await expect.poll(() => focusSeen(ui)).toBe('BUTTON Try again: in view');
    } finally {
      await faults.clearAsync();
    }
    // Try again brings the page: the keyboard goes on at its first email.
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focusedRow(ui, `Emails from ${name}`), { timeout: 10_000 }).toBe(20);
  });

  it('keeps the keyboard on the notice’s countdown while the library asks to wait, then on the first email the page brought (it fell to the page, and stayed there)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync(h);
    const name = await openBrandOfManyEmailsAsync(ui);
    await ui.getByRole('button', { name: 'More emails' }).focus();
    await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 2 });
    try {
      await h.page.keyboard.press('Enter');
      await ui.getByTestId('library-problem').waitFor({ timeout: 10_000 });
      await expect.poll(() => focusSeen(ui)).toMatch(/^P Trying again in \d+ seconds?\.: in view$/);
    } finally {
      await faults.clearAsync();
    }
    // The notice asks again by itself once the wait is over.
    await expect.poll(() => focusedRow(ui, `Emails from ${name}`), { timeout: 15_000 }).toBe(20);
    expect(await focusSeen(ui)).toMatch(/: in view$/);
  });
});

describe('More on Me', () => {
  it('keeps the focused More in view below the newest followed emails it added', async () => {
    const ui = await openBrowseAsync(h);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const rows = ui.getByRole('list', { name: 'Newest from followed brands' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    const more = ui.getByRole('region', { name: 'Me' }).getByRole('button', { name: 'More', exact: true });
    await more.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(40);
    await expect.poll(() => more.getAttribute('aria-busy')).not.toBe('true');
    await expect.poll(() => focusSeen(ui), { timeout: 5_000 }).toBe('BUTTON More: in view');
  });
});
