// Templates: a save refused with the builder's old key is not said beside the new key's answers.
// A designer's save is refused (a key that is not accepted), they follow Open Settings, save the
// right key and come back: the old refusal is gone and the name they typed is still there. And a
// name typed for a frame stays when the frame is renamed on the canvas; untyped, it follows.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
let demoKey: string;
const EMAIL = DEMO_EMAIL_NAME;

beforeAll(async () => {
  const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
  demoKey = state.builder.keys.demo;
});

const saveRegion = (ui: Frame) => ui.getByRole('region', { name: 'Save selection as template' });
const tab = (ui: Frame, name: string) => ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name });

/** Templates fresh with the demo keys, the email frame selected and its name field shown. */
async function openWithEmailAsync(): Promise<Frame> {
  await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
  await selectLayerAsync(h.page, 'Emails', EMAIL);
  await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(EMAIL);
  return ui;
}

/** In Settings (already shown), the builder key replaced by `key` and saved. */
async function saveBuilderKeyAsync(ui: Frame, key: string): Promise<void> {
  if ((await ui.getByTestId('settings-builder-key').count()) === 0) await ui.getByTestId('settings-builder-replace-key').click();
  await ui.getByTestId('settings-builder-key').fill(key);
  await ui.getByTestId('settings-builder-save').click();
  await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 20_000 }).toBe(maskKey(key));
}

describe('Templates: a save problem and a new builder key', () => {
  it('a save refused with a wrong key is gone once the right key is saved in Settings; the typed name stays', async () => {
    const ui = await openWithEmailAsync();
    await tab(ui, 'Settings').click();
    await saveBuilderKeyAsync(ui, 'ef_not_a_real_key_123');
    await tab(ui, 'Templates').click();
    await ui.getByLabel('Template name').fill('Typed name');
    await saveRegion(ui).getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(saveRegion(ui).getByRole('alert')), { timeout: 20_000 }).toContain('The builder API key was not accepted');

    // The designer follows the save problem's way to Settings and saves the right key.
    await saveRegion(ui).getByRole('button', { name: 'Open Settings' }).click();
    await ui.getByRole('heading', { name: 'Settings' }).first().waitFor();
    await saveBuilderKeyAsync(ui, demoKey);
    await tab(ui, 'Templates').click();
    // The list reads with the new key; the save's refusal, said of the old key, is not beside it.
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => saveRegion(ui).getByRole('alert').count(), { timeout: 10_000 }).toBe(0);
    expect(await ui.getByText('The builder API key was not accepted').count()).toBe(0);
    expect(await ui.getByLabel('Template name').inputValue()).toBe('Typed name');
    await checkAxeAsync(ui, 'Templates after the key was fixed');
  });

  it('a name typed for a frame stays when the frame is renamed on the canvas and selected again', async () => {
    const ui = await openWithEmailAsync();
    await ui.getByLabel('Template name').fill('Typed name');
    await ui.getByLabel('Description (optional)').fill('Typed description');
    // Renamed with the playground's edit controls (the canvas), then another frame and this one again.
    const select = h.page.locator('[data-role="component-select"]');
    await select.selectOption((await select.locator('option', { hasText: `${EMAIL} (frame)` }).getAttribute('value'))!);
    await h.page.locator('[data-role="rename-input"]').fill('Spring sale, renamed');
    await h.page.locator('[data-action="rename"]').click();
    await selectLayerAsync(h.page, 'Cover', 'Cover');
    await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe('Cover');
    await selectLayerAsync(h.page, 'Emails', 'Spring sale, renamed');
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toContain('Spring sale, renamed');
    expect(await ui.getByLabel('Template name').inputValue()).toBe('Typed name');
    expect(await ui.getByLabel('Description (optional)').inputValue()).toBe('Typed description');
  });

  it('a frame renamed on the canvas while selected is shown by its new name at once, nothing typed being its name', async () => {
    const ui = await openWithEmailAsync();
    const select = h.page.locator('[data-role="component-select"]');
    await select.selectOption((await select.locator('option', { hasText: `${EMAIL} (frame)` }).getAttribute('value'))!);
    await h.page.locator('[data-role="rename-input"]').fill('Spring sale, final');
    await h.page.locator('[data-action="rename"]').click();
    // No other layer selected in between: Figma fires no selectionchange for a rename.
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toContain('Spring sale, final');
    expect(await ui.getByLabel('Template name').inputValue()).toBe('Spring sale, final');
  });
});
