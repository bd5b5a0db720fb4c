// Templates: the selected frame's template is named as the list names it, unless the list was
// read before this frame's last save. After an Update, the list not yet read again showed the
// name the template had before a teammate renamed it, beside the update that had just said the new one.
import { describe, expect, it } from 'vitest';
import { holdRequestsAsync } from './support/hold-requests';
import { useHarness, textOf } from './support/playground-harness';
import { renameInBuilderAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

describe('Templates: the selected frame’s template after an Update', () => {
  it('is named as the update says while the list is still being read again (it said the list’s older name)', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: EMAIL }).click();
    await expect.poll(() => ui.getByLabel('Template name').inputValue()).toBe(EMAIL);
    await ui.getByLabel('Template name').fill('Spring');
    await ui.getByRole('button', { name: 'Save as template' }).click();
    const selection = ui.getByTestId('templates-selection');
    await expect.poll(() => textOf(selection), { timeout: 30_000 }).toContain('is linked to the template “Spring”');
    await ui.getByRole('list', { name: 'Templates in the workspace' }).getByText('Spring', { exact: true }).waitFor({ timeout: 20_000 });

    // A teammate renames it in the builder; the frame changes here and is updated, the list's next read held.
    await renameInBuilderAsync(h, 'Spring', 'Spring (approved)');
    const select = h.page.locator('[data-role="component-select"]');
    await select.selectOption((await select.locator('option', { hasText: `${EMAIL} (frame)` }).getAttribute('value'))!);
    await h.page.locator('[data-role="fill-input"]').fill('#d0e0ff');
    await h.page.locator('[data-action="fill"]').click();
    const held = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname === '/api/templates');
    try {
      await ui.getByRole('button', { name: 'Update template' }).click();
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 30_000 }).toMatch(/^Updated “Spring \(approved\)”/);
      expect(await textOf(selection)).toContain('is linked to the template “Spring (approved)”');
    } finally {
      await held.releaseAsync();
    }
    await expect.poll(() => textOf(selection), { timeout: 20_000 }).toContain('is linked to the template “Spring (approved)”');
  });
});
