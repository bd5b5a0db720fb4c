// Settings checks the design-system id with the builder once it is saved, and says in words
// whether the builder knows it: an id the builder has never heard of was said to be saved, and
// the designer only found out in Sync. The id is still saved; a check that could not be made is
// not said as an unknown id.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { axeViolationsAsync } from './support/axe';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { evaluateHooks, openSettingsAsync, useHarness, textNowAsync, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';

const h = useHarness();
let builderKey: string;

beforeAll(async () => {
  const response = await fetch(`${h.emulator.libraryUrl}/_emulator/state`);
  builderKey = parseEmulatorState(await response.json()).builder.keys.demo;
});

const storedId = () => evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => hooks.inspect().root.getSharedPluginData('envelope', 'designSystemId')));

/** A fresh file and storage, Settings open, the builder's address and key saved as a person does. */
async function settingsWithBuilderKeyAsync(theme: 'light' | 'dark' = 'light') {
  await h.openFreshAsync(`?theme=${theme}`);
  const ui = await openSettingsAsync(h);
  const builder = ui.getByRole('region', { name: 'Email builder' });
  await builder.getByRole('textbox', { name: 'API address' }).fill(h.emulator.builderUrl);
  await builder.getByLabel('Builder API key', { exact: true }).fill(builderKey);
  await builder.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 10_000 }).toMatch(/^Email builder settings saved\./);
  const section = ui.getByRole('region', { name: 'Design system for this file' });
  return { ui, section, field: section.getByRole('textbox', { name: 'Design system id' }), save: section.getByRole('button', { name: 'Save for this file' }) };
}

describe('saving a design-system id with a builder key saved', () => {
  it.each(['light', 'dark'] as const)('says the builder has no design system with an unknown id, and saves it all the same (%s theme)', async (theme) => {
    const { ui, section, field, save } = await settingsWithBuilderKeyAsync(theme);
    await field.fill('ds_nope');
    await save.click();
    await expect
      .poll(() => textOf(section.getByRole('status')), { timeout: 15_000 })
      .toMatch(/^This file now syncs to design system “ds_nope”\. .*The builder has no design system with this id in your key’s workspace\./);
    expect(await storedId()).toBe('ds_nope');
    expect(await field.inputValue()).toBe('ds_nope');
    expect(await axeViolationsAsync(ui)).toEqual([]);

    // Corrected: the builder knows it.
    await field.fill('ds_demo');
    await save.click();
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 15_000 }).toMatch(/^This file now syncs to design system “ds_demo”\. .*The builder knows this design system\.$/);
    expect(await storedId()).toBe('ds_demo');
  });

  it('does not call the id unknown when the builder cannot be asked just now', async () => {
    const faults = emulatorFaults(h.emulator);
    const { section, field, save } = await settingsWithBuilderKeyAsync();
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await field.fill('ds_nope');
      await save.click();
      await expect.poll(() => textOf(section.getByRole('status')), { timeout: 30_000 }).toMatch(/Envelope could not check the id with the builder just now/);
      expect(await textNowAsync(section.getByRole('status'))).not.toMatch(/no design system with this id/);
      expect(await storedId()).toBe('ds_nope');
    } finally {
      await faults.clearAsync();
    }
  });

  it('says the id was saved but not checked when the plugin does not answer the check (it said only "saved")', async () => {
    const { ui, section, field, save } = await settingsWithBuilderKeyAsync();
    // The plugin takes the save, then is busy: the check it is asked next gets no answer.
    await evaluateHooks(h.page, (hooks) =>
      hooks.tamperWithUiMessages((message) => {
        if ((message as { type?: string }).type === 'settings/set-design-system') hooks.freezeSandbox(true);
        return message;
      }),
    );
    try {
      await field.fill('ds_demo');
      await save.click();
      await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toMatch(/Checking it with the builder/);
      // The screen's own limit is 30 s.
      await expect
        .poll(() => textOf(section.getByRole('status')), { timeout: 40_000 })
        .toMatch(/^This file now syncs to design system “ds_demo”\. .*Envelope could not check the id with the builder just now/);
      expect(await storedId()).toBe('ds_demo');
      expect(await axeViolationsAsync(ui)).toEqual([]);
    } finally {
      await evaluateHooks(h.page, (hooks) => {
        hooks.tamperWithUiMessages(null);
        hooks.freezeSandbox(false);
      });
    }
  });
});

// Refused for hours, the check said "the builder asked Envelope to slow down for 2 hours", which
// stays on the screen: a designer coming back later still read "for 2 hours", no longer true. It
// names the clock time the wait ends, as Test connection does.
describe('saving a design-system id while the builder is refused for hours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the id is saved, not checked, and after what time to try again (${theme})`, async () => {
      const faults = emulatorFaults(h.emulator);
      const { context, page } = await openPlaygroundWithClockAsync(h, `?command=settings&theme=${theme}&demo-keys=1`);
      try {
        const ui = await pluginWindowAsync(page);
        const section = ui.getByRole('region', { name: 'Design system for this file' });
        const field = section.getByRole('textbox', { name: 'Design system id' });
        await field.waitFor({ timeout: 20_000 });
        // The page's clock at 12:05 on a Tuesday (this machine's time zone, as the window's).
        await context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
        await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
        await field.fill('ds_nope');
        await section.getByRole('button', { name: 'Save for this file' }).click();
        await expect
          .poll(() => textOf(section.getByRole('status')), { timeout: 20_000 })
          .toMatch(
            /^This file now syncs to design system “ds_nope”\. .*Envelope could not check the id with the builder just now: the builder asked Envelope to slow down\. Sync checks it when it compares\. You can try again after 14:0[56], in about 2 hours\.$/,
          );
        await checkAxeAsync(ui, `Settings, the design-system check refused for hours, ${theme}`);
      } finally {
        await faults.clearAsync();
        await context.close();
      }
    }, 90_000);
  }
});
