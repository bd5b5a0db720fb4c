// Templates on a first run (no builder key saved): a selected email is not offered a name and
// description to fill in that a save could only refuse. The save section says the key comes
// first, and the screen's one Open Settings (under the list) leads there; once the key is saved,
// the form is back for the same frame.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

async function selectEmailAsync(): Promise<void> {
  await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
  await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: EMAIL }).click();
}

const saveRegion = (ui: Frame) => ui.getByRole('region', { name: 'Save selection as template' });

describe('Templates without a builder key', () => {
  it.each(['light', 'dark'] as const)('says the key comes first instead of a form that can only be refused (%s), and shows the form once the key is saved', async (theme) => {
    await h.openFreshAsync(`?command=templates&theme=${theme}`);
    let ui = await h.uiFrameAsync();
    await ui.getByRole('region', { name: 'Templates in the workspace' }).getByText('This needs a builder API key. Add one in Settings.').waitFor({ timeout: 20_000 });
    await selectEmailAsync();
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toBe(`“${EMAIL}” is selected.`);
    await saveRegion(ui).getByText('To save it as a template, add a builder API key in Settings.').waitFor();
    expect(await saveRegion(ui).getByRole('textbox').count()).toBe(0);
    expect(await saveRegion(ui).getByRole('button').count()).toBe(0);
    // One way to Settings on the screen, not one per section.
    expect(await ui.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
    expect(await axeViolationsAsync(ui)).toEqual([]);

    await evaluateHooks(h.page, (hooks) => hooks.useDemoKeysAsync());
    ui = await h.uiFrameAsync();
    await ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name: 'Templates' }).click();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(EMAIL);
    expect(await saveRegion(ui).getByText('add a builder API key').count()).toBe(0);
  });
});
