// Templates: the selected frame's template is named as the builder names it now. A teammate who
// renames it in the builder is seen in the list; the words about the selected frame above it said
// the name the frame was last saved with, so the two disagreed about one template.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { renameInBuilderAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

describe('Templates: the selected frame’s template', () => {
  it('is named as the list names it once a teammate renamed it in the builder (it kept the name of the last save)', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: EMAIL }).click();
    await expect.poll(() => ui.getByLabel('Template name').inputValue()).toBe(EMAIL);
    await ui.getByLabel('Template name').fill('Spring');
    await ui.getByRole('button', { name: 'Save as template' }).click();
    const selection = ui.getByTestId('templates-selection');
    await expect.poll(() => textOf(selection), { timeout: 30_000 }).toContain('is linked to the template “Spring”');

    // A teammate renames it in the builder; the designer looks at Browse and comes back.
    await renameInBuilderAsync(h, 'Spring', 'Spring (approved)');
    await ui.getByTestId('nav-browse').click();
    await ui.getByTestId('nav-templates').click();
    const row = list.getByRole('listitem').filter({ has: ui.getByText('Spring (approved)', { exact: true }) });
    await expect.poll(() => textOf(row), { timeout: 20_000 }).toContain(`Linked to the frame “${EMAIL}”`);

    expect(await textOf(selection)).toBe(`“${EMAIL}” is linked to the template “Spring (approved)”, saved just now.`);
  });
});
