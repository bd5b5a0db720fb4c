// Templates: renaming a template a teammate deleted meanwhile, while a frame here is still linked
// to it. The refusal said "Unlink the frame to save it as a new template." and offered nothing to do
// it with: an update refused the same way offers "Unlink the frame" beside its words. Now the row
// offers it too (and the line above the list, when the filter hid the row): pressed, the frame is
// unlinked, and the template, gone from the builder with no frame here, leaves the list, as its
// rename would with no frame linked.
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { frameUnlinkedAsync, linkedTemplateDeletedElsewhereAsync, sentThenHiddenAsync } from './support/templates-steps';

const h = useHarness();
const NAME = DEMO_EMAIL_NAME;
const GONE_WORDS = `The template “${NAME}” is no longer in the builder: it has been deleted. Unlink the frame to save it as a new template.`;
const SAID = `“${NAME}” was already deleted elsewhere. The frame “${NAME}” is no longer linked to it. `;

/** As linkedTemplateDeletedElsewhereAsync; then the rename is saved, and while it is on its way the filter hides its row: its refusal is said above the list. */
async function refusedWhileHiddenAsync(theme: 'light' | 'dark') {
  const steps = await linkedTemplateDeletedElsewhereAsync(h, theme);
  const held = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));
  await sentThenHiddenAsync(steps, held, () => steps.save.click());
  await held.releaseAsync();
  await expect.poll(() => textOf(steps.region.getByRole('alert')), { timeout: 20_000 }).toBe(`Renaming “${NAME}”: ${GONE_WORDS}`);
  return steps;
}

describe('Templates: a rename refused as its template is gone, a frame here linked to it', () => {
  it('offers Unlink the frame beside the words; pressed, the frame is unlinked and the row goes, said, the keyboard on the next row (light)', async () => {
    const { ui, region, row, save } = await linkedTemplateDeletedElsewhereAsync(h, 'light');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toBe(GONE_WORDS);
    const unlink = row.getByRole('button', { name: 'Unlink the frame' });
    expect(await unlink.count()).toBe(1);
    await checkAxeAsync(ui, 'Templates, a rename refused as gone with a frame linked, light');

    await unlink.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'no longer linked' }))).toBe(SAID);
    await frameUnlinkedAsync(ui);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Open “/);
    await checkAxeAsync(ui, 'Templates, the frame unlinked from a template gone, light');
  });

  it('offers it above the list too when the filter hid the row; pressed, the keyboard stays in the filter (dark)', async () => {
    const { ui, region, list, row, filter } = await refusedWhileHiddenAsync('dark');
    const unlink = region.getByRole('button', { name: 'Unlink the frame' });
    expect(await unlink.count()).toBe(1);
    await checkAxeAsync(ui, 'Templates, a hidden row’s rename refused as gone with a frame linked, dark');

    await unlink.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'no longer linked' })), { timeout: 20_000 }).toBe(SAID);
    expect(await region.getByRole('alert').count()).toBe(0);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await frameUnlinkedAsync(ui);
    await checkAxeAsync(ui, 'Templates, the frame unlinked from a hidden row’s template gone, dark');
    await filter.press('Escape');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(4);
    expect(await row.count()).toBe(0);
  });

  it('pressed above the list once the filter shows the row again, the keyboard goes on at the row that took its place (light)', async () => {
    const { ui, region, row, filter } = await refusedWhileHiddenAsync('light');
    await filter.press('Escape');
    await row.waitFor({ timeout: 20_000 });

    await region.getByRole('button', { name: 'Unlink the frame' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'no longer linked' })), { timeout: 20_000 }).toBe(SAID);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Open “/);
    await frameUnlinkedAsync(ui);
  });
});
