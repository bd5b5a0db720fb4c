// Templates: Save as template at a builder address that sends a web page, or that does not answer.
// Both were said as "the builder’s answer … was lost, so the template may have been made anyway",
// with no way to Settings. A web page means the address reaches something other than the builder:
// no template was made, and the words now say so, with Open Settings and no "look for it" warning.
// No answer cannot be told from an answer dropped after the builder made the template (Figma's
// fetch fails alike): the warning stays, true as the emulator shows. The address had just answered
// (the list was read from it), so the words name the connection, not the address, and Settings is
// not offered (it was: a wrong lead; an address that never answered is still said, template-errors tests).
// The web page is the emulator's "html" fault (a sign-in page in place of every answer of the
// builder's address): the save reaches the emulator, which makes nothing, as its list then shows.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';
import { builderAsync, openSettingsOnBuilderAddressAsync, selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();

const saveRegion = (ui: Frame) => ui.getByRole('region', { name: 'Save selection as template' });

/** Templates fresh with the demo keys, the email frame selected and "Spring sale" typed as its name. */
async function openWithEmailAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
  await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
  await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(DEMO_EMAIL_NAME);
  await ui.getByLabel('Template name').fill('Spring sale');
  return ui;
}

const templateNamesAsync = async () => (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name);

describe('Templates: a save at an address that sends a web page or does not answer', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`a web page: not saved, said plainly, with Open Settings on the builder’s address (${theme})`, async () => {
      const ui = await openWithEmailAsync(theme);
      // From here the builder's address answers with a web page (a sign-in page, another site).
      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 1, kinds: ['html'] });
      await saveRegion(ui).getByRole('button', { name: 'Save as template' }).click();
      await expect
        .poll(() => textOf(saveRegion(ui).getByRole('alert')), { timeout: 20_000 })
        .toBe('“Spring sale” was not saved: the email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.');
      expect(await textOf(saveRegion(ui))).not.toContain('Look for it');
      await checkAxeAsync(ui, `Templates, a save answered with a web page, ${theme}`);
      await openSettingsOnBuilderAddressAsync(h, ui, saveRegion(ui));
      await faults.clearAsync();
      // The emulator was asked and made nothing: the words are true.
      expect(await templateNamesAsync()).not.toContain('Spring sale');
    });
  }

  it('no answer after the list was read there: it may have been made (and was), said with the connection, not the address', async () => {
    const ui = await openWithEmailAsync('light');
    // The builder makes the template, and the connection drops before its answer.
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['drop'] });
    await saveRegion(ui).getByRole('button', { name: 'Save as template' }).click();
    const lost = 'The builder’s answer to saving “Spring sale” was lost (check the connection), so the template may have been made anyway.';
    await expect.poll(async () => (await textOf(saveRegion(ui).getByRole('alert')))?.startsWith(lost), { timeout: 60_000 }).toBe(true);
    // The list read again after the save loses its answers too, and says so: "look in the list
    // below" is said for when it loads again (it said to look in a list that showed only its error).
    const listRegion = ui.getByRole('region', { name: 'Templates in the workspace' });
    await listRegion.getByRole('alert').waitFor({ timeout: 90_000 });
    expect(await textOf(saveRegion(ui).getByRole('alert'))).toBe(`${lost} Look for it in the list below once the list loads again, before saving again, so that it is not made twice.`);
    await checkAxeAsync(ui, 'Templates, a save and the list with no answer');
    await faults.clearAsync();
    // It was made, once: the warning is true.
    expect((await templateNamesAsync()).filter((name) => name === 'Spring sale')).toHaveLength(1);
    expect(await saveRegion(ui).getByRole('button', { name: 'Open Settings' }).count()).toBe(0);

    // The list loads again: there it is, offered to link the frame to, and the words say to look there.
    await listRegion.getByRole('button', { name: 'Try again' }).click();
    await saveRegion(ui).getByRole('button', { name: 'Link this frame to “Spring sale”' }).waitFor({ timeout: 30_000 });
    expect(await textOf(saveRegion(ui).getByRole('alert'))).toBe(`${lost} Look for it in the list below before saving again, so that it is not made twice.`);
    await checkAxeAsync(ui, 'Templates, a save with no answer at an address that answered before');
  }, 180_000);
});
