// The builder's address left as the built-in one (a `.example` stand-in no builder answers at),
// with a key and a design system saved: Sync and Templates say the address is missing, not that
// the designer's internet connection failed, and their Open Settings puts the keyboard in the
// builder's address field (it opened on the key). The real dist/ui.html in the playground, by
// roles, labels and visible text; the address reset as a person's Settings would hold it (no
// address saved: the stored entry removed).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

const MISSING = 'The email builder’s address is missing: enter it in Settings.';

/** The demo keys and design system, then the builder's saved address removed: the built-in one is used. */
async function openWithoutBuilderAddressAsync(command: 'sync' | 'templates' | 'settings', theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?demo-keys=1&command=${command}&theme=${theme}`);
  await evaluateHooks(h.page, async (hooks) => {
    await hooks.fake().clientStorage.deleteAsync('envelope.builder.baseUrl');
    await hooks.relaunchAsync();
  });
  return readyUiAsync(h);
}

/** Open Settings, then the keyboard is in the builder's address field, which shows the stand-in. */
async function expectSettingsOnBuilderAddressAsync(ui: Frame): Promise<void> {
  const address = ui.getByTestId('settings-builder-base-url');
  await expect.poll(() => address.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
  expect(await address.inputValue()).toBe('https://app.templatebuilder.example');
  // Settings says the same of it, not that it is a usable default.
  expect(await ui.getByRole('region', { name: 'Email builder' }).getByText('A placeholder, not a real address: enter yours.').count()).toBe(1);
}

describe('the builder’s address left as the built-in stand-in', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Templates says the address is missing, and Open Settings puts the keyboard in the builder’s address field (${theme})`, async () => {
      const ui = await openWithoutBuilderAddressAsync('templates', theme);
      const list = ui.getByRole('region', { name: 'Templates in the workspace' });
      await expect.poll(() => textOf(list.getByRole('alert')), { timeout: 30_000 }).toBe(MISSING);
      expect(await ui.getByText(/internet connection|could not reach/).count()).toBe(0);
      await checkAxeAsync(ui, `Templates without a builder address, ${theme}`);
      await list.getByRole('button', { name: 'Open Settings' }).click();
      await expectSettingsOnBuilderAddressAsync(ui);
    });

    it(`Sync says the address is missing, and Open Settings puts the keyboard in the builder’s address field (${theme})`, async () => {
      const ui = await openWithoutBuilderAddressAsync('sync', theme);
      const failure = ui.getByTestId('sync-error');
      await expect.poll(() => textOf(failure), { timeout: 30_000 }).toBe(`The comparison did not finish: ${MISSING}`);
      expect(await ui.getByText(/internet connection|could not reach/).count()).toBe(0);
      await checkAxeAsync(ui, `Sync without a builder address, ${theme}`);
      await ui.getByRole('button', { name: 'Open Settings' }).click();
      await expectSettingsOnBuilderAddressAsync(ui);
    });
  }

  it('Settings’ Test connection says the address is missing (it said “Could not reach … Check the address above and your network connection”)', async () => {
    const ui = await openWithoutBuilderAddressAsync('settings', 'light');
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toBe('The email builder’s address is missing: enter it above, choose Save, then test again.');
    expect(await ui.getByText(/network connection|could not reach/i).count()).toBe(0);
    await checkAxeAsync(ui, 'Settings’ Test connection without a builder address');
  });

  it('Settings’ Test connection with neither the builder’s address nor its key asks for both (it asked for the key alone)', async () => {
    await openWithoutBuilderAddressAsync('settings', 'light');
    await evaluateHooks(h.page, async (hooks) => {
      await hooks.fake().clientStorage.deleteAsync('envelope.builder.apiKey');
      await hooks.relaunchAsync();
    });
    const ui = await readyUiAsync(h);
    await ui.getByRole('region', { name: 'Email builder' }).getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 })
      .toBe('The email builder’s address is missing and no builder API key is saved: enter both above, choose Save, then test again.');
    await checkAxeAsync(ui, 'Settings’ Test connection without a builder address or key');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`Sync without a key or a design system says the address is missing too, and Open Settings puts the keyboard in it (it named the key alone, and opened on it) (${theme})`, async () => {
      await h.openFirstVisitAsync(`?command=sync&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const notice = ui.getByTestId('sync-link-problem');
      await expect
        .poll(() => textOf(notice.locator('p')), { timeout: 15_000 })
        .toBe('Add your builder API key and choose the design system this file syncs to, both in Settings. The email builder’s address is missing too: enter it there first.');
      await checkAxeAsync(ui, `Sync without a builder address, key or design system, ${theme}`);
      await notice.getByRole('button', { name: 'Open Settings' }).click();
      await expectSettingsOnBuilderAddressAsync(ui);
    });
  }

  it('the welcome screen does not call Sync and Templates ready, and leads to the builder’s address (it said “Ready”)', async () => {
    const ui = await openWithoutBuilderAddressAsync('settings', 'light');
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    const sync = ui.getByRole('region', { name: 'Sync with your email builder' });
    await expect.poll(() => sync.textContent(), { timeout: 10_000 }).toContain('The email builder’s address is still missing: enter it in Settings.');
    expect(await ui.getByTestId('screen-start').getByText(/Ready/).count()).toBe(0);
    expect(await textOf(ui.getByRole('region', { name: 'Save frames as email templates' }).locator('p.muted'))).toBe('Your builder API key is saved. The email builder’s address is still missing: enter it in Settings.');
    await checkAxeAsync(ui, 'the welcome screen without a builder address');
    await sync.getByRole('button', { name: 'Enter the builder’s address' }).click();
    await expectSettingsOnBuilderAddressAsync(ui);
  });
  // The first run as Settings leads it: the key pasted over the stand-in, saved ("The address is
  // still missing … Enter yours above, then choose Save"), and Sync's Open Settings went to the
  // design system, not the address its notice asked for first. Then that Save was refused: "paste
  // the key again so it is sent to the new host", though the stand-in had never been sent anything.
  for (const theme of ['light', 'dark'] as const) {
    it(`a key saved before the address: Sync leads to the address, and the address saved then takes the key (${theme})`, async () => {
      await h.openFirstVisitAsync(`?command=settings&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
      const builder = ui.getByRole('region', { name: 'Email builder' });
      await builder.getByRole('textbox', { name: 'Builder API key' }).fill(state.builder.keys.demo);
      await builder.getByRole('button', { name: 'Save' }).click();
      const result = ui.getByTestId('settings-builder-result');
      await expect.poll(() => textOf(result), { timeout: 10_000 }).toMatch(/^Email builder key saved, shown as .*\. The address is still missing: /);

      await ui.getByRole('button', { name: 'Sync' }).first().click();
      const notice = ui.getByTestId('sync-link-problem');
      await expect.poll(() => textOf(notice.locator('p')), { timeout: 15_000 }).toMatch(/The email builder’s address is missing too: enter it there first\.$/);
      await notice.getByRole('button', { name: 'Open Settings' }).click();
      await expectSettingsOnBuilderAddressAsync(ui);

      await ui.getByTestId('settings-builder-base-url').fill(h.emulator.builderUrl);
      await builder.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => textOf(result), { timeout: 10_000 }).toBe('Email builder address saved; the saved key is unchanged.');
      expect(await ui.getByTestId('settings-builder-key-error').count()).toBe(0);
      await checkAxeAsync(ui, `Settings, the address saved after the key, ${theme}`);
      await builder.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => textOf(result), { timeout: 15_000 }).toMatch(/^Connected to the builder: /);
      // Stored on this computer, the two together.
      const stored = await evaluateHooks(h.page, async (hooks) => [await hooks.fake().figma.clientStorage.getAsync('envelope.builder.baseUrl'), await hooks.fake().figma.clientStorage.getAsync('envelope.builder.apiKey')]);
      expect(stored).toEqual([h.emulator.builderUrl, state.builder.keys.demo]);
    });
  }
});
