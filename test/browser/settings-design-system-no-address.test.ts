// A design-system id saved with a builder key but the builder's address still the built-in
// placeholder: no check of the id can be made, by Settings or by Sync, until the address is
// entered. Said so, not as a passing trouble ("just now … Sync checks it when it compares").
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.openFreshAsync();
});

describe('a design-system id saved while the builder’s address is missing', () => {
  it('says the id is checked once the address is saved (it said Envelope could not check it “just now” and Sync would)', async () => {
    const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
    const ui = await openSettingsAsync(h);
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('textbox', { name: 'Builder API key' }).fill(state.builder.keys.demo);
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 10_000 }).toMatch(/^Email builder key saved/);

    const section = ui.getByRole('region', { name: 'Design system for this file' });
    await section.getByRole('textbox', { name: 'Design system id' }).fill('ds_empty');
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect
      .poll(() => textOf(section.getByRole('status')), { timeout: 15_000 })
      .toBe('This file now syncs to design system “ds_empty”. Collaborators see the same setting. The id is checked with the builder once the email builder’s address is saved.');
  });
});
