// Templates: a save whose answer was lost, then the template it made linked to the frame. The
// builder made the template and the connection dropped before its answer: Envelope said it may
// have been made and read the list again, but the designer could only save again (a second
// template) or leave the frame unlinked (no Update template, no relaunch button). Now the save
// section names the template in the list with the name that was sent and offers to link the frame
// to it; the sandbox links only when that template holds the frame's content as it is now.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { builderAsync, selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();

const saveRegion = (ui: Frame) => ui.getByRole('region', { name: 'Save selection as template' });
const templateList = (ui: Frame) => ui.getByRole('list', { name: 'Templates in the workspace' });
const itemNamed = (ui: Frame, name: string) => templateList(ui).getByRole('listitem').filter({ has: ui.getByText(name, { exact: true }) });

/** The email frame's stored link (plugin data) and relaunch buttons, read from the fake document. */
const emailFrameAsync = () =>
  evaluateHooks(
    h.page,
    (hooks, name) => {
      const inspect = hooks.inspect();
      const frame = inspect.allNodes().find((node) => node.type === 'FRAME' && node.name === name) as FrameNode;
      return inspect.run(() => ({ link: frame.getPluginData('templateLink'), relaunch: inspect.relaunchButtons(frame).map((button) => button.command) }));
    },
    DEMO_EMAIL_NAME,
  );
const templatesNamedAsync = async (name: string) => (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.filter((template) => template.name === name).length;

describe('Templates: linking the frame to the template a lost save made', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`the answer is dropped, the list shows the template, and the frame is linked to it, not saved twice (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      await templateList(ui).waitFor({ timeout: 20_000 });
      await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
      await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(DEMO_EMAIL_NAME);
      await ui.getByLabel('Template name').fill('Spring sale');

      // Seed 7 draws a fault for the first request (the save, which the builder makes before its
      // answer is dropped) and not for the next (the list read again).
      expect((await emailFrameAsync()).link).toBe('');
      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 0.5, kinds: ['drop'], seed: 7 });
      await saveRegion(ui).getByRole('button', { name: 'Save as template' }).click();
      await expect.poll(() => textOf(saveRegion(ui).getByRole('alert')), { timeout: 60_000 }).toContain('so the template may have been made anyway');
      await faults.clearAsync();
      await itemNamed(ui, 'Spring sale').waitFor({ timeout: 20_000 });
      expect(await templatesNamedAsync('Spring sale')).toBe(1);

      // The save section names it and offers the link.
      const link = saveRegion(ui).getByRole('button', { name: 'Link this frame to “Spring sale”' });
      await link.waitFor({ timeout: 20_000 });
      expect(await textOf(ui.getByTestId('templates-lost-save'))).toContain('The list has a template named “Spring sale” that no frame here is linked to.');
      await checkAxeAsync(ui, `Templates, a lost save's template offered to link, ${theme}`);

      await link.click();
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 20_000 }).toBe(`Linked “${DEMO_EMAIL_NAME}” to “Spring sale”.`);
      await saveRegion(ui).getByRole('button', { name: 'Update template' }).waitFor();
      expect(await textOf(ui.getByTestId('templates-selection'))).toContain('is linked to the template “Spring sale”');
      // Figma shows the frame's relaunch button, and the list names the frame on the template's row.
      await h.page.locator('[data-role="relaunch-buttons"] button', { hasText: 'Update template' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => textOf(itemNamed(ui, 'Spring sale')), { timeout: 20_000 }).toContain(`Linked to the frame “${DEMO_EMAIL_NAME}”`);
      expect(await saveRegion(ui).getByRole('button', { name: /^Link this frame/ }).count()).toBe(0);
      const stored = (await builderAsync<Array<{ id: string; name: string; updated_at: string }>>(h, '/templates')).data.filter((template) => template.name === 'Spring sale');
      expect(stored).toHaveLength(1);
      const frame = await emailFrameAsync();
      expect(JSON.parse(frame.link)).toMatchObject({ templateId: stored[0]!.id, templateName: 'Spring sale', savedAt: stored[0]!.updated_at });
      expect(frame.relaunch).toEqual(['update-template']);
      await checkAxeAsync(ui, `Templates, the lost save's template linked, ${theme}`);

      // Updating now sends nothing: the builder holds this frame's content already.
      await saveRegion(ui).getByRole('button', { name: 'Update template' }).click();
      await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 20_000 }).toBe(`Nothing to update: “${DEMO_EMAIL_NAME}” is as it was when last saved.`);
      expect(await templatesNamedAsync('Spring sale')).toBe(1);
    }, 120_000);
  }

  it('for a frame copied from another file, the template it was saved as there is not offered: linking to it is refused (light)', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await templateList(ui).waitFor({ timeout: 20_000 });
    // Set-up: the other file's template, and the frame as Figma pastes it, its link (plugin data) naming that file.
    const theirs = (await builderAsync<{ id: string; updated_at: string }>(h, '/templates', 'POST', { name: 'Spring sale' })).data;
    const pasted = JSON.stringify({ v: 1, templateId: theirs.id, templateName: 'Spring sale', hash: '1:pasted', savedAt: theirs.updated_at, fileId: 'file_theotherfile0000' });
    await evaluateHooks(
      h.page,
      (hooks, [name, link]) => {
        const inspect = hooks.inspect();
        const frame = inspect.allNodes().find((node) => node.type === 'FRAME' && node.name === name) as FrameNode;
        inspect.run(() => frame.setPluginData('templateLink', link));
      },
      [DEMO_EMAIL_NAME, pasted] as const,
    );
    await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
    await expect.poll(() => textOf(ui.getByTestId('templates-selection')), { timeout: 20_000 }).toContain('was copied from another file');
    await ui.getByLabel('Template name').fill('Spring sale');

    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 0.5, kinds: ['drop'], seed: 7 });
    await saveRegion(ui).getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(saveRegion(ui).getByRole('alert')), { timeout: 60_000 }).toContain('so the template may have been made anyway');
    await faults.clearAsync();
    await expect.poll(() => templateList(ui).getByText('Spring sale', { exact: true }).count(), { timeout: 20_000 }).toBe(2);

    // One offered, this save's: not “2 templates”, each press of the other's refused.
    await expect.poll(() => textOf(ui.getByTestId('templates-lost-save')), { timeout: 20_000 }).toContain('The list has a template named “Spring sale” that no frame here is linked to.');
    await saveRegion(ui).getByRole('button', { name: 'Link this frame to “Spring sale”' }).click();
    await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 20_000 }).toBe(`Linked “${DEMO_EMAIL_NAME}” to “Spring sale”.`);
    const link = JSON.parse((await emailFrameAsync()).link) as { templateId: string };
    expect(link.templateId).not.toBe(theirs.id);
    expect((await builderAsync<Array<{ id: string; name: string }>>(h, '/templates')).data.some((template) => template.id === link.templateId && template.name === 'Spring sale')).toBe(true);
  }, 120_000);
});
