// Templates: a rename that failed, then backed out of with Escape. The form went, but its failure
// stayed under Open, Rename and Delete, read as the row's own trouble: backing out of the rename
// takes the rename's failure with it. A failure of another action (Open) is not the rename's to take,
// nor a rename whose answer was lost: the template may have been renamed, so its words stay.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
const NAME = 'Welcome email';

async function openListAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
  return ui;
}

/** The template's row, by its name as shown (its buttons go while a form is open). */
const rowOf = (ui: Frame) => ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText(NAME, { exact: true }) });

/**
 * A rename of the template sent while the builder fails as `fault` says ('html': an unreadable
 * answer; 'drop': every answer lost), until the row says so; `said` must match its words. Returns
 * the form's name field, still open, and the row's words.
 */
async function failedRenameAsync(ui: Frame, fault: 'html' | 'drop', said: RegExp): Promise<{ name: Locator; failure: string | null }> {
  const row = rowOf(ui);
  await row.getByRole('button', { name: `Rename “${NAME}”` }).click();
  const name = row.getByRole('form', { name: `Rename “${NAME}”` }).getByRole('textbox', { name: 'New name' });
  await name.fill('Welcome email v2');
  const faults = emulatorFaults(h.emulator);
  await faults.setAsync({ rate: 1, kinds: [fault] });
  await name.press('Enter');
  // A lost answer: the client tries again by itself (a rename sent twice is the same rename) before it says so.
  await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 90_000 }).toMatch(said);
  const failure = await textOf(row.getByRole('alert'));
  await faults.clearAsync();
  return { name, failure };
}

describe('Templates: Escape out of a failed rename', () => {
  it('takes the rename’s failure with it, and the keyboard goes back to Rename', async () => {
    const ui = await openListAsync('light');
    const row = rowOf(ui);
    const { name } = await failedRenameAsync(ui, 'html', /./);

    await name.press('Escape');
    await expect.poll(() => row.getByRole('form').count(), { timeout: 10_000 }).toBe(0);
    expect(await row.getByRole('alert').count()).toBe(0);
    expect(await ui.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Rename “${NAME}”`);
    await checkAxeAsync(ui, 'a row after Escape out of a failed rename, light');
  }, 60_000);

  it('leaves a failure of Open in place', async () => {
    const ui = await openListAsync('dark');
    const row = rowOf(ui);
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['html'] });
    await row.getByRole('button', { name: `Open “${NAME}”` }).click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toBeTruthy();
    const openFailure = await textOf(row.getByRole('alert'));
    await faults.clearAsync();

    await row.getByRole('button', { name: `Rename “${NAME}”` }).click();
    await row.getByRole('form', { name: `Rename “${NAME}”` }).getByRole('textbox', { name: 'New name' }).press('Escape');
    await expect.poll(() => row.getByRole('form').count(), { timeout: 10_000 }).toBe(0);
    expect(await textOf(row.getByRole('alert'))).toBe(openFailure);
    await checkAxeAsync(ui, 'a row after Escape with an Open failure, dark');
  }, 60_000);

  it('leaves a rename whose answer was lost in place: it may have gone through', async () => {
    const ui = await openListAsync('light');
    const row = rowOf(ui);
    const { name, failure: lost } = await failedRenameAsync(ui, 'drop', /^The builder’s answer to renaming/);

    await name.press('Escape');
    await expect.poll(() => row.getByRole('form').count(), { timeout: 10_000 }).toBe(0);
    expect(await textOf(row.getByRole('alert'))).toBe(lost);
    await checkAxeAsync(ui, 'a row after Escape out of a rename whose answer was lost, light');
  }, 150_000);
});
