// Templates: "Saved … as a template" was said with the builder key of the time. A designer saves a
// frame, then saves a wrong key in Settings and comes back: the list says the key was not accepted,
// and the green "Saved …" from the old key no longer stands beside it as if the new key had worked.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textNowAsync, textOf } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

const result = (ui: Frame) => ui.getByTestId('templates-save-result');
const tab = (ui: Frame, name: string) => ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name });

describe('Templates: a save said with the old key', () => {
  it('goes once a wrong key is saved and the list says it was not accepted', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await selectLayerAsync(h.page, 'Emails', EMAIL);
    await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(EMAIL);
    await ui.getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(result(ui)), { timeout: 30_000 }).toMatch(new RegExp(`^Saved “${EMAIL}” as a template`));

    await tab(ui, 'Settings').click();
    if ((await ui.getByTestId('settings-builder-key').count()) === 0) await ui.getByTestId('settings-builder-replace-key').click();
    await ui.getByTestId('settings-builder-key').fill('ef_not_a_real_key_123');
    await ui.getByTestId('settings-builder-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 20_000 }).toBe(maskKey('ef_not_a_real_key_123'));
    await tab(ui, 'Templates').click();

    const listRegion = ui.getByRole('region', { name: 'Templates in the workspace' });
    await expect.poll(() => textOf(listRegion.getByRole('alert')), { timeout: 20_000 }).toContain('The builder API key was not accepted');
    expect(await textNowAsync(result(ui))).toBe('');
    // The frame is still linked: Update template stays, with nothing green beside it.
    await ui.getByRole('button', { name: 'Update template' }).waitFor();
    await checkAxeAsync(ui, 'Templates after a wrong key, light');
  });
});
