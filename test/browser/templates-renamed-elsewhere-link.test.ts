// Templates: a template renamed in the builder (by a teammate) is renamed in the file too once the
// list shows it: the frame's saved link and Figma's "Update template" button kept the old name
// until the next update, and a later "was deleted" notice named the template as it no longer was.
// The change is an undo step of its own.
import { describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { renameInBuilderAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

/** The email frame's saved link and its relaunch buttons, as the document holds them. */
function frameAsync(): Promise<{ link: string; buttons: Array<{ command: string; description: string }> }> {
  return evaluateHooks(
    h.page,
    (hooks, name) => {
      const inspect = hooks.inspect();
      const frame = inspect.allNodes().find((node) => node.type === 'FRAME' && node.name === name) as FrameNode;
      return inspect.run(() => ({ link: frame.getPluginData('templateLink'), buttons: inspect.relaunchButtons(frame).map(({ command, description }) => ({ command, description })) }));
    },
    EMAIL,
  );
}

describe('Templates: a template renamed in the builder', () => {
  it('is named anew in the frame’s link and its Update button once the list shows the new name', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: EMAIL }).click();
    await expect.poll(() => ui.getByLabel('Template name').inputValue()).toBe(EMAIL);
    await ui.getByLabel('Template name').fill('Spring');
    await ui.getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 30_000 }).toContain('is linked to the template “Spring”');
    expect(JSON.parse((await frameAsync()).link)).toMatchObject({ templateName: 'Spring' });

    const id = await renameInBuilderAsync(h, 'Spring', 'Spring (approved)');
    await ui.getByTestId('nav-browse').click();
    await ui.getByTestId('nav-templates').click();
    const row = list.getByRole('listitem').filter({ has: ui.getByText('Spring (approved)', { exact: true }) });
    await expect.poll(() => textOf(row), { timeout: 20_000 }).toContain(`Linked to the frame “${EMAIL}”`);

    await expect.poll(async () => JSON.parse((await frameAsync()).link).templateName, { timeout: 20_000 }).toBe('Spring (approved)');
    expect((await frameAsync()).buttons).toContainEqual(expect.objectContaining({ description: expect.stringContaining('“Spring (approved)”') }));
    // An undo step of its own: ⌘Z takes back the new name only, not the save before it.
    await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    expect(JSON.parse((await frameAsync()).link)).toMatchObject({ templateId: id, templateName: 'Spring' });
  });
});
