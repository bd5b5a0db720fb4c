// The builder's address moved to another host, Save asked for the key again, then the designer
// typed (or pasted) the saved address back instead of pressing Escape: the saved key does the job
// again, as after Escape (settings.test.ts), and nothing asks for a new key.
import { beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let state: EmulatorDemoState;

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
  await h.openFreshAsync();
});

describe('the builder’s address typed back after Save asked for the key again', () => {
  it('drops the request for a new key, and Save keeps the saved one (it went on saying “The address changed…”, then “Paste the new key”)', async () => {
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Email builder' });
    const address = section.getByRole('textbox', { name: 'API address' });
    await address.fill(h.emulator.builderUrl);
    await section.getByRole('textbox', { name: 'Builder API key' }).fill(state.builder.keys.demo);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.builder.keys.demo));

    await address.fill('http://localhost:1');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-error')), { timeout: 10_000 }).toContain('paste the key again');
    // Typed back, with a trailing slash as an address is often copied.
    await address.fill(`${h.emulator.builderUrl}/`);
    await expect.poll(() => section.getByRole('textbox', { name: 'Builder API key' }).count()).toBe(0);
    expect(await ui.getByTestId('settings-builder-key-error').count()).toBe(0);
    expect(await textOf(ui.getByTestId('settings-builder-key-hint'))).toBe(maskKey(state.builder.keys.demo));
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).toBe('Email builder address saved; the saved key is unchanged.');
  });
});
