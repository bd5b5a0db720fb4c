// Templates: what a save said ("Saved … as a template") is about the frame and template it was
// said with. Once that template is deleted from its row, or another layer is selected, it goes:
// beside a fresh "Save as template" form it read as if the frame were still saved.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

/** Templates, fresh, with the demo keys; the Spring sale email saved as a template from it. */
async function saveEmailAsync(): Promise<Frame> {
  await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
  await selectLayerAsync(h.page, 'Emails', EMAIL);
  await expect.poll(() => ui.getByLabel('Template name').inputValue()).toBe(EMAIL);
  await ui.getByRole('button', { name: 'Save as template' }).click();
  await expect.poll(() => textOf(result(ui)), { timeout: 30_000 }).toMatch(new RegExp(`^Saved “${EMAIL}” as a template`));
  return ui;
}

const result = (ui: Frame) => ui.getByTestId('templates-save-result');

describe('Templates: what a save said', () => {
  it('goes when the saved template is deleted, and the frame shows its form again', async () => {
    const ui = await saveEmailAsync();
    await ui.getByRole('button', { name: `Delete “${EMAIL}”` }).click();
    await ui.getByRole('group', { name: `Delete “${EMAIL}”?` }).getByRole('button', { name: `Delete “${EMAIL}”` }).click();
    await ui.getByText(`Deleted “${EMAIL}”.`).waitFor({ timeout: 20_000 });
    await ui.getByText(`This frame was linked to “${EMAIL}”, which was deleted; the link is removed.`).waitFor({ timeout: 20_000 });
    await ui.getByRole('button', { name: 'Save as template' }).waitFor();
    expect(await result(ui).textContent()).toBe('');
  });

  it('goes when a layer inside the frame is selected, and does not come back with the frame', async () => {
    const ui = await saveEmailAsync();
    await selectLayerAsync(h.page, 'Emails', null, 1);
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toMatch(/is a frame inside “Spring sale/);
    expect(await result(ui).textContent()).toBe('');
    // The frame again: its link says it was saved; the old words stay gone.
    await selectLayerAsync(h.page, 'Emails', EMAIL);
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toContain(`is linked to the template “${EMAIL}”`);
    expect(await result(ui).textContent()).toBe('');
  });
});
